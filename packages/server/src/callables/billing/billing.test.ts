// Plans on the local billing sandbox, over the real Auth emulator and PGlite: Free without a
// customer; a checkout bought through the sandbox's page gives the plan and its entitlements; the
// success route believes only a paid checkout of the caller's own organisation; cancelling is Free.
import { API, SERVER_ERRORS, type ApiResponses, type Role } from '@toolkit/domain';
import { paths } from '../../repositories/paths';
import {
  errorOf,
  resultOf,
  snapshotStore,
  startTestEnv,
  type TestAccount,
  type TestEnv,
} from '../../testing';

let env: TestEnv;
let tenants = 0;

beforeAll(async () => {
  env = await startTestEnv({ content: true });
}, 120_000);

afterAll(() => env?.stop(), 60_000);

async function tenant() {
  const tenantId = `billing-co-${++tenants}`;
  await env.store.set(paths.tenant(tenantId), { createdBy: 'someone', getStarted: true });
  return tenantId;
}

const planOf = async (account: TestAccount, tenantId: string) => {
  const details = resultOf<ApiResponses[typeof API.getSubscriptionDetails]>(
    await env.call(API.getSubscriptionDetails, null, account.token),
  );
  const entitlements = resultOf<ApiResponses[typeof API.getCustomerEntitlements]>(
    await env.call(API.getCustomerEntitlements, { tenantId }, account.token),
  );
  return { subscriptions: details.subscriptions, features: entitlements.features };
};

async function checkout(account: TestAccount, planId: 'growth' | 'leader' = 'growth') {
  const { url } = resultOf<ApiResponses[typeof API.startCheckout]>(
    await env.call(API.startCheckout, { planId }, account.token),
  );
  return url.split('/').pop()!;
}

const finish = (account: TestAccount, sessionId: string, pay: boolean) =>
  env.call(API.finishSandboxCheckout, { sessionId, pay }, account.token);

it('puts a tenant without a billing customer on Free: no subscriptions, no entitlements', async () => {
  const tenantId = await tenant();
  const viewer = await env.member(tenantId, 'viewer');
  expect(await planOf(viewer, tenantId)).toEqual({ subscriptions: [], features: [] });
});

it('answers entitlements only for the caller’s own tenant, and "Tenant not found" without one', async () => {
  const viewer = await env.member(await tenant(), 'viewer');
  const other = await tenant();
  expect(errorOf(await env.call(API.getCustomerEntitlements, { tenantId: other }, viewer.token)).status).toBe(
    'PERMISSION_DENIED',
  );
  const orphan = await env.member('gone-co', 'owner');
  expect(errorOf(await env.call(API.getSubscriptionDetails, null, orphan.token))).toEqual({
    status: 'NOT_FOUND',
    message: 'Tenant not found',
  });
});

it('buys a plan through the sandbox checkout: one customer, the plan and its entitlements, confirmed', async () => {
  const tenantId = await tenant();
  const owner = await env.member(tenantId, 'owner');
  const first = await checkout(owner);
  const customer = (await env.store.get(paths.tenant(tenantId))).data?.stripeCustomerId;
  expect(customer).toMatch(/^cus_sandbox_/);
  // A second checkout keeps the same customer.
  await checkout(owner, 'leader');
  expect((await env.store.get(paths.tenant(tenantId))).data?.stripeCustomerId).toBe(customer);

  expect(resultOf(await env.call(API.getSandboxCheckout, { sessionId: first }, owner.token))).toEqual({
    planName: 'Growth',
    status: 'open',
    price: expect.objectContaining({ lookupKey: 'growth_monthly', currency: 'aud' }),
  });
  expect(resultOf(await env.call(API.confirmCheckout, { sessionId: first }, owner.token))).toEqual({
    paid: false,
    plan: 'Free',
  });
  expect(resultOf(await finish(owner, first, true))).toEqual({
    returnTo: `http://localhost:3000/dashboard/plans/checkout/${first}`,
  });
  expect(resultOf(await env.call(API.confirmCheckout, { sessionId: first }, owner.token))).toEqual({
    paid: true,
    plan: 'Growth',
  });
  expect(await planOf(owner, tenantId)).toEqual({
    subscriptions: [expect.objectContaining({ status: 'active', product: { internalPlanName: 'Growth' } })],
    features: ['more-than-five-users', 'advanced-user-roles', 'brandkit', 'result-verification'],
  });
});

