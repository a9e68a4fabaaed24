// entitlements-getCustomerEntitlements: the tenant's active entitlements; none on Free.
// A billing failure answers "Failed to fetch entitlements" with empty entitlements.
import { API, entitlementKeys, MESSAGES, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { notFound } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { readTenant } from '../../repositories/tenants';
import { requireOwnTenant } from '../access';

export const getCustomerEntitlements = defineHandler(API.getCustomerEntitlements, {
  async run({ tenantId }, { caller, deps }): Promise<ApiResponses[typeof API.getCustomerEntitlements]> {
    requireOwnTenant(caller, tenantId, SERVER_ERRORS.ownEntitlementsOnly);
    const tenant = await readTenant(deps.store, tenantId);
    if (!tenant) throw notFound(MESSAGES.tenantNotFound);
    if (!tenant.stripeCustomerId) return { status: 'success', entitlements: [], features: [], error: null };
    try {
      const entitlements = await deps.billing.listEntitlements(tenant.stripeCustomerId);
      const features = entitlementKeys(entitlements);
      return { status: 'success', entitlements, features, error: null };
    } catch (error) {
      deps.log?.(
        `[billing] entitlements of ${tenantId}: ${error instanceof Error ? error.message : String(error)}`,
      );
      return { status: 'error', entitlements: [], features: [], error: MESSAGES.entitlementsFetchFailed };
    }
  },
});
