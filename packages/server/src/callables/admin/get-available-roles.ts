// admin-getAvailableRoles (SPEC §7): the roles the caller may grant, from their stored role and
// what the organisation's plan includes.
import { API, grantableRoles, roleAllowedBy } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { defineHandler } from '../../api/handler';
import { tenantPlan } from '../../billing/tenant-plan';

export const getAvailableRoles = defineHandler({
  name: API.getAvailableRoles,
  access: 'member',
  input: REQUESTS[API.getAvailableRoles],
  async run(_input, { caller, deps }) {
    const { entitlements } = await tenantPlan(deps, caller.tenantId);
    const availableRoles = grantableRoles(caller.role).filter((role) => roleAllowedBy(role, entitlements));
    return { status: 'success' as const, availableRoles, userRole: caller.role };
  },
});
