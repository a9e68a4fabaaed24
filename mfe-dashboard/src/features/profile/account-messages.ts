import { sentence } from '@toolkit/data';
import { MESSAGES } from '@toolkit/domain';

/** The identity provider's default password policy: we ask for nothing stricter. */
export const MIN_PASSWORD_LENGTH = 6;

// Firebase Auth reports failures as "Firebase: <text> (auth/<code>)."; the known codes get
// wording a person can act on, anything else keeps the provider's own text.
const REASONS: Record<string, string> = {
  'requires-recent-login':
    'for your security this needs a recent sign-in. Please sign out, sign in again and then try again.',
  'weak-password': `the password is too weak. Use at least ${MIN_PASSWORD_LENGTH} characters.`,
  'network-request-failed': 'the sign-in service could not be reached. Check your connection and try again.',
  'too-many-requests': 'there have been too many attempts. Please wait a few minutes and try again.',
  'user-token-expired': 'your session has ended. Please sign in again.',
  'invalid-user-token': 'your session has ended. Please sign in again.',
  'user-disabled': 'this account has been disabled. Please contact your organisation’s administrator.',
  'user-not-found': 'there is no account with this e-mail address.',
  'invalid-email': 'the e-mail address is not valid.',
};

/**
 * An identity-provider failure (AuthOutcome.message) in words: "We couldn't <doing>: <reason>".
 * `doing` completes "We couldn't …", e.g. "change your password".
 */
export function describeAccountFailure(message: string, doing: string): string {
  const code = /\(auth\/([a-z-]+)\)/.exec(message)?.[1];
  if (code && REASONS[code]) return `We couldn't ${doing}: ${REASONS[code]}`;
  if (message === MESSAGES.noUserLoggedIn) return `We couldn't ${doing}: ${REASONS['user-token-expired']}`;
  const text = message
    .replace(/^Firebase:\s*/, '')
    .replace(/\s*\(auth\/[a-z-]+\)\.?$/, '')
    .trim();
  return text === '' || text === 'Error'
    ? `We couldn't ${doing}. Please try again.`
    : `We couldn't ${doing}: ${sentence(text)}`;
}
