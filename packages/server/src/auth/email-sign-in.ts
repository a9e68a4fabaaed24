// Whether a session came from the address's own inbox. An e-mail link signs in with the provider
// 'password'. A custom token ('custom') is minted by the server, an invite link's too, and whoever
// holds an invite link (forwarded, leaked) is not always its addressee; of those, only the session
// account-completeSignup renews after an e-mail link sign-in carries EMAIL_SIGN_IN_CLAIM.
import type { Caller } from '../api/handler';

export const EMAIL_SIGN_IN_CLAIM = 'emailSignIn';

export function signedInByEmail(caller: Pick<Caller, 'signInProvider' | 'claims'>): boolean {
  if (caller.signInProvider === 'password') return true;
  return caller.signInProvider === 'custom' && caller.claims[EMAIL_SIGN_IN_CLAIM] === true;
}
