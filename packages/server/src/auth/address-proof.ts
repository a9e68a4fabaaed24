// The server records when it sees an account's address proven, and how: through the account's own
// inbox (an e-mail link sign-in) or through an invite link. An invite link can be forwarded or leak,
// so a proof through it is not the last word: the first proof through the inbox after it, like the
// first proof of all, ends every credential and session from before (a password someone registered
// without the inbox, a session opened with someone else's invite link).
import type { Caller, ServerDeps } from '../api/handler';
import { readGlobalUser, recordAddressProven } from '../repositories/users';
import type { StoreTransaction } from '../store/port';
import { signedInByEmail } from './email-sign-in';

/** Whether the server has already recorded a proof of this account's address. */
export async function addressProven(reader: Pick<StoreTransaction, 'get'>, uid: string): Promise<boolean> {
  return Boolean((await readGlobalUser(reader, uid))?.addressProvenAt);
}

/**
 * Records the proof; the first time, and the first time through the inbox, ends the account's earlier
 * credentials and sessions and answers true, so the caller can hand the proving browser a fresh session.
 */
export async function recordAddressProof(
  deps: ServerDeps,
  caller: Pick<Caller, 'uid' | 'signInProvider' | 'claims'>,
): Promise<boolean> {
  const user = await readGlobalUser(deps.store, caller.uid);
  const byInbox = signedInByEmail(caller);
  if (user?.addressProvenAt && (user.addressProof === 'inbox' || !byInbox)) return false;
  await deps.auth.endUnprovenCredentials(caller.uid);
  await recordAddressProven(deps.store, caller.uid, { first: !user?.addressProvenAt, byInbox });
  return true;
}
