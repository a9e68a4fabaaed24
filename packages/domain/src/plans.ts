// Plans, subscriptions and entitlements (docs/behaviour.md, Plans and entitlements).
import type { Role } from './roles';

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
  return planOfSubscriptions(subscriptions);
}

/** The internal plan name of the first active or trialing subscription; Free without one. */
export function planOfSubscriptions(subscriptions: readonly Subscription[] | null | undefined): string {
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

/** A plan a tenant can be on: its name is the subscription product's internalPlanName. */
export interface PlanOffer {
  id: 'free' | 'growth' | 'leader';
  name: string;
  summary: string;
  entitlements: readonly EntitlementKey[];
}

/** The plans, cheapest first; no prices are shown. */
export const PLAN_OFFERS: readonly PlanOffer[] = [
  {
    id: 'free',
    name: FREE_PLAN,
    summary: 'Everything to start your journey, for a team of up to five.',
    entitlements: [],
  },
  {
    id: 'growth',
    name: 'Growth',
    summary: 'For a growing team: more members, finer roles and your own brand.',
    entitlements: ['more-than-five-users', 'advanced-user-roles', 'brandkit'],
  },
  {
    id: 'leader',
    name: 'Leader',
    summary: 'For leaders: your own actions and a double-materiality assessment as well.',
    entitlements: ENTITLEMENT_KEYS,
  },
];
export type PaidPlanId = Exclude<PlanOffer['id'], 'free'>;
export const PAID_PLAN_IDS = ['growth', 'leader'] as const satisfies readonly PaidPlanId[];

export const ENTITLEMENT_NAMES: Readonly<Record<EntitlementKey, string>> = {
  'advanced-user-roles': 'Billing, editor and viewer roles',
  'more-than-five-users': 'More than five team members',
  brandkit: 'Your logo and colours on the dashboard and reports',
  'custom-opportunities': 'Actions you write yourself',
  'materiality-assessment': 'Double-materiality assessment',
};

/** Members a tenant may have without more-than-five-users, the owner included. */
export const FREE_MEMBER_LIMIT = 5;
/** Roles that need advanced-user-roles; owner, admin and user are always available. */
export const ADVANCED_ROLES: readonly Role[] = ['billing', 'editor', 'viewer'];

/** The cheapest plan that includes a feature. */
export function planUnlocking(key: EntitlementKey): PlanOffer {
  return (
    PLAN_OFFERS.find((offer) => offer.entitlements.includes(key)) ?? PLAN_OFFERS[PLAN_OFFERS.length - 1]!
  );
}

/** Whether a role may be granted with these entitlements. */
export function roleAllowedBy(role: Role, entitlements: readonly string[]): boolean {
  return !ADVANCED_ROLES.includes(role) || entitlements.includes('advanced-user-roles');
}
