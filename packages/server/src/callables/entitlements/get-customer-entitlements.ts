// entitlements-getCustomerEntitlements (SPEC §7): the tenant's entitlements; none on the Free plan.
import { API, SERVER_ERRORS } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { permissionDenied } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { requireFreeTenant } from '../free-plan';

export const getCustomerEntitlements = defineHandler({
  name: API.getCustomerEntitlements,
  access: 'member',
  input: REQUESTS[API.getCustomerEntitlements],
  async run({ tenantId }, { caller, deps }) {
    if (tenantId !== caller.tenantId) throw permissionDenied(SERVER_ERRORS.ownEntitlementsOnly);
    await requireFreeTenant(deps.store, tenantId);
    return { status: 'success' as const, entitlements: [], features: [], error: null };
  },
});
