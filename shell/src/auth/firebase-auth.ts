import { matchRoute, type AuthClaims } from '@toolkit/domain';
import type { AuthOutcome } from '@toolkit/parcel';
import type { RuntimeConfig } from '@toolkit/platform';
import type { AuthSnapshot, FirebaseSession } from './firebase-session';
import { storedSession, type StoredSession } from './stored-session';

/** Where the e-mail address waits between sending a sign-in link and opening it on this device. */
const PENDING_EMAIL_KEY = 'toolkit:pending-sign-in-email';
/** The anonymous respondent who asked, on a survey page, for the pending link to save their results. */
export const SAVING_UID_KEY = 'toolkit:saving-anonymous-uid';

/** What a person is told when a sign-in link cannot be used, by the identity provider's error code. */
export const SIGN_IN_LINK_MESSAGES = {
  addressMismatch:
    'This address does not match the one the sign-in link was sent to. Type the address the e-mail went to.',
  expired: 'This sign-in link has expired or was already used. Please request a new one.',
  addressTaken:
    'This address already has an account. Request a new sign-in link to sign in: results you asked to save are added to it.',
};

/**
 * Thrown when the typed address is not the link's: the link is still good (the identity provider
 * checks the address before it spends the code), so the screen asks for the address again.
 */
export class AddressMismatchError extends Error {
  override readonly name = 'AddressMismatchError';
  constructor() {
    super(SIGN_IN_LINK_MESSAGES.addressMismatch);
  }
}

const codeOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';

