// The session the Firebase SDK keeps on the device (its local-storage persistence), read without
// the SDK: a signed-in area's page then asks its first reads with the kept ID token at once, instead
// of after downloading the SDK (27 KB) and its call that checks the user with the identity provider
// again. Nothing read here is trusted: the server checks the token on every call, and the SDK, opened
// once the page is idle, takes over the session (and signs out one the provider no longer knows).
import type { AuthClaims } from '@toolkit/domain';
import type { AuthUser } from '@toolkit/store-contract';
import { tokenPayload } from './token-payload';

/** The SDK's key for the default app's user. */
const USER_KEY = /^firebase:authUser:(.+):\[DEFAULT\]$/;

/**
 * How long a kept token must still be good to be used without the SDK: the first screen and a few
 * taps after it, long before the SDK, opened on the first idle moment, refreshes it.
 */
export const STORED_TOKEN_MARGIN_MS = 5 * 60_000;

export interface StoredSession {
  user: AuthUser;
  claims: AuthClaims;
  idToken: string;
  /** Epoch ms when the ID token expires. */
  expiresAt: number;
}

const stringOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function storedUser(value: string | null, now: number): StoredSession | null {
  let user: unknown;
  try {
    user = JSON.parse(value ?? 'null');
  } catch {
    return null;
  }
  if (typeof user !== 'object' || user === null) return null;
  const { uid, isAnonymous, stsTokenManager } = user as Record<string, unknown>;
  // An anonymous respondent's pages never wait for the session.
  if (typeof uid !== 'string' || !uid || isAnonymous !== false) return null;
  const tokens = (stsTokenManager ?? {}) as Record<string, unknown>;
  const { accessToken, expirationTime } = tokens;
  if (typeof accessToken !== 'string' || typeof expirationTime !== 'number') return null;
  if (expirationTime - now < STORED_TOKEN_MARGIN_MS) return null;
  const claims = tokenPayload(accessToken);
  if (!claims || (claims.user_id ?? claims.sub) !== uid) return null;
  const fields = user as Record<string, unknown>;
  return {
    user: {
      uid,
      email: stringOrNull(fields.email),
      displayName: stringOrNull(fields.displayName),
      emailVerified: fields.emailVerified === true,
      isAnonymous: false,
      tenantId: stringOrNull(fields.tenantId),
    },
    claims: claims as AuthClaims,
    idToken: accessToken,
    expiresAt: expirationTime,
  };
}

/**
 * The signed-in (not anonymous) user the SDK kept in `storage`, with an ID token good for at least
 * STORED_TOKEN_MARGIN_MS more at `now`; null otherwise. `apiKey` picks the project's entry; without
 * it (the early slide, before the runtime configuration is in) any project's entry counts.
 */
export function storedSession(storage: Storage | null, now: number, apiKey?: string): StoredSession | null {
  if (!storage) return null;
  try {
    if (apiKey) return storedUser(storage.getItem(`firebase:authUser:${apiKey}:[DEFAULT]`), now);
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      const found = key && USER_KEY.test(key) ? storedUser(storage.getItem(key), now) : null;
      if (found) return found;
    }
  } catch {
    // Storage the browser refuses to open holds nothing usable.
  }
  return null;
}
