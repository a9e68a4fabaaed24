import { STORED_TOKEN_MARGIN_MS, storedSession } from './stored-session';

const NOW = Date.UTC(2026, 10, 29, 12);
const KEY = 'firebase:authUser:demo-api-key:[DEFAULT]';

/** A token as the identity provider signs it: only its payload is read on the device. */
const tokenFor = (claims: object) =>
  ['e30', Buffer.from(JSON.stringify(claims)).toString('base64url'), 'signature'].join('.');

/** The user as the SDK keeps it (its toJSON), with a token good for `validMs` more. */
function kept(validMs: number, overrides: object = {}) {
  return JSON.stringify({
    uid: 'member-1',
    email: 'zoë@example.com',
    emailVerified: true,
    isAnonymous: false,
    providerData: [],
    stsTokenManager: {
      refreshToken: 'refresh',
      accessToken: tokenFor({ user_id: 'member-1', role: 'owner', tenantId: 'acme' }),
      expirationTime: NOW + validMs,
    },
    apiKey: 'demo-api-key',
    appName: '[DEFAULT]',
    ...overrides,
  });
}

beforeEach(() => window.localStorage.clear());

describe('the session the sign-in SDK kept on the device', () => {
  it('is the signed-in member with the claims of the kept token, while it is good for a while yet', () => {
    window.localStorage.setItem(KEY, kept(30 * 60_000));
    expect(storedSession(window.localStorage, NOW, 'demo-api-key')).toEqual({
      user: {
        uid: 'member-1',
        email: 'zoë@example.com',
        displayName: null,
        emailVerified: true,
        isAnonymous: false,
        tenantId: null,
      },
      claims: { user_id: 'member-1', role: 'owner', tenantId: 'acme' },
      idToken: expect.stringMatching(/^e30\./),
      expiresAt: NOW + 30 * 60_000,
    });
  });

  it('is found under any project before the configuration names one', () => {
    window.localStorage.setItem('toolkit:state:v1', '{}');
    window.localStorage.setItem(KEY, kept(30 * 60_000));
    expect(storedSession(window.localStorage, NOW)?.user.uid).toBe('member-1');
    expect(storedSession(window.localStorage, NOW, 'another-key')).toBeNull();
  });

  it.each([
    ['a token about to expire', kept(STORED_TOKEN_MARGIN_MS - 1)],
    ['an anonymous respondent', kept(30 * 60_000, { isAnonymous: true })],
    ['a token of another user', kept(30 * 60_000, { uid: 'member-2' })],
    [
      'a token that is not one',
      kept(30 * 60_000, { stsTokenManager: { accessToken: 'x', expirationTime: NOW + 1e7 } }),
    ],
    ['no token', kept(30 * 60_000, { stsTokenManager: undefined })],
    ['what is not JSON', '{"uid":'],
  ])('is none for %s', (_case, value) => {
    window.localStorage.setItem(KEY, value);
    expect(storedSession(window.localStorage, NOW, 'demo-api-key')).toBeNull();
  });

  it('is none without storage', () => {
    expect(storedSession(null, NOW)).toBeNull();
  });
});
