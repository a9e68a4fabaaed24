// SPEC §7 subscription and entitlement callables. Billing is not built yet, so every tenant is on
// the Free plan (SPEC §4: no billing customer id → Free; §6: Free has no entitlements).
import { API, MESSAGES } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { defineHandler } from '../api/handler';
import { ApiError, notFound, permissionDenied } from '../api/errors';
import { getTenant } from '../repositories/tenants';
import type { DocumentStore } from '../store/port';

/** Reads the tenant record; one with a billing customer would need the billing we lack. */
async function requireFreeTenant(store: DocumentStore, tenantId: string): Promise<void> {
  const tenant = await getTenant(store, tenantId);
  if (!tenant) throw notFound(MESSAGES.tenantNotFound);
  if (tenant.stripeCustomerId) {
    throw new ApiError('unimplemented', 'Billing is not available yet, so paid plans cannot be shown.');
  }
}

export const getSubscriptionDetails = defineHandler({
  name: API.getSubscriptionDetails,
  access: 'member',
  input: REQUESTS[API.getSubscriptionDetails],
  async run(_input, { caller, deps }) {
    await requireFreeTenant(deps.store, caller.tenantId);
    return { status: 'success' as const, subscriptions: [] };
  },
});

export const getCustomerEntitlements = defineHandler({
  name: API.getCustomerEntitlements,
  access: 'member',
  input: REQUESTS[API.getCustomerEntitlements],
  async run({ tenantId }, { caller, deps }) {
    if (tenantId !== caller.tenantId) {
      throw permissionDenied("You can only see your own organisation's entitlements.");
    }
    await requireFreeTenant(deps.store, tenantId);
    return { status: 'success' as const, entitlements: [], features: [], error: null };
  },
});

export const billingHandlers = [getSubscriptionDetails, getCustomerEntitlements];
