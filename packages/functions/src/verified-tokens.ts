// Against the Auth emulator, firebase-admin's verifyIdToken reads the user's record on every call
// (is the user disabled, were the tokens revoked), a check it makes in production only when asked
// (checkRevoked). On the local host that is an HTTP round trip to the emulator per call, and at a
// thousand answer saves a second the emulator and the host spend more CPU on it than on the save.
// The host therefore remembers each token it has verified for a short while: the same token, byte
// for byte, is taken as verified again until the window or the token itself runs out. A user
// disabled in the emulator is refused within the window; Firebase in production, which does not
// check at all, keeps accepting such a token for up to its hour.
import type { Auth, DecodedIdToken } from 'firebase-admin/auth';

export interface RememberOptions {
  /** How long a verified token is taken as verified without asking again. */
  windowMs?: number;
  /** The most tokens remembered; the oldest is forgotten first. */
  maxTokens?: number;
  now?: () => number;
}

export const REMEMBER_WINDOW_MS = 30_000;
/** An ID token is about 1 KB and its claims as much again: some 10 MB at most. */
export const REMEMBERED_TOKENS = 5_000;

const wrapped = new WeakSet<Auth>();

/**
 * Makes `auth.verifyIdToken` remember the tokens it verified (only those: a refused token is asked
 * about again on its next use). A call with checkRevoked always asks. Wrapping the same Auth twice
 * does nothing.
 */
export function rememberVerifiedTokens(
  auth: Auth,
  { windowMs = REMEMBER_WINDOW_MS, maxTokens = REMEMBERED_TOKENS, now = Date.now }: RememberOptions = {},
): void {
  if (wrapped.has(auth)) return;
  wrapped.add(auth);
  const verify = auth.verifyIdToken.bind(auth);
  // A token being verified is remembered at once, so the saves a respondent sends while the first
  // check waits (a crowd arriving together queues at the emulator) share that check.
  const verified = new Map<string, { token: Promise<DecodedIdToken>; until: number }>();
  auth.verifyIdToken = (idToken, checkRevoked) => {
    if (checkRevoked) return verify(idToken, true);
    const known = verified.get(idToken);
    if (known && now() < known.until) return known.token;
    verified.delete(idToken);
    if (verified.size >= maxTokens) verified.delete(verified.keys().next().value as string);
    const entry = {
      token: verify(idToken).then((token) => {
        // Frozen: every caller of a remembered token is handed the same object.
        Object.freeze(token.firebase);
        return Object.freeze(token);
      }),
      until: Infinity,
    };
    verified.set(idToken, entry);
    entry.token.then(
      (token) => {
        entry.until = Math.min(now() + windowMs, token.exp * 1000);
      },
      () => {
        if (verified.get(idToken) === entry) verified.delete(idToken);
      },
    );
    return entry.token;
  };
}
