// Why the person was signed out when the app did it for them (a session the server has ended), said
// on the page they land on; gone once they sign in again (a new session clears it).
import { selectAuthError, useAppSelector } from '@toolkit/store-contract';
import { Notice } from '@toolkit/ui';

export function AuthErrorNotice() {
  const error = useAppSelector(selectAuthError);
  return error ? <Notice key={error}>{error}</Notice> : null;
}
