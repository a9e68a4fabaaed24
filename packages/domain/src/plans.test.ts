import {
  ENTITLEMENT_KEYS,
  FREE_PLAN,
  entitlementKeys,
  hasEntitlement,
  resolvePlan,
  type Entitlement,
  type PlanSource,
} from './plans';

const tenant = { stripeCustomerId: 'cus_123' };
const sub = (status: string, internalPlanName?: string | null) => ({ status, product: { internalPlanName } });

describe('resolvePlan', () => {
  test.each<[string, PlanSource, string]>([
    ['active subscription', { tenant, subscriptions: [sub('active', 'Growth')] }, 'Growth'],
    ['trialing subscription', { tenant, subscriptions: [sub('trialing', 'Pro')] }, 'Pro'],
    ['no subscriptions', { tenant, subscriptions: [] }, FREE_PLAN],
    ['subscriptions missing', { tenant }, FREE_PLAN],
    ['cancelled only', { tenant, subscriptions: [sub('canceled', 'Pro')] }, FREE_PLAN],
    ['past_due only', { tenant, subscriptions: [sub('past_due', 'Pro')] }, FREE_PLAN],
    ['first paid one wins', { tenant, subscriptions: [sub('canceled', 'Old'), sub('active', 'New')] }, 'New'],
    ['paid but no plan name', { tenant, subscriptions: [sub('active', null)] }, FREE_PLAN],
    ['paid but blank plan name', { tenant, subscriptions: [sub('active', '  ')] }, FREE_PLAN],
    ['paid without product', { tenant, subscriptions: [{ status: 'active' }] }, FREE_PLAN],
    ['any error', { tenant, subscriptions: [sub('active', 'Pro')], error: new Error('boom') }, FREE_PLAN],
    [
      'error given as a string',
      { tenant, subscriptions: [sub('active', 'Pro')], error: 'denied' },
      FREE_PLAN,
    ],
    ['missing tenant', { tenant: null, subscriptions: [sub('active', 'Pro')] }, FREE_PLAN],
    ['missing customer id', { tenant: {}, subscriptions: [sub('active', 'Pro')] }, FREE_PLAN],
    [
      'empty customer id',
      { tenant: { stripeCustomerId: '' }, subscriptions: [sub('active', 'Pro')] },
      FREE_PLAN,
    ],
    ['status is case-sensitive', { tenant, subscriptions: [sub('Active', 'Pro')] }, FREE_PLAN],
  ])('%s', (_name, source, plan) => {
    expect(resolvePlan(source)).toBe(plan);
  });
});

describe('entitlementKeys', () => {
  test.each<[string, Entitlement[] | null | undefined, string[]]>([
    ['top-level lookup_key', [{ lookup_key: 'brandkit', value: true }], ['brandkit']],
    [
      'lookup_key under feature',
      [{ feature: { lookup_key: 'materiality-assessment' } }],
      ['materiality-assessment'],
    ],
    [
      'top-level wins over feature',
      [{ lookup_key: 'brandkit', feature: { lookup_key: 'other' } }],
      ['brandkit'],
    ],
    [
      'mixed and duplicated',
      [
        { lookup_key: 'brandkit' },
        { feature: { lookup_key: 'brandkit' } },
        { lookup_key: 'custom-opportunities' },
      ],
      ['brandkit', 'custom-opportunities'],
    ],
    ['no key at all', [{ value: 3 }, { feature: {} }, { lookup_key: '' }], []],
    ['value false is switched off', [{ lookup_key: 'brandkit', value: false }], []],
    ['null list', null, []],
    ['undefined list', undefined, []],
  ])('%s', (_name, entitlements, keys) => {
    expect(entitlementKeys(entitlements)).toEqual(keys);
  });
});

describe('hasEntitlement', () => {
  const granted: Entitlement[] = [
    { lookup_key: 'brandkit' },
    { feature: { lookup_key: 'more-than-five-users' } },
  ];
  test.each<[(typeof ENTITLEMENT_KEYS)[number], string | undefined, boolean]>([
    ['brandkit', undefined, true],
    ['more-than-five-users', 'Growth', true],
    ['advanced-user-roles', 'Growth', false],
    ['brandkit', FREE_PLAN, false],
  ])('%s on plan %s -> %s', (key, plan, expected) => {
    expect(hasEntitlement(granted, key, plan)).toBe(expected);
  });

  test('the five entitlement keys', () => {
    expect(ENTITLEMENT_KEYS).toEqual([
      'advanced-user-roles',
      'more-than-five-users',
      'brandkit',
      'custom-opportunities',
      'materiality-assessment',
    ]);
  });
});
