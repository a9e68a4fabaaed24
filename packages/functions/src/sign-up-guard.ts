// Identity Platform's blocking function before an account is made (`refusePasswordSignUp`). Accounts
// come from an e-mail sign-in link (which proves the address), an anonymous respondent's session, or
// the functions themselves (firebase-admin, which runs no blocking function). A browser signing up
// with an e-mail and a password proves nothing about the address, so it is refused before the
// account exists: nobody can hold an account in someone else's name waiting for their invite.
import { beforeUserCreated, HttpsError, type AuthBlockingEvent } from 'firebase-functions/v2/identity';
import { FUNCTIONS_REGION } from '@toolkit/domain';
import { FUNCTION_MEMORY } from './callables';

/** Identity Platform names the sign-in method at the end of the event type, e.g. `…beforeCreate:password`. */
const isPasswordSignUp = (event: Pick<AuthBlockingEvent, 'eventType'>) =>
  event.eventType.endsWith(':password');

export const PASSWORD_SIGN_UP_REFUSED =
  'Sign up with the link we e-mail you: accounts are not created with a password.';

export function guardSignUp(event: Pick<AuthBlockingEvent, 'eventType'>): void {
  if (isPasswordSignUp(event)) throw new HttpsError('permission-denied', PASSWORD_SIGN_UP_REFUSED);
}

export const refusePasswordSignUp = beforeUserCreated(
  { region: FUNCTIONS_REGION, memory: FUNCTION_MEMORY },
  guardSignUp,
);
