import type { User } from 'firebase/auth';
import type { RuntimeConfig } from '@toolkit/platform';
import { openSession, type AuthSnapshot } from './firebase-session';

// The Firebase SDK is the edge: it hands the session's listener the user it restored from its
// persistence, whose token refresh needs the network.
let restored: ((user: User | null) => void) | null = null;
jest.mock('firebase/app', () => ({ initializeApp: () => ({}) }));
jest.mock('firebase/auth', () => ({
  browserLocalPersistence: {},
  initializeAuth: () => ({}),
  onIdTokenChanged: (_auth: unknown, listener: (user: User | null) => void) => {
    restored = listener;
    return () => undefined;
  },
}));

const offline = Object.assign(new Error('Firebase: Error (auth/network-request-failed).'), {
  code: 'auth/network-request-failed',
});

/** A token as the identity provider signs it: only its payload is read on the device. */
const tokenWith = (claims: object) =>
  ['e30', Buffer.from(JSON.stringify(claims)).toString('base64url'), 'signature'].join('.');

function restoredUser(isAnonymous: boolean, idToken: () => Promise<{ claims: object }>): User {
  return {
    uid: isAnonymous ? 'anon-1' : 'member-1',
    email: isAnonymous ? null : 'zoë@example.com',
    displayName: null,
    emailVerified: !isAnonymous,
    isAnonymous,
    tenantId: null,
    getIdTokenResult: idToken,
    toJSON: () => ({
      stsTokenManager: { accessToken: tokenWith({ role: 'owner', tenantId: 'acme', name: 'Zoë' }) },
    }),
  } as unknown as User;
}

function settledWith(user: User): Promise<AuthSnapshot> {
  const session = openSession({ firebase: {} } as RuntimeConfig);
  return new Promise((resolve) => {
    session.onChange(resolve);
    restored!(user);
  });
}

describe('the session restored on a reload without a network', () => {
  it('settles an anonymous respondent whose token cannot be refreshed, with no claims', async () => {
    const snapshot = await settledWith(restoredUser(true, () => Promise.reject(offline)));
    expect(snapshot).toEqual({
      status: 'anonymous',
      user: expect.objectContaining({ uid: 'anon-1', isAnonymous: true }),
      claims: {},
    });
  });

  it('settles a signed-in member with the claims of the last token, read on the device', async () => {
    const snapshot = await settledWith(restoredUser(false, () => Promise.reject(offline)));
    expect(snapshot.status).toBe('signedIn');
    expect(snapshot.user?.uid).toBe('member-1');
    expect(snapshot.claims).toEqual({ role: 'owner', tenantId: 'acme', name: 'Zoë' });
  });

  it('takes the claims of a token refreshed over the network when it can', async () => {
    const fresh = { role: 'member', tenantId: 'acme' };
    const snapshot = await settledWith(restoredUser(false, () => Promise.resolve({ claims: fresh })));
    expect(snapshot.claims).toEqual(fresh);
  });
});
