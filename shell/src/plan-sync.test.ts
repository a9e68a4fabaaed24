import { API } from '@toolkit/domain';
import { createFakeBackend, serverError } from '@toolkit/platform/testing';
import { authChanged, createAppStore } from '@toolkit/store-contract';
import { syncPlan } from './plan-sync';

const member = (tenantId: string | null, isAnonymous = false) => ({
  uid: 'u1',
  email: 'ana@example.com',
  displayName: null,
  emailVerified: true,
  isAnonymous,
  tenantId,
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup() {
  const backend = createFakeBackend({
    [API.getSubscriptionDetails]: () => ({
      status: 'success',
      subscriptions: [{ status: 'trialing', product: { internalPlanName: 'Growth' } }],
    }),
    [API.getCustomerEntitlements]: () => ({
      status: 'success',
      entitlements: [{ lookup_key: 'brandkit' }, { feature: { lookup_key: 'advanced-user-roles' } }],
      features: [],
      error: null,
    }),
  });
  const store = createAppStore({ storage: null });
  syncPlan(store, backend);
  return { backend, store };
}

it('resolves the plan and entitlements once a member of a tenant signs in, and Free when they leave', async () => {
  const { backend, store } = setup();
  store.dispatch(authChanged({ user: member(null), claims: { role: 'owner', tenantId: 't1' } }));
  await settle();
  expect(store.getState().plan).toEqual({
    plan: 'Growth',
    entitlements: ['brandkit', 'advanced-user-roles'],
    error: null,
  });
  expect(backend.callsTo(API.getCustomerEntitlements)).toEqual([{ tenantId: 't1' }]);
  store.dispatch(authChanged({ user: null }));
  expect(store.getState().plan).toEqual({ plan: 'Free', entitlements: [], error: null });
});

it('asks nothing for an anonymous respondent', async () => {
  const { backend, store } = setup();
  store.dispatch(authChanged({ user: member(null, true), claims: {} }));
  await settle();
  expect(backend.calls).toEqual([]);
  expect(store.getState().plan.plan).toBe('Free');
});

it('falls back to Free with "Failed to fetch entitlements" when billing fails', async () => {
  const { backend, store } = setup();
  backend.handlers.set(API.getCustomerEntitlements, () => serverError('unavailable', 'down'));
  store.dispatch(authChanged({ user: member(null), claims: { role: 'owner', tenantId: 't1' } }));
  await settle();
  expect(store.getState().plan).toEqual({
    plan: 'Free',
    entitlements: [],
    error: 'Failed to fetch entitlements',
  });
});
