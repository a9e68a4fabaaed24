import { createCallableClient, isCallableError, type CallableClient } from './callable';
import {
  getAvailableRoles,
  getCustomerEntitlements,
  getSubscriptionDetails,
  getUserRole,
  removeUserRole,
  setUserRole,
  verifyAndLoginWithInvite,
} from './endpoints';
import { closedPortUrl, sendJson, startTestServer, type TestServer } from './test-server';

let server: TestServer;
let client: CallableClient;

beforeAll(async () => {
  server = await startTestServer();
  client = createCallableClient({
    baseUrl: `${server.url}/demo-toolkit/australia-southeast1`,
    getIdToken: async () => 'tok',
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const prefix = '/demo-toolkit/australia-southeast1/';

describe('each endpoint posts to its callable and returns its response', () => {
  const cases: [string, (c: CallableClient) => Promise<unknown>, unknown, unknown][] = [
    [
      'admin-setUserRole',
      (c) => setUserRole(c, { uid: 'u1', tenantId: 't1', role: 'editor' }),
      { uid: 'u1', tenantId: 't1', role: 'editor' },
      { status: 'success', message: 'Role set' },
    ],
    [
      'admin-getUserRole',
      (c) => getUserRole(c, { uid: 'u1', tenantId: 't1' }),
      { uid: 'u1', tenantId: 't1' },
      { status: 'success', role: 'admin', email: 'a@example.com', claims: { role: 'admin' } },
    ],
    [
      'admin-getAvailableRoles',
      (c) => getAvailableRoles(c),
      null,
      { status: 'success', availableRoles: ['viewer', 'editor'], userRole: 'admin' },
    ],
    [
      'admin-removeUserRole',
      (c) => removeUserRole(c, { uid: 'u1', tenantId: 't1' }),
      { uid: 'u1', tenantId: 't1' },
      { status: 'success', message: 'Removed', previousRole: 'editor', newRole: 'user' },
    ],
    [
      'subscription-getSubscriptionDetails',
      (c) => getSubscriptionDetails(c),
      null,
      { status: 'success', subscriptions: [{ status: 'active', product: { internalPlanName: 'Pro' } }] },
    ],
    [
      'entitlements-getCustomerEntitlements',
      (c) => getCustomerEntitlements(c, { tenantId: 't1' }),
      { tenantId: 't1' },
      {
        status: 'success',
        entitlements: [{ lookup_key: 'brandkit', value: true }],
        features: ['brandkit'],
        error: null,
      },
    ],
    [
      'journey-verifyAndLoginWithInvite',
      (c) => verifyAndLoginWithInvite(c, { inviteId: 'inv1', key: 'k'.repeat(43) }),
      { inviteId: 'inv1', key: 'k'.repeat(43) },
      { inviteData: { surveyResultId: 'r1', surveyId: 's1', tenantId: 't1' }, token: 'custom-token' },
    ],
  ];

  it.each(cases)('%s', async (name, run, expectedRequest, response) => {
    server.handle((_req, res) => sendJson(res, 200, { data: response }));
    await expect(run(client)).resolves.toEqual(response);
    expect(server.requests[0]?.url).toBe(prefix + name);
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ data: expectedRequest });
  });
});

describe('fallback messages', () => {
  const cases: [string, (c: CallableClient) => Promise<unknown>][] = [
    ['Error setting user role', (c) => setUserRole(c, { uid: 'u', tenantId: 't', role: 'viewer' })],
    ['Error getting user role', (c) => getUserRole(c, { uid: 'u', tenantId: 't' })],
    ['Error getting available roles', (c) => getAvailableRoles(c)],
    ['Error removing user role', (c) => removeUserRole(c, { uid: 'u', tenantId: 't' })],
    ['Failed to fetch entitlements', (c) => getCustomerEntitlements(c, { tenantId: 't' })],
  ];

  it.each(cases)('"%s" when the server gives no message, keeping the code', async (message, run) => {
    server.handle((_req, res) => sendJson(res, 403, { error: { status: 'PERMISSION_DENIED' } }));
    const error: unknown = await run(client).catch((e: unknown) => e);
    expect(isCallableError(error)).toBe(true);
    expect(error).toMatchObject({ message, code: 'permission-denied' });
    expect((error as Error).cause).toBeDefined();
  });

  it.each(cases)('the server message wins over "%s"', async (_message, run) => {
    server.handle((_req, res) =>
      sendJson(res, 400, { error: { status: 'INVALID_ARGUMENT', message: 'Missing tenantId' } }),
    );
    await expect(run(client)).rejects.toMatchObject({
      message: 'Missing tenantId',
      code: 'invalid-argument',
    });
  });

  it('uses the fallback on a network failure, keeping unavailable', async () => {
    const offline = createCallableClient({ baseUrl: await closedPortUrl(), getIdToken: async () => null });
    await expect(getUserRole(offline, { uid: 'u', tenantId: 't' })).rejects.toMatchObject({
      message: 'Error getting user role',
      code: 'unavailable',
    });
  });

  it('rethrows the invite verification error unchanged', async () => {
    server.handle((_req, res) => sendJson(res, 404, { error: { status: 'NOT_FOUND' } }));
    await expect(
      verifyAndLoginWithInvite(client, { inviteId: 'nope', key: 'k'.repeat(43) }),
    ).rejects.toMatchObject({
      code: 'not-found',
    });
  });
});
