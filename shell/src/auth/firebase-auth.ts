import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  confirmPasswordReset,
  connectAuthEmulator,
  initializeAuth,
  isSignInWithEmailLink,
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
  type Auth,
  type User,
} from 'firebase/auth';
import { MESSAGES, type AuthClaims } from '@toolkit/domain';
import type { AuthOutcome } from '@toolkit/parcel';
import type { RuntimeConfig } from '@toolkit/platform';
import type { AuthUser } from '@toolkit/store-contract';

export interface AuthSnapshot {
  status: 'signedOut' | 'anonymous' | 'signedIn';
  user: AuthUser | null;
  claims: AuthClaims;
}

/** Where the e-mail address waits between sending a sign-in link and opening it on this device. */
const PENDING_EMAIL_KEY = 'toolkit:pending-sign-in-email';

async function snapshotOf(user: User | null): Promise<AuthSnapshot> {
  if (!user) return { status: 'signedOut', user: null, claims: {} };
  const token = await user.getIdTokenResult();
  const claims = token.claims as AuthClaims;
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

const outcome = async (action: () => Promise<unknown>): Promise<AuthOutcome> => {
  try {
    await action();
    return { success: true };
  } catch (error) {
    return { success: false, message: error instanceof Error ? error.message : String(error) };
  }
};

/** Firebase Auth for the shell, initialised once and lazily connected to the emulator when configured. */
export function createFirebaseAuth(config: RuntimeConfig) {
  let app: FirebaseApp | null = null;
  let auth: Auth | null = null;
  const instance = (): Auth => {
    if (auth) return auth;
    app = initializeApp(config.firebase);
    auth = initializeAuth(app, { persistence: browserLocalPersistence });
    if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
    return auth;
  };

  const signedInUser = (): User => {
    const user = instance().currentUser;
    if (!user) throw new Error(MESSAGES.noUserLoggedIn);
    return user;
  };

  return {
    /** Calls back with every sign-in, sign-out and token (claims) change. */
    subscribe(listener: (snapshot: AuthSnapshot) => void): () => void {
      return onIdTokenChanged(instance(), (user) => {
        void snapshotOf(user).then(listener);
      });
    },
    /** SPEC §5: the e-mail is lowercased before use in sign-up. */
    sendSignInLink(email: string, continueUrl: string): Promise<AuthOutcome> {
      const normalised = email.trim().toLowerCase();
      return outcome(async () => {
        await sendSignInLinkToEmail(instance(), normalised, { url: continueUrl, handleCodeInApp: true });
        window.localStorage.setItem(PENDING_EMAIL_KEY, normalised);
      });
    },
    isSignInLink(href: string): boolean {
      return isSignInWithEmailLink(instance(), href);
    },
    pendingEmail(): string | null {
      return window.localStorage.getItem(PENDING_EMAIL_KEY);
    },
    completeSignInLink(href: string, email: string): Promise<AuthOutcome> {
      return outcome(async () => {
        await signInWithEmailLink(instance(), email.trim().toLowerCase(), href);
        window.localStorage.removeItem(PENDING_EMAIL_KEY);
      });
    },
    signInAnonymously: () => outcome(() => signInAnonymously(instance())),
    signInWithCustomToken: (token: string) => outcome(() => signInWithCustomToken(instance(), token)),
    signOut: () => signOut(instance()),
    async getIdToken(): Promise<string | null> {
      return (await instance().currentUser?.getIdToken()) ?? null;
    },
    /** SPEC §7: the password-reset e-mail (delivered by the identity provider, locally to MailDev). */
    sendPasswordReset: (email: string) =>
      outcome(() => sendPasswordResetEmail(instance(), email.trim().toLowerCase())),
    /** The e-mail address a reset code belongs to; rejects an expired or used code. */
    resetCodeEmail: (code: string) => verifyPasswordResetCode(instance(), code),
    confirmPasswordReset: (code: string, newPassword: string) =>
      outcome(() => confirmPasswordReset(instance(), code, newPassword)),
    updatePassword: (newPassword: string) => outcome(() => updatePassword(signedInUser(), newPassword)),
    updateDisplayName: (displayName: string) =>
      outcome(async () => {
        await updateProfile(signedInUser(), { displayName: displayName.trim() });
        // onIdTokenChanged does not fire for a profile change; a refresh publishes the new name.
        await signedInUser().getIdToken(true);
      }),
    /** Forced token refresh; resolves with the new claims. */
    async refreshClaims(): Promise<AuthClaims> {
      return (await signedInUser().getIdTokenResult(true)).claims as AuthClaims;
    },
  };
}

export type ShellAuth = ReturnType<typeof createFirebaseAuth>;
