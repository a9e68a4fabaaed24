import {
  ENTITLEMENT_KEYS,
  FREE_PLAN,
  PAST_DUE_GRACE_DAYS,
  PRICE_LOOKUP_KEYS,
  entitlementKeys,
  formatMoney,
  graceUntil,
  hasEntitlement,
  isPaidSubscription,
  planUnlocking,
  priceLookupKey,
  resolvePlan,
  yearlySaving,
  type Entitlement,
  type PlanPrice,
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

  test('the six entitlement keys', () => {
    expect(ENTITLEMENT_KEYS).toEqual([
      'advanced-user-roles',
      'more-than-five-users',
      'brandkit',
      'custom-opportunities',
      'materiality-assessment',
      'result-verification',
    ]);
  });

  test('verification comes with Growth, the cheapest plan that has it', () => {
    expect(planUnlocking('result-verification').name).toBe('Growth');
  });
});

describe('past due', () => {
  const now = Date.parse('2026-11-26T00:00:00.000Z');
  const pastDue = (graceUntil: string | null) => ({
    status: 'past_due',
    product: { internalPlanName: 'Growth' },
    graceUntil,
  });

  test('keeps the plan until its grace period ends, then not', () => {
    expect(isPaidSubscription(pastDue('2026-11-27T00:00:00.000Z'), now)).toBe(true);
    expect(isPaidSubscription(pastDue('2026-11-25T00:00:00.000Z'), now)).toBe(false);
    expect(isPaidSubscription(pastDue(null), now)).toBe(false);
  });

  test('the grace period is PAST_DUE_GRACE_DAYS from the failed payment', () => {
    expect(graceUntil(new Date('2026-11-01T10:00:00.000Z'))).toBe(
      new Date(Date.parse('2026-11-01T10:00:00.000Z') + PAST_DUE_GRACE_DAYS * 86_400_000).toISOString(),
    );
  });
});

describe('prices', () => {
  const price = (planId: 'growth' | 'leader', period: 'month' | 'year', amount: number): PlanPrice => ({
    planId,
    period,
    lookupKey: priceLookupKey(planId, period),
    amount,
    currency: 'aud',
    taxIncluded: true,
  });

  test('are looked up by <plan>_monthly and <plan>_yearly', () => {
    expect(PRICE_LOOKUP_KEYS).toEqual(['growth_monthly', 'growth_yearly', 'leader_monthly', 'leader_yearly']);
  });

  test('a year saves what twelve months cost more, with its share', () => {
    const prices = [price('growth', 'month', 4_900), price('growth', 'year', 49_000)];
    expect(yearlySaving(prices, 'growth')).toEqual({ amount: 9_800, percent: 17 });
    expect(yearlySaving(prices, 'leader')).toBeNull();
    expect(
      yearlySaving([price('growth', 'month', 1_000), price('growth', 'year', 12_000)], 'growth'),
    ).toBeNull();
  });

  test('amounts in cents read as Australian dollars', () => {
    expect(formatMoney(4_900, 'aud')).toBe('$49.00');
    expect(formatMoney(149_000, 'aud')).toBe('$1,490.00');
    expect(formatMoney(-2_450, 'aud')).toBe('-$24.50');
  });
});
