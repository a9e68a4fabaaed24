// The identity provider as the server sees it. The implementation is firebase-admin's Auth, which
// talks to the Auth emulator locally (FIREBASE_AUTH_EMULATOR_HOST) and to Firebase in production.
import { randomBytes } from 'node:crypto';
import type { Auth, UserRecord } from 'firebase-admin/auth';

export interface VerifiedToken {
  uid: string;
  email: string | null;
  /** The identity provider's word that the address was proven (an e-mail link, a verified sign-in). */
  emailVerified: boolean;
  isAnonymous: boolean;
  /**
   * How this session was signed in: 'password' for an e-mail link (or a password), 'custom' for a
   * session the server minted (an invite's), 'anonymous', … A custom session proves no inbox itself.
   */
  signInProvider: string;
  claims: Record<string, unknown>;
}

/** A decoded ID token as firebase-admin and onCall give it, in the router's terms. */
export function verifiedTokenOf(decoded: {
  uid: string;
  email?: string | undefined;
  email_verified?: boolean | undefined;
  firebase: { sign_in_provider: string };
  [claim: string]: unknown;
}): VerifiedToken {
  const { uid, email, email_verified, firebase, ...claims } = decoded;
  return {
    uid,
    email: email ?? null,
    emailVerified: email_verified === true,
    isAnonymous: firebase.sign_in_provider === 'anonymous',
    signInProvider: firebase.sign_in_provider,
    claims,
  };
}

export interface AuthUserRecord {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  customClaims: Record<string, unknown>;
}

export interface AuthPort {
  /** Rejects an invalid, expired or revoked token. */
  verifyIdToken(token: string): Promise<VerifiedToken>;
  getUser(uid: string): Promise<AuthUserRecord | null>;
  getUserByEmail(email: string): Promise<AuthUserRecord | null>;
  /** Creates a passwordless account for an address the server has seen proven (an invite link it sent). */
  createUser(email: string): Promise<AuthUserRecord>;
  /**
   * The address of this account has just been proven: it is marked verified, any password set before
   * is replaced by a random secret nobody holds, and every session issued so far ends, so a credential
   * someone registered with another person's address stops working.
   */
  endUnprovenCredentials(uid: string): Promise<void>;
  setCustomUserClaims(uid: string, claims: Record<string, unknown>): Promise<void>;
  createCustomToken(uid: string, claims?: Record<string, unknown>): Promise<string>;
  /** Deletes the account (its sessions end with it); one already gone is left alone. */
  deleteUser(uid: string): Promise<void>;
  /** Ends every session issued so far: the account must sign in again; one already gone is left alone. */
  revokeRefreshTokens(uid: string): Promise<void>;
  /**
   * Whether a session signed in at `authTime` (seconds, the token's auth_time) still stands: the
   * account exists, is enabled and has had no session revoked since, as verifyIdToken(token, true)
   * checks. One read of the account, which onCall's own check never makes.
   */
  sessionCurrent(uid: string, authTime: number): Promise<boolean>;
}

/**
 * Sets the claims {tenantId, role} on top of whatever else the user has, so sign-in state
 * survives, and drops permission overrides, which belonged to the old role; a user who does not
 * exist is left alone.
 */
export async function grantTenantClaims(auth: AuthPort, uid: string, tenantId: string, role: string) {
  const user = await auth.getUser(uid);
  if (!user) return;
  const { permissions: _dropped, ...kept } = user.customClaims;
  await auth.setCustomUserClaims(uid, { ...kept, tenantId, role });
}

const isNotFound = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === 'auth/user-not-found';

export function createFirebaseAuthPort(auth: Auth): AuthPort {
  const record = (user: UserRecord): AuthUserRecord => ({
    uid: user.uid,
    email: user.email ?? null,
    emailVerified: user.emailVerified,
    customClaims: user.customClaims ?? {},
  });
  return {
    verifyIdToken: async (token) => verifiedTokenOf(await auth.verifyIdToken(token)),
    async getUser(uid) {
      try {
        return record(await auth.getUser(uid));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async getUserByEmail(email) {
      try {
        return record(await auth.getUserByEmail(email));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    createUser: async (email) => record(await auth.createUser({ email, emailVerified: true })),
    async endUnprovenCredentials(uid) {
      // Identity Platform's admin API cannot delete a password while keeping the e-mail (unlinking the
      // password provider drops the address too), so the password becomes a secret nobody knows.
      await auth.updateUser(uid, { emailVerified: true, password: randomBytes(32).toString('base64url') });
      await auth.revokeRefreshTokens(uid);
    },
    setCustomUserClaims: (uid, claims) => auth.setCustomUserClaims(uid, claims),
    createCustomToken: (uid, claims) => auth.createCustomToken(uid, claims),
    async revokeRefreshTokens(uid) {
      try {
        await auth.revokeRefreshTokens(uid);
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },
    async sessionCurrent(uid, authTime) {
      let user: UserRecord;
      try {
        user = await auth.getUser(uid);
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
      // Revocation is kept to the second (validSince); a session signed in that same second stands.
      const validAfter = user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : 0;
      return !user.disabled && authTime * 1000 >= validAfter;
    },
    async deleteUser(uid) {
      try {
        await auth.deleteUser(uid);
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },
  };
}
