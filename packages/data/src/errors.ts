import { toQueryError } from './base-query';

/** The text ending in a full stop unless it already ends a sentence. */
export const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * A failed request in words for the screen: what we could not do and, where it helps, why; never
 * a raw code. `doing` completes "We couldn't …", e.g. "save your details".
 */
export function describeError(error: unknown, doing: string): string {
  const { code, message, hasServerMessage } = toQueryError(error);
  switch (code) {
    case 'unavailable':
    case 'deadline-exceeded':
      return `We couldn't ${doing} because the server did not answer. Check your connection and try again.`;
    case 'unauthenticated':
      return `We couldn't ${doing} because your session has ended. Please sign in again.`;
    case 'permission-denied':
      return `We couldn't ${doing}: your account no longer has permission to do this.`;
    default:
      if (hasServerMessage) return `We couldn't ${doing}: ${sentence(message)}`;
      return `We couldn't ${doing}. Please try again.`;
  }
}

export function isPermissionDenied(error: unknown): boolean {
  return error !== undefined && error !== null && toQueryError(error).code === 'permission-denied';
}
