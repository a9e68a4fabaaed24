// admin-setUserRole (SPEC §7): an owner or admin gives a member of their tenant a role up to their own.
import { API, canGrantRole, SERVER_ERRORS } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { permissionDenied } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { requireRoleInPlan } from '../../billing/entitlements';
import { tenantPlan } from '../../billing/tenant-plan';
import { requireAssignRoles, requireOwnTenant } from '../access';
import { changeRole } from './change-role';

export const setUserRole = defineHandler({
  name: API.setUserRole,
  access: 'member',
  input: REQUESTS[API.setUserRole],
  async run({ uid, tenantId, role }, { caller, deps }) {
    requireAssignRoles(caller);
    requireOwnTenant(caller, tenantId);
    if (!canGrantRole(caller.role, role))
      throw permissionDenied(SERVER_ERRORS.roleAboveOwn(role, caller.role));
    requireRoleInPlan(role, (await tenantPlan(deps, tenantId)).entitlements);
    await changeRole(deps, caller, uid, role);
    return { status: 'success' as const, message: SERVER_ERRORS.roleSet(role) };
  },
});
