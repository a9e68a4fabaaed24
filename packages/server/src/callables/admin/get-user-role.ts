// admin-getUserRole: a member's stored role, e-mail and claims; others' only for user managers.
import { API, SERVER_ERRORS } from '@toolkit/domain';
import { notFound } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { readTenantUser } from '../../repositories/users';
import { requireManageUsersForOthers, requireOwnTenant } from '../access';

export const getUserRole = defineHandler(API.getUserRole, {
  async run({ uid, tenantId }, { caller, deps }) {
    requireOwnTenant(caller, tenantId);
    requireManageUsersForOthers(caller, [uid], SERVER_ERRORS.othersRolesHidden);
    const target = await readTenantUser(deps.store, tenantId, uid);
    if (!target) throw notFound(SERVER_ERRORS.noSuchUser);
    const user = await deps.auth.getUser(uid);
    return {
      status: 'success' as const,
      role: target.role,
      email: user?.email ?? (target.email || null),
      claims: user?.customClaims ?? {},
    };
  },
});