it('lets an owner or billing member manage plans, and nobody else', async () => {
  const tenantId = await tenant();
  const billing = await env.member(tenantId, 'billing');
  const sessionId = await checkout(billing);
  for (const role of ['admin', 'editor', 'viewer', 'user'] as const) {
    const member = await env.member(tenantId, role);
    const before = await snapshotStore(env.store);
    expect(errorOf(await env.call(API.startCheckout, { planId: 'growth' }, member.token))).toEqual({
      status: 'PERMISSION_DENIED',
      message: SERVER_ERRORS.manageBillingRequired,
    });
    expect(errorOf(await finish(member, sessionId, true)).status).toBe('PERMISSION_DENIED');
    expect(await snapshotStore(env.store)).toBe(before);
  }
});

it('believes no forged, foreign or cancelled checkout', async () => {
  const owner = await env.member(await tenant(), 'owner');
  const stranger = await env.member(await tenant(), 'owner');
  const sessionId = await checkout(owner);
  expect(errorOf(await env.call(API.confirmCheckout, { sessionId: 'cs_forged' }, owner.token))).toEqual({
    status: 'NOT_FOUND',
    message: SERVER_ERRORS.checkoutNotFound,
  });
  await checkout(stranger);
  const before = await snapshotStore(env.store);
  expect(errorOf(await env.call(API.confirmCheckout, { sessionId }, stranger.token)).status).toBe(
    'NOT_FOUND',
  );
  expect(errorOf(await finish(stranger, sessionId, true)).status).toBe('NOT_FOUND');
  expect(await snapshotStore(env.store)).toBe(before);

  expect(resultOf(await finish(owner, sessionId, false))).toEqual({
    returnTo: 'http://localhost:3000/dashboard/plans?checkout=canceled',
  });
  // A cancelled checkout stays cancelled: paying it afterwards buys nothing.
  await finish(owner, sessionId, true);
  expect(resultOf(await env.call(API.confirmCheckout, { sessionId }, owner.token))).toEqual({
    paid: false,
    plan: 'Free',
  });
});

it('cancels back to Free, and refuses to cancel a Free plan', async () => {
  const tenantId = await tenant();
  const owner = await env.member(tenantId, 'owner');
  expect(errorOf(await env.call(API.cancelSubscription, null, owner.token))).toEqual({
    status: 'FAILED_PRECONDITION',
    message: SERVER_ERRORS.noSubscription,
  });
  resultOf(await finish(owner, await checkout(owner, 'leader'), true));
  expect((await planOf(owner, tenantId)).features).toHaveLength(6);
  expect(resultOf(await env.call(API.cancelSubscription, null, owner.token))).toEqual({ plan: 'Free' });
  expect(await planOf(owner, tenantId)).toEqual({
    subscriptions: [expect.objectContaining({ status: 'canceled', product: { internalPlanName: 'Leader' } })],
    features: [],
  });
});

