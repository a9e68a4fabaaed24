// A tenant's plan and entitlements (docs/behaviour.md, Plans and entitlements): Free without a customer id, on any
// error or without an active or trialing subscription; the entitlement keys of the active ones.
import { entitlementKeys, FREE_PLAN, resolvePlan, type Subscription } from '@toolkit/domain';
import type { ServerDeps } from '../api/handler';
import { readTenant } from '../repositories/tenants';

export interface TenantPlan {
  plan: string;
  entitlements: string[];
  customerId: string | null;
  subscriptions: Subscription[];
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
      entitlements: plan === FREE_PLAN ? [] : entitlementKeys(entitlements),
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
