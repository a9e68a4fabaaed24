// SPEC §4 "Plan", §3 Entitlement and Subscription, §6 feature entitlements.

export const FREE_PLAN = 'Free';
export const PAID_SUBSCRIPTION_STATES = ['active', 'trialing'] as const;

export const ENTITLEMENT_KEYS = [
  'advanced-user-roles',
  'more-than-five-users',
  'brandkit',
  'custom-opportunities',
  'materiality-assessment',
] as const;
export type EntitlementKey = (typeof ENTITLEMENT_KEYS)[number];

export interface Subscription {
  status?: string | null;
  product?: { internalPlanName?: string | null } | null;
}

export interface Entitlement {
  lookup_key?: string | null;
  feature?: { lookup_key?: string | null } | null;
  value?: unknown;
}

export interface PlanSource {
  tenant?: { stripeCustomerId?: string | null } | null;
  subscriptions?: readonly Subscription[] | null;
  error?: unknown;
}

export function isPaidSubscription(subscription: Subscription): boolean {
  return (PAID_SUBSCRIPTION_STATES as readonly unknown[]).includes(subscription.status);
}

export function resolvePlan({ tenant, subscriptions, error }: PlanSource): string {
  if (error != null || !tenant?.stripeCustomerId) return FREE_PLAN;
  for (const subscription of subscriptions ?? []) {
    const name = subscription.product?.internalPlanName?.trim();
    if (isPaidSubscription(subscription) && name) return name;
  }
  return FREE_PLAN;
}

export function isFreePlan(plan: string): boolean {
  return plan === FREE_PLAN;
}

function keyOf(entitlement: Entitlement): string | null {
  const key = entitlement.lookup_key ?? entitlement.feature?.lookup_key;
  return typeof key === 'string' && key !== '' ? key : null;
}

// An entitlement whose value is explicitly false is a feature switched off, not granted.
export function entitlementKeys(entitlements: readonly Entitlement[] | null | undefined): string[] {
  const keys = new Set<string>();
  for (const entitlement of entitlements ?? []) {
    if (!entitlement || entitlement.value === false) continue;
    const key = keyOf(entitlement);
    if (key) keys.add(key);
  }
  return [...keys];
}

export function hasEntitlement(
  entitlements: readonly Entitlement[] | null | undefined,
  key: EntitlementKey,
  plan?: string,
): boolean {
  if (plan !== undefined && isFreePlan(plan)) return false;
  return entitlementKeys(entitlements).includes(key);
}