/** The words for a failed e-mail-link sign-in; the identity provider's own message for anything unforeseen. */
function signInLinkFailure(error: unknown): string {
  switch (codeOf(error)) {
    case 'auth/invalid-action-code':
    case 'auth/expired-action-code':
      return SIGN_IN_LINK_MESSAGES.expired;
    case 'auth/email-already-in-use':
    case 'auth/credential-already-in-use':
      return SIGN_IN_LINK_MESSAGES.addressTaken;
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

const outcome = async (action: () => Promise<unknown>): Promise<AuthOutcome> => {
  try {
    await action();
    return { success: true };
  } catch (error) {
    return { success: false, message: error instanceof Error ? error.message : String(error) };
  }
};

const sameSnapshot = (a: AuthSnapshot, b: AuthSnapshot) =>
  a.status === b.status &&
  JSON.stringify(a.user) === JSON.stringify(b.user) &&
  JSON.stringify(a.claims) === JSON.stringify(b.claims);

/** A resumed token this close to its expiry is left for the SDK to refresh. */
const MIN_TOKEN_LIFE_MS = 60_000;

/** After the first screen's reads: this long, then an idle moment, or this long more at most. */
const SDK_DELAY_MS = 1000;
const SDK_IDLE_TIMEOUT_MS = 3000;

/**
 * The shell's sign-in session. The Firebase SDK (27 KB compressed) is not needed to show a survey's
 * first question, so it loads on first use (`load`, or any call that needs it), not at start-up: the
 * guard asks for it on pages whose access depends on the session, a survey once its first screen is
 * painted. A signed-in area's page opened with a session kept on the device starts from that session
 * (`resumeStoredSession`) and opens the SDK once its first screen is drawn (`openWhenIdle`).
 */
export function createFirebaseAuth(config: RuntimeConfig) {
  let session: Promise<FirebaseSession> | null = null;
  const listeners = new Set<(snapshot: AuthSnapshot) => void>();
  /** The kept session, standing for the SDK's until the SDK has told its own. */
  let resumed: { stored: StoredSession; snapshot: AuthSnapshot } | null = null;
  let openScheduled = false;

  const sdk = (): Promise<FirebaseSession> => {
    if (session) return session;
    const loading = import(/* webpackChunkName: "firebase-session" */ './firebase-session').then(
      ({ openSession }) => {
        const opened = openSession(config);
        opened.onChange((snapshot) => {
          const standIn = resumed;
          resumed = null;
          // The SDK confirming the kept session changes nothing on screen.
          if (standIn && sameSnapshot(standIn.snapshot, snapshot)) return;
          listeners.forEach((listener) => listener(snapshot));
        });
        return opened;
      },
    );
    // A failed download is forgotten, so the next use tries again.
    loading.catch(() => {
      if (session === loading) session = null;
    });
    session = loading;
    return loading;
  };

  const load = async (): Promise<void> => {
    try {
      await sdk();
    } catch (error) {
      console.error('The sign-in session could not be loaded', error);
      throw error;
    }
  };

  return {
    /**
     * Starts loading the session; resolves once the SDK has loaded and the session is opened, before
     * its status is known (that arrives through `subscribe`). A failure is logged here, once, for
     * whoever debugs it; the next call tries again. Idempotent.
     */
    load,
    /** `load` for callers that do not wait for it; with a resumed session, `openWhenIdle` opens it. */
    requestSession(): void {
      if (!resumed) load().catch(() => undefined);
    },
    /**
     * Starts from the signed-in session the SDK kept on the device, if its ID token is good for a
     * while yet: listeners hear it now, and calls take its token, until the SDK opens. Returns
     * whether there was one.
     */
    resumeStoredSession(): boolean {
      if (session) return false;
      const stored = storedSession(window.localStorage, Date.now(), config.firebase.apiKey);
      if (!stored) return false;
      const snapshot: AuthSnapshot = { status: 'signedIn', user: stored.user, claims: stored.claims };
      resumed = { stored, snapshot };
      listeners.forEach((listener) => listener(snapshot));
      return true;
    },
    /**
     * Opens the SDK (once) to take over a resumed session, at an idle moment after SDK_DELAY_MS: the
     * first screen is drawn in the moments after its reads are in, and on a phone the SDK's download
     * and start would take them from it.
     */
    openWhenIdle(): void {
      if (openScheduled) return;
      openScheduled = true;
      const open = () => load().catch(() => undefined);
      setTimeout(() => {
        if ('requestIdleCallback' in window)
          window.requestIdleCallback(open, { timeout: SDK_IDLE_TIMEOUT_MS });
        else open();
      }, SDK_DELAY_MS);
    },
    /** Calls back with every sign-in, sign-out and token (claims) change once the session is loaded. */
    subscribe(listener: (snapshot: AuthSnapshot) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /**
     * The e-mail is lowercased before use in sign-up. Asked by an anonymous session on a survey page
     * (the outro's "Save my results", the only sender there), the link is to upgrade that session:
     * its uid is kept with the address. A link asked anywhere else (the portal, where a session
     * someone left behind may linger) forgets any earlier such uid.
     */
    sendSignInLink(email: string, continueUrl: string): Promise<AuthOutcome> {
      const normalised = email.trim().toLowerCase();
      return outcome(async () => {
        const session = await sdk();
        await session.sendSignInLink(normalised, continueUrl);
        window.localStorage.setItem(PENDING_EMAIL_KEY, normalised);
        const onSurvey = Boolean(matchRoute(window.location.pathname)?.route.meta.surveyDefinition);
        const savingUid = onSurvey ? session.anonymousUid() : null;
        if (savingUid) window.localStorage.setItem(SAVING_UID_KEY, savingUid);
        else window.localStorage.removeItem(SAVING_UID_KEY);
      });
    },
    /** The anonymous session whose "Save my results" link this browser is waiting for; null if none. */
    savingSessionUid(): string | null {
      return window.localStorage.getItem(SAVING_UID_KEY);
    },
    isSignInLink: async (href: string): Promise<boolean> => (await sdk()).isSignInLink(href),
    pendingEmail(): string | null {
      return window.localStorage.getItem(PENDING_EMAIL_KEY);
    },
    /**
     * Signs in with the link, or upgrades this browser's anonymous session to the address. Resolves
     * with the outcome (its message worded for a person); rejects with AddressMismatchError when
     * `email` is not the address the link was sent to, since the link can still be used.
     */
    async completeSignInLink(href: string, email: string): Promise<AuthOutcome> {
      const address = email.trim().toLowerCase();
      // Only the session that asked for this very link here is upgraded, never one left by someone else.
      const askedHere = window.localStorage.getItem(PENDING_EMAIL_KEY) === address;
      const savingUid = askedHere ? window.localStorage.getItem(SAVING_UID_KEY) : null;
      try {
        await (await sdk()).signInWithEmailLink(address, href, savingUid);
      } catch (error) {
        if (codeOf(error) === 'auth/invalid-email') throw new AddressMismatchError();
        return { success: false, message: signInLinkFailure(error) };
      }
      window.localStorage.removeItem(PENDING_EMAIL_KEY);
      window.localStorage.removeItem(SAVING_UID_KEY);
      return { success: true };
    },
    signInAnonymously: () => outcome(async () => (await sdk()).signInAnonymously()),
    signInWithCustomToken: (token: string) => outcome(async () => (await sdk()).signInWithCustomToken(token)),
    signOut: async (): Promise<void> => (await sdk()).signOut(),
    getIdToken: async (): Promise<string | null> => {
      if (resumed && resumed.stored.expiresAt - Date.now() > MIN_TOKEN_LIFE_MS) return resumed.stored.idToken;
      return (await sdk()).getIdToken();
    },
    refreshIdToken: async (): Promise<string | null> => (await sdk()).refreshIdToken(),
    /** Loads nothing where App Check is not configured (locally). */
    getAppCheckToken: async (): Promise<string | null> =>
      config.appCheckSiteKey ? (await sdk()).getAppCheckToken() : null,
    /** The password-reset e-mail (delivered by the identity provider, locally to MailDev). */
    sendPasswordReset: (email: string) =>
      outcome(async () => (await sdk()).sendPasswordReset(email.trim().toLowerCase())),
    /** The e-mail address a reset code belongs to; rejects an expired or used code. */
    resetCodeEmail: async (code: string): Promise<string> => (await sdk()).resetCodeEmail(code),
    confirmPasswordReset: (code: string, newPassword: string) =>
      outcome(async () => (await sdk()).confirmPasswordReset(code, newPassword)),
    updatePassword: (newPassword: string) => outcome(async () => (await sdk()).updatePassword(newPassword)),
    updateDisplayName: (displayName: string) =>
      outcome(async () => (await sdk()).updateDisplayName(displayName.trim())),
    /** Forced token refresh; resolves with the new claims. */
    refreshClaims: async (): Promise<AuthClaims> => (await sdk()).refreshClaims(),
  };
}

export type ShellAuth = ReturnType<typeof createFirebaseAuth>;
