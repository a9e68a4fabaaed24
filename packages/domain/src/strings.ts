// What an id and a stored text may contain. Plain functions, without zod, so that the server's
// path builders and any browser code can share the rules of the request schemas (./requests).

/**
 * The store's id alphabet: Firestore auto ids and `newId()` (20 alphanumerics), Auth uids
 * (28 alphanumerics) and the seed content's kebab-case ids all fit; '/' and '.' never do, so an
 * id cannot name another document.
 */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
/** Firestore reserves ids such as `__name__`. */
const RESERVED_ID = /^__.*__$/;

export const ID_MESSAGES = {
  alphabet: 'must be 1 to 128 letters, digits, hyphens or underscores',
  reserved: 'must not start and end with "__"',
} as const;

/** Why `value` is not a valid id, or null when it is one. */
export function idProblem(value: string): string | null {
  if (!ID_PATTERN.test(value)) return ID_MESSAGES.alphabet;
  if (RESERVED_ID.test(value)) return ID_MESSAGES.reserved;
  return null;
}

// C0, DEL and C1 (\p{Cc}); a multi-line text may keep tabs and line breaks.
const CONTROL = /\p{Cc}/u;
const CONTROL_EXCEPT_LINE_BREAKS = /[^\P{Cc}\t\n\r]/u;
// In a `u` regex a surrogate pair is one code point; only a lone surrogate is \p{Cs}.
const LONE_SURROGATE = /\p{Cs}/u;

export const TEXT_MESSAGES = {
  control: 'must not contain control characters',
  surrogate: 'must not contain unpaired surrogates (broken Unicode)',
} as const;

// What no stored string may hold, whatever its field: PGlite's jsonb refuses NUL and lone
// surrogates, and Firestore cannot encode the second.
const UNSTORABLE = /\0|\p{Cs}/u;

/** Whether the store can keep `value` at all (request texts are held to textProblem's stricter rule). */
export const isStorable = (value: string): boolean => !UNSTORABLE.test(value);

/** Why `value` is not storable text, or null when it is. Single-line unless `multiline`. */
export function textProblem(value: string, { multiline = false } = {}): string | null {
  if ((multiline ? CONTROL_EXCEPT_LINE_BREAKS : CONTROL).test(value)) return TEXT_MESSAGES.control;
  if (LONE_SURROGATE.test(value)) return TEXT_MESSAGES.surrogate;
  return null;
}

// The URL parser also takes `http:example.com` and `https:/path`; a configured or typed address
// that means a site has the `//`.
const HTTP_URL_START = /^https?:\/\//i;

/** `value` as an absolute http(s) URL, or null when it is not one. */
export function httpUrlOf(value: string): URL | null {
  if (!HTTP_URL_START.test(value)) return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}