describe('entitlements enforced on the server', () => {
  const invite = (account: TestAccount, email: string, role: Role = 'user') =>
    env.call(API.createInvite, { email, surveyId: 'quickscan', role }, account.token);
  const availableRoles = async (account: TestAccount) =>
    resultOf<ApiResponses[typeof API.getAvailableRoles]>(
      await env.call(API.getAvailableRoles, null, account.token),
    ).availableRoles;

  it('keeps a Free team to five members and the basic roles, naming the plan that allows more', async () => {
    const tenantId = await tenant();
    const owner = await env.member(tenantId, 'owner');
    expect(await availableRoles(owner)).toEqual(['user', 'admin', 'owner']);
    for (let i = 1; i <= 4; i++) resultOf(await invite(owner, `member-${tenantId}-${i}@example.com`));
    const before = await snapshotStore(env.store);
    expect(errorOf(await invite(owner, `sixth-${tenantId}@example.com`))).toEqual({
      status: 'FAILED_PRECONDITION',
      message: SERVER_ERRORS.memberLimit(5, 'Growth'),
    });
    expect(errorOf(await invite(owner, `sixth-${tenantId}@example.com`, 'editor')).message).toBe(
      SERVER_ERRORS.roleNeedsPlan('editor', 'Growth'),
    );
    const member = await env.member(tenantId, 'user');
    expect(
      errorOf(await env.call(API.setUserRole, { uid: member.uid, tenantId, role: 'viewer' }, owner.token)),
    ).toEqual({ status: 'FAILED_PRECONDITION', message: SERVER_ERRORS.roleNeedsPlan('viewer', 'Growth') });
    // Admin stays available on Free.
    resultOf(await env.call(API.setUserRole, { uid: member.uid, tenantId, role: 'admin' }, owner.token));
    expect(await snapshotStore(env.store)).not.toBe(before);

    // Growth lifts both limits.
    resultOf(await finish(owner, await checkout(owner), true));
    expect(await availableRoles(owner)).toEqual(['user', 'viewer', 'editor', 'billing', 'admin', 'owner']);
    resultOf(await invite(owner, `sixth-${tenantId}@example.com`, 'editor'));
  });

  it('keeps members and roles after a downgrade, but grants no new advanced role', async () => {
    const tenantId = await tenant();
    const owner = await env.member(tenantId, 'owner');
    resultOf(await finish(owner, await checkout(owner), true));
    const member = await env.member(tenantId, 'user');
    resultOf(await env.call(API.setUserRole, { uid: member.uid, tenantId, role: 'editor' }, owner.token));
    resultOf(await env.call(API.cancelSubscription, null, owner.token));
    const users = resultOf<ApiResponses[typeof API.listTenantUsers]>(
      await env.call(API.listTenantUsers, null, owner.token),
    ).users;
    expect(users.find((user) => user.uid === member.uid)?.role).toBe('editor');
    expect(
      errorOf(await env.call(API.setUserRole, { uid: member.uid, tenantId, role: 'viewer' }, owner.token))
        .status,
    ).toBe('FAILED_PRECONDITION');
  });
});

describe('brandkit', () => {
  const brand = { primaryColor: '#7A1F5C', logo: 'data:image/png;base64,iVBORw0KGgo=' };

  it('saves the colour and logo on a plan with brandkit, and keeps them, unapplied, after a downgrade', async () => {
    const tenantId = await tenant();
    const owner = await env.member(tenantId, 'owner');
    const viewer = await env.member(tenantId, 'viewer');
    expect(errorOf(await env.call(API.saveBrand, brand, owner.token))).toEqual({
      status: 'FAILED_PRECONDITION',
      message: SERVER_ERRORS.featureNeedsPlan('Your logo and colours on the dashboard and reports', 'Growth'),
    });
    resultOf(await finish(owner, await checkout(owner), true));
    expect(errorOf(await env.call(API.saveBrand, brand, viewer.token)).status).toBe('PERMISSION_DENIED');
    expect(resultOf(await env.call(API.saveBrand, brand, owner.token))).toEqual({
      brand: { primaryColor: '#7a1f5c', logo: brand.logo },
      applied: true,
    });
    expect(resultOf(await env.call(API.getBrand, null, viewer.token))).toEqual({
      brand: { primaryColor: '#7a1f5c', logo: brand.logo },
      applied: true,
    });
    resultOf(await env.call(API.cancelSubscription, null, owner.token));
    expect(resultOf(await env.call(API.getBrand, null, viewer.token))).toMatchObject({ applied: false });
  });

  it('refuses a logo that is not a PNG or JPEG, or is too large', async () => {
    const owner = await env.member(await tenant(), 'owner');
    const svg = errorOf(
      await env.call(API.saveBrand, { ...brand, logo: 'data:image/svg+xml;base64,PHN2Zz4=' }, owner.token),
    );
    expect(svg).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: expect.stringContaining('PNG or JPEG'),
    });
    const huge = `data:image/png;base64,${'A'.repeat(300_000)}`;
    expect(errorOf(await env.call(API.saveBrand, { ...brand, logo: huge }, owner.token)).message).toContain(
      'at most 150 KB',
    );
  });
});
