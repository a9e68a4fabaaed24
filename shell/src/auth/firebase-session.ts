// Everything that touches the Firebase Auth SDK. Its own chunk: a respondent's survey shows its
// first question before this downloads (see firebase-auth.ts).
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  confirmPasswordReset,
  connectAuthEmulator,
  EmailAuthProvider,
  initializeAuth,
  isSignInWithEmailLink,
  linkWithCredential,
  onIdTokenChanged,
  sendPasswordResetEmail,
  sendSignInLinkToEmail,
  signInAnonymously,
  signInWithCustomToken,
  signInWithEmailLink,
  signOut,
  updatePassword,
  updateProfile,
  verifyPasswordResetCode,
  type User,
} from 'firebase/auth';
import { MESSAGES, type AuthClaims } from '@toolkit/domain';
import type { RuntimeConfig } from '@toolkit/platform';
import type { AuthUser } from '@toolkit/store-contract';
import { tokenPayload } from './token-payload';

export interface AuthSnapshot {
  status: 'signedOut' | 'anonymous' | 'signedIn';
  user: AuthUser | null;
  claims: AuthClaims;
}

/** The claims of the user's last ID token, read on the device. */
function claimsOfLastToken(user: User): AuthClaims {
  const { stsTokenManager } = user.toJSON() as { stsTokenManager?: { accessToken?: unknown } };
  const token = stsTokenManager?.accessToken;
  return (tokenPayload(typeof token === 'string' ? token : null) as AuthClaims | null) ?? {};
}

/**
 * The claims of the user's ID token. An expired token is refreshed over the network; without one (a
 * survey reloaded offline) the session still settles, with the last token's claims (an anonymous
 * respondent has none that matter), and the SDK refreshes the token once the network is back.
 */
async function claimsOf(user: User): Promise<AuthClaims> {
  try {
    return (await user.getIdTokenResult()).claims as AuthClaims;
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'auth/network-request-failed') throw error;
    return user.isAnonymous ? {} : claimsOfLastToken(user);
  }
}

async function snapshotOf(user: User | null): Promise<AuthSnapshot> {
  if (!user) return { status: 'signedOut', user: null, claims: {} };
  const claims = await claimsOf(user);
  return {
    status: user.isAnonymous ? 'anonymous' : 'signedIn',
    user: {
      uid: user.uid,
      email: user.email,
      displayName: user.displayName,
      emailVerified: user.emailVerified,
      isAnonymous: user.isAnonymous,
      tenantId: user.tenantId,
    },
    claims,
  };
}

/** Initialises Firebase Auth (connected to the emulator when configured) and wraps what the shell uses. */
export function openSession(config: RuntimeConfig) {
  const app = initializeApp(config.firebase);
  const auth = initializeAuth(app, { persistence: browserLocalPersistence });
  // App Check (reCAPTCHA Enterprise) starts on the first call that needs a token, not at sign-in.
  let appCheck: Promise<{ token: () => Promise<string> }> | null = null;
  const appCheckSiteKey = config.appCheckSiteKey;
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });

  // Asked as the SDK opens, the user it is restoring counts.
  const signedInUser = async (): Promise<User> => {
    await auth.authStateReady();
    if (!auth.currentUser) throw new Error(MESSAGES.noUserLoggedIn);
    return auth.currentUser;
  };

  return {
    /** Calls back with every sign-in, sign-out and token (claims) change. */
    onChange: (listener: (snapshot: AuthSnapshot) => void) =>
      onIdTokenChanged(auth, (user) => {
        void snapshotOf(user).then(listener);
      }),
    sendSignInLink: (email: string, continueUrl: string) =>
      sendSignInLinkToEmail(auth, email, { url: continueUrl, handleCodeInApp: true }),
    isSignInLink: (href: string) => isSignInWithEmailLink(auth, href),
    /** The current session's uid while it is anonymous; null otherwise. */
    anonymousUid: (): string | null => (auth.currentUser?.isAnonymous ? auth.currentUser.uid : null),
    /**
     * When the current session is the anonymous one `savingUid` names (the respondent who asked for
     * this link to save their results), it becomes the address's account, the same uid, so what it
     * answered stays its own; otherwise the link signs in.
     */
    async signInWithEmailLink(email: string, href: string, savingUid: string | null): Promise<void> {
      const current = auth.currentUser;
      if (savingUid !== null && current?.isAnonymous && current.uid === savingUid) {
        await linkWithCredential(current, EmailAuthProvider.credentialWithLink(email, href));
        // The token must say the address is proven before the server is asked to set up the account.
        await current.getIdToken(true);
        return;
      }
      await signInWithEmailLink(auth, email, href);
    },
    signInAnonymously: () => signInAnonymously(auth),
    signInWithCustomToken: (token: string) => signInWithCustomToken(auth, token),
    signOut: () => signOut(auth),
    // Asked as the SDK opens (a resumed session handing over), the user it restores answers, not none.
    getIdToken: async () => {
      await auth.authStateReady();
      return (await auth.currentUser?.getIdToken()) ?? null;
    },
    /** A new token from the identity provider; fails when the account is gone (the SDK then signs out). */
    refreshIdToken: async () => {
      await auth.authStateReady();
      return (await auth.currentUser?.getIdToken(true)) ?? null;
    },
    async getAppCheckToken(): Promise<string | null> {
      if (!appCheckSiteKey) return null;
      appCheck ??= import('firebase/app-check').then(
        ({ getToken, initializeAppCheck, ReCaptchaEnterpriseProvider }) => {
          const instance = initializeAppCheck(app, {
            provider: new ReCaptchaEnterpriseProvider(appCheckSiteKey),
            isTokenAutoRefreshEnabled: true,
          });
          return { token: async () => (await getToken(instance)).token };
        },
      );
      return (await appCheck).token();
    },
    sendPasswordReset: (email: string) => sendPasswordResetEmail(auth, email),
    resetCodeEmail: (code: string) => verifyPasswordResetCode(auth, code),
    confirmPasswordReset: (code: string, newPassword: string) =>
      confirmPasswordReset(auth, code, newPassword),
    updatePassword: async (newPassword: string) => updatePassword(await signedInUser(), newPassword),
    async updateDisplayName(displayName: string) {
      const user = await signedInUser();
      await updateProfile(user, { displayName });
      // onIdTokenChanged does not fire for a profile change; a refresh publishes the new name.
      await user.getIdToken(true);
    },
    refreshClaims: async () => (await (await signedInUser()).getIdTokenResult(true)).claims as AuthClaims,
  };
}

export type FirebaseSession = ReturnType<typeof openSession>;
