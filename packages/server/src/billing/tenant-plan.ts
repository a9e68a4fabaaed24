// A tenant's plan and entitlements (docs/behaviour.md, Plans and entitlements): Free without a customer id, on any
// error or without an active, trialing or in-grace past-due subscription; the entitlement keys of those.
import {
  entitlementKeys,
  FREE_PLAN,
  isPaidSubscription,
  PLAN_OFFERS,
  resolvePlan,
  type Subscription,
} from '@toolkit/domain';
import type { ServerDeps } from '../api/handler';
import { readTenant } from '../repositories/tenants';
import type { PlanState } from './port';

/**
 * A past-due subscription keeps its plan's features through the grace period, whether or not the
 * provider still lists them as active entitlements.
 */
function graceKeys(subscriptions: readonly Subscription[]): string[] {
  const inGrace = subscriptions.filter(
    (subscription) => subscription.status === 'past_due' && isPaidSubscription(subscription),
  );
  const names = new Set(inGrace.map((subscription) => subscription.product?.internalPlanName));
  return PLAN_OFFERS.filter((offer) => names.has(offer.name)).flatMap((offer) => offer.entitlements);
}

export interface TenantPlan {
  plan: string;
  entitlements: string[];
  customerId: string | null;
  subscriptions: Subscription[];
}

/** The plan as an audit entry names it: with the period of its paid subscription. */
export function planState({ plan, subscriptions }: TenantPlan): PlanState {
  const paid =
    plan === FREE_PLAN ? undefined : subscriptions.find((subscription) => isPaidSubscription(subscription));
  return { plan, period: paid?.period ?? null };
}

export async function tenantPlan(deps: ServerDeps, tenantId: string): Promise<TenantPlan> {
  const tenant = await readTenant(deps.store, tenantId);
  const customerId = tenant?.stripeCustomerId ?? null;
  if (!customerId) return { plan: FREE_PLAN, entitlements: [], customerId, subscriptions: [] };
  try {
    const [subscriptions, entitlements] = await Promise.all([
      deps.billing.listSubscriptions(customerId),
      deps.billing.listEntitlements(customerId),
    ]);
    const plan = resolvePlan({ tenant: { stripeCustomerId: customerId }, subscriptions });
    return {
      plan,
      entitlements:
        plan === FREE_PLAN
          ? []
          : [...new Set([...entitlementKeys(entitlements), ...graceKeys(subscriptions)])],
      customerId,
      subscriptions,
    };
  } catch (error) {
    deps.log?.(
      `[billing] plan of ${tenantId} unavailable, Free meanwhile: ${error instanceof Error ? error.message : String(error)}`,
    );
    return { plan: FREE_PLAN, entitlements: [], customerId, subscriptions: [] };
  }
}
