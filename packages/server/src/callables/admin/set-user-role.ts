// admin-setUserRole: an owner or admin gives a member of their tenant a role, as the one
// role rule allows.
import { API, SERVER_ERRORS } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { requireRoleInPlan } from '../../billing/entitlements';
import { tenantPlan } from '../../billing/tenant-plan';
import { requireOwnTenant } from '../access';
import { changeRole } from './change-role';

export const setUserRole = defineHandler(API.setUserRole, {
  checkRevoked: true,
  async run({ uid, tenantId, role }, { caller, deps, now }) {
    requireOwnTenant(caller, tenantId);
    const { entitlements } = await tenantPlan(deps, tenantId);
    // The plan is named only once the rule allows the change, so no one is told to upgrade for a role
    // they could not give anyway.
    await changeRole(deps, caller, { operation: 'change', uid, role }, now, () =>
      requireRoleInPlan(role, entitlements),
    );
    return { status: 'success' as const, message: SERVER_ERRORS.roleSet(role) };
  },
});
