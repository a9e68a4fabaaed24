import type { RuntimeConfig } from '@toolkit/platform';
import { AddressMismatchError, createFirebaseAuth, SAVING_UID_KEY } from './firebase-auth';
import type { AuthSnapshot } from './firebase-session';

// The Firebase SDK is the edge: a stand-in session with an anonymous user whose uid a test sets.
const session = {
  anonymousUid: jest.fn((): string | null => 'anon-1'),
  sendSignInLink: jest.fn((_email: string, _continueUrl: string) => Promise.resolve()),
  signInWithEmailLink: jest.fn((_email: string, _href: string, _savingUid: string | null) =>
    Promise.resolve(),
  ),
  onChange: jest.fn((_listener: (snapshot: AuthSnapshot) => void) => undefined),
  getIdToken: jest.fn(() => Promise.resolve('token-from-the-sdk')),
};
jest.mock('./firebase-session', () => ({ openSession: () => session }));

const LINK = 'https://app.example/complete-signup?oobCode=abc';

function authOn(pathname: string) {
  window.history.pushState({}, '', pathname);
  return createFirebaseAuth({} as RuntimeConfig);
}

beforeEach(() => {
  window.localStorage.clear();
  jest.clearAllMocks();
  session.anonymousUid.mockReturnValue('anon-1');
});

describe('the link that saves an anonymous respondent’s results', () => {
  it('asked by the anonymous respondent on a survey page, upgrades that session and is forgotten once used', async () => {
    const auth = authOn('/survey/demo-publisher/quickscan');
    expect(await auth.sendSignInLink('Ann@Example.com', LINK)).toEqual({ success: true });
    expect(auth.savingSessionUid()).toBe('anon-1');

    expect(await auth.completeSignInLink(LINK, 'ann@example.com')).toEqual({ success: true });
    expect(session.signInWithEmailLink).toHaveBeenCalledWith('ann@example.com', LINK, 'anon-1');
    expect(auth.savingSessionUid()).toBeNull();
    expect(auth.pendingEmail()).toBeNull();
  });

  it('asked from the portal, never upgrades the anonymous session someone left behind, and forgets an earlier saving one', async () => {
    window.localStorage.setItem(SAVING_UID_KEY, 'anon-0');
    const auth = authOn('/');
    await auth.sendSignInLink('bob@example.com', LINK);
    expect(auth.savingSessionUid()).toBeNull();

    await auth.completeSignInLink(LINK, 'bob@example.com');
    expect(session.signInWithEmailLink).toHaveBeenCalledWith('bob@example.com', LINK, null);
  });

  it('asked on a survey page by a session that is not anonymous, marks nothing to upgrade', async () => {
    session.anonymousUid.mockReturnValue(null);
    const auth = authOn('/survey/demo-publisher/quickscan');
    await auth.sendSignInLink('ann@example.com', LINK);
    expect(auth.savingSessionUid()).toBeNull();
  });

  it('upgrades nothing when the typed address is not the one this browser asked the link for', async () => {
    const auth = authOn('/survey/demo-publisher/quickscan');
    await auth.sendSignInLink('ann@example.com', LINK);
    // The identity provider refuses an address that is not the link's, before spending the code.
    session.signInWithEmailLink.mockRejectedValueOnce({ code: 'auth/invalid-email' });
    await expect(auth.completeSignInLink(LINK, 'carol@example.com')).rejects.toBeInstanceOf(
      AddressMismatchError,
    );
    expect(session.signInWithEmailLink).toHaveBeenCalledWith('carol@example.com', LINK, null);
    // The mark stays for the link it belongs to.
    expect(auth.savingSessionUid()).toBe('anon-1');
  });
});

describe('a session kept on the device', () => {
  const config = { firebase: { apiKey: 'demo-api-key' } } as RuntimeConfig;
  const claims = { user_id: 'member-1', role: 'owner', tenantId: 'acme' };
  const idToken = ['e30', Buffer.from(JSON.stringify(claims)).toString('base64url'), 'sig'].join('.');
  const member = {
    uid: 'member-1',
    email: 'ann@example.com',
    displayName: null,
    emailVerified: true,
    isAnonymous: false,
    tenantId: null,
  };
  const keep = (validMs: number) =>
    window.localStorage.setItem(
      'firebase:authUser:demo-api-key:[DEFAULT]',
      JSON.stringify({
        ...member,
        stsTokenManager: { accessToken: idToken, expirationTime: Date.now() + validMs },
      }),
    );
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  /** The shell's session, and every snapshot its listener hears. */
  const listening = () => {
    const auth = createFirebaseAuth(config);
    const heard: AuthSnapshot[] = [];
    auth.subscribe((snapshot) => heard.push(snapshot));
    return { auth, heard };
  };
  /** What the SDK tells once opened. */
  const sdkTells = (snapshot: AuthSnapshot) => session.onChange.mock.calls[0]![0](snapshot);

  it('stands for the session at once, its token answering calls, without opening the SDK', async () => {
    keep(30 * 60_000);
    const { auth, heard } = listening();
    expect(auth.resumeStoredSession()).toBe(true);
    expect(heard).toEqual([{ status: 'signedIn', user: member, claims }]);
    expect(await auth.getIdToken()).toBe(idToken);
    auth.requestSession();
    await tick();
    expect(session.onChange).not.toHaveBeenCalled();
  });

  it('hands over to the SDK a second after it is asked to: the same session changes nothing, calls then take its token', async () => {
    keep(30 * 60_000);
    const { auth, heard } = listening();
    auth.resumeStoredSession();
    jest.useFakeTimers();
    try {
      auth.openWhenIdle();
      await jest.advanceTimersByTimeAsync(900);
      expect(session.onChange).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(100);
    } finally {
      jest.useRealTimers();
    }
    await tick();
    await tick();
    expect(session.onChange).toHaveBeenCalledTimes(1);
    sdkTells({ status: 'signedIn', user: member, claims });
    expect(heard).toHaveLength(1);
    expect(await auth.getIdToken()).toBe('token-from-the-sdk');
  });

  it('is ended when the SDK tells the identity provider no longer knows it', async () => {
    keep(30 * 60_000);
    const { auth, heard } = listening();
    auth.resumeStoredSession();
    await auth.load();
    sdkTells({ status: 'signedOut', user: null, claims: {} });
    expect(heard.map(({ status }) => status)).toEqual(['signedIn', 'signedOut']);
  });

  it('is not used when its token is about to expire: the SDK opens and refreshes it', async () => {
    keep(60_000);
    const { auth, heard } = listening();
    expect(auth.resumeStoredSession()).toBe(false);
    expect(heard).toEqual([]);
    auth.requestSession();
    await tick();
    expect(session.onChange).toHaveBeenCalledTimes(1);
  });
});
