// The first time the server sees an account's address proven, credentials from before that moment
// end: whoever registered the address with a password, without access to its inbox, loses it.
import type { ServerDeps } from '../api/handler';
import { paths } from '../repositories/paths';
import { readGlobalUser } from '../repositories/users';
import { FieldValue, type StoreTransaction } from '../store/port';

/** Whether the server has already recorded a proof of this account's address. */
export async function addressProven(reader: Pick<StoreTransaction, 'get'>, uid: string): Promise<boolean> {
  return Boolean((await readGlobalUser(reader, uid))?.addressProvenAt);
}

/**
 * Records the proof once; the first time, ends the account's earlier credentials and sessions and
 * answers true, so the caller can hand the proving browser a fresh session.
 */
export async function recordAddressProof(deps: ServerDeps, uid: string): Promise<boolean> {
  if (await addressProven(deps.store, uid)) return false;
  await deps.auth.endUnprovenCredentials(uid);
  await deps.store.set(
    paths.globalUser(uid),
    { addressProvenAt: FieldValue.serverTimestamp() },
    { merge: true },
  );
  return true;
}
