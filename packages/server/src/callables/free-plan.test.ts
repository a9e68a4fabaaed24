import { API } from '@toolkit/domain';
import { errorOf, resultOf, startTestEnv, type TestAccount, type TestEnv } from '../testing';
import { paths } from '../repositories/paths';

let env: TestEnv;
let viewer: TestAccount;

beforeAll(async () => {
  env = await startTestEnv({ authPort: 9414 });
  await env.store.set(paths.tenant('free-co'), { createdBy: 'someone', getStarted: true });
  viewer = await env.member('free-co', 'viewer');
}, 120_000);

afterAll(() => env?.stop(), 60_000);

describe('a tenant without a billing customer is on the Free plan', () => {
  it('has no subscriptions', async () => {
    expect(resultOf(await env.call(API.getSubscriptionDetails, null, viewer.token))).toEqual({
      status: 'success',
      subscriptions: [],
    });
  });

  it('has no entitlements or features', async () => {
    expect(
      resultOf(await env.call(API.getCustomerEntitlements, { tenantId: 'free-co' }, viewer.token)),
    ).toEqual({
      status: 'success',
      entitlements: [],
      features: [],
      error: null,
    });
  });
});

it('answers entitlements only for the caller’s own tenant', async () => {
  await env.store.set(paths.tenant('other-co'), { createdBy: 'someone', getStarted: true });
  const error = errorOf(await env.call(API.getCustomerEntitlements, { tenantId: 'other-co' }, viewer.token));
  expect(error.status).toBe('PERMISSION_DENIED');
});

it('says "Tenant not found" for a member whose tenant record is missing', async () => {
  const orphan = await env.member('gone-co', 'owner');
  expect(errorOf(await env.call(API.getSubscriptionDetails, null, orphan.token))).toEqual({
    status: 'NOT_FOUND',
    message: 'Tenant not found',
  });
});

it('says plainly that paid billing is not available yet for a tenant with a billing customer', async () => {
  await env.store.set(paths.tenant('paying-co'), {
    createdBy: 'someone',
    getStarted: true,
    stripeCustomerId: 'cus_1',
  });
  const owner = await env.member('paying-co', 'owner');
  expect(
    errorOf(await env.call(API.getCustomerEntitlements, { tenantId: 'paying-co' }, owner.token)),
  ).toEqual({
    status: 'UNIMPLEMENTED',
    message: 'Billing is not available yet, so paid plans cannot be shown.',
  });
});
