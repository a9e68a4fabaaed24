// admin-getAvailableRoles: the roles the caller may give a new member or another
// (non-owner) member, by the one role rule, from their stored role and rights and what the
// organisation's plan includes.
import { allowedRoles, API, roleAllowedBy, ROLES, type RoleChange } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { tenantPlan } from '../../billing/tenant-plan';

export const getAvailableRoles = defineHandler(API.getAvailableRoles, {
  async run(_input, { caller, deps }) {
    const { entitlements } = await tenantPlan(deps, caller.tenantId);
    const someone: Omit<RoleChange, 'role' | 'operation'> = {
      actor: { uid: caller.uid, role: caller.role, permissions: caller.permissions },
      target: { uid: null, role: null },
      // Who else is owner matters only for an owner's own role, which this list is not about.
      owners: 1,
    };
    const allowed = new Set([
      ...allowedRoles({ ...someone, operation: 'invite' }),
      ...allowedRoles({ ...someone, operation: 'change' }),
    ]);
    const availableRoles = ROLES.filter((role) => allowed.has(role) && roleAllowedBy(role, entitlements));
    return { status: 'success' as const, availableRoles, userRole: caller.role };
  },
});
