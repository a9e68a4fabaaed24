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
  'result-verification',
] as const;
export type EntitlementKey = (typeof ENTITLEMENT_KEYS)[number];

export interface Subscription {
  status?: string | null;
  product?: { internalPlanName?: string | null } | null;
  /** How often it renews, and when the period paid for ends (ISO). */
  period?: BillingPeriod | null;
  currentPeriodEnd?: string | null;
  /** Past due only: until when the plan is kept while the payment is put right (ISO). */
  graceUntil?: string | null;
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

/** A failed renewal keeps the plan this long before entitlements end (docs/behaviour.md, Past due). */
export const PAST_DUE_GRACE_DAYS = 14;

export function isPaidSubscription(subscription: Subscription, now = Date.now()): boolean {
  if (subscription.status === 'past_due') {
    return !!subscription.graceUntil && Date.parse(subscription.graceUntil) > now;
  }
  return (PAID_SUBSCRIPTION_STATES as readonly unknown[]).includes(subscription.status);
}

/** The end of the grace period of a subscription past due since `since`. */
export const graceUntil = (since: Date) =>
  new Date(since.getTime() + PAST_DUE_GRACE_DAYS * 86_400_000).toISOString();

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
    summary: 'For a growing team: more members, finer roles, your own brand and verified results.',
    entitlements: ['more-than-five-users', 'advanced-user-roles', 'brandkit', 'result-verification'],
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
  'result-verification': "Your results verified by your toolkit's publisher",
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

// Prices, invoices and plan changes, as the billing provider holds them (docs/behaviour.md, Prices).
export const BILLING_PERIODS = ['month', 'year'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/** One price of a paid plan; amounts are in the currency's minor unit (cents). */
export interface PlanPrice {
  planId: PaidPlanId;
  period: BillingPeriod;
  /** The provider's lookup key: `<plan>_monthly` or `<plan>_yearly`. */
  lookupKey: string;
  amount: number;
  currency: string;
  /** GST included in the amount. */
  taxIncluded: boolean;
}

export const priceLookupKey = (planId: PaidPlanId, period: BillingPeriod) =>
  `${planId}_${period === 'month' ? 'monthly' : 'yearly'}`;

export const PRICE_LOOKUP_KEYS = PAID_PLAN_IDS.flatMap((planId) =>
  BILLING_PERIODS.map((period) => priceLookupKey(planId, period)),
);

/** What paying yearly saves against twelve months, when the plan has both prices. */
export function yearlySaving(
  prices: readonly PlanPrice[],
  planId: PaidPlanId,
): { amount: number; percent: number } | null {
  const monthly = prices.find((price) => price.planId === planId && price.period === 'month');
  const yearly = prices.find((price) => price.planId === planId && price.period === 'year');
  if (!monthly || !yearly || monthly.currency !== yearly.currency) return null;
  const amount = monthly.amount * 12 - yearly.amount;
  if (amount <= 0) return null;
  return { amount, percent: Math.round((amount / (monthly.amount * 12)) * 100) };
}

/** An amount in minor units as Australians read it, e.g. A$49.00 for 4900 aud. */
export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-AU', {
    style: 'currency',
    currency: currency.toUpperCase(),
    currencyDisplay: currency.toLowerCase() === 'aud' ? 'narrowSymbol' : 'symbol',
  }).format(amount / 100);
}

/**
 * What a change of plan or period does to the current period, as the provider computes it:
 * `credit` for the unused time of the current price, `charge` for the new price, `total` what is
 * invoiced now (negative: a credit kept for the next invoices).
 */
export interface ChangePreview {
  credit: number;
  charge: number;
  total: number;
  currency: string;
  /** When the new price renews next (ISO). */
  renewsAt: string | null;
}

export const INVOICE_STATES = ['draft', 'open', 'paid', 'void', 'uncollectible'] as const;
export type InvoiceStatus = (typeof INVOICE_STATES)[number];

export interface Invoice {
  id: string;
  number: string | null;
  /** When it was issued (ISO). */
  date: string;
  amount: number;
  currency: string;
  status: InvoiceStatus;
  description: string;
  /** The provider's PDF or receipt page; none for a draft. */
  url: string | null;
}

/** The local sandbox's test cards: no card number is ever asked for or kept. */
export const SANDBOX_CARD_ENDINGS = ['4242', '4444'] as const;
export interface SandboxCard {
  brand: string;
  last4: (typeof SANDBOX_CARD_ENDINGS)[number];
}
