// The tenant's plan and entitlements as the browser resolves them: Free and no
// entitlements on any failure, with "Failed to fetch entitlements" as the error.
import { API, entitlementKeys, FREE_PLAN, MESSAGES, planOfSubscriptions } from '@toolkit/domain';
import type { CallableClient } from './callable';
import { callApi } from './endpoints';

export interface ResolvedPlan {
  plan: string;
  entitlements: string[];
  error: string | null;
}

export async function fetchPlan(callable: CallableClient, tenantId: string): Promise<ResolvedPlan> {
  try {
    const [details, granted] = await Promise.all([
      callApi(callable, API.getSubscriptionDetails, null),
      callApi(callable, API.getCustomerEntitlements, { tenantId }),
    ]);
    // The server lists subscriptions only for a tenant with a billing customer.
    const plan = planOfSubscriptions(details.subscriptions);
    if (granted.error) return { plan, entitlements: [], error: granted.error };
    return {
      plan,
      entitlements: plan === FREE_PLAN ? [] : entitlementKeys(granted.entitlements),
      error: null,
    };
  } catch {
    return { plan: FREE_PLAN, entitlements: [], error: MESSAGES.entitlementsFetchFailed };
  }
}
