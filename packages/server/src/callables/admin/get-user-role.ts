// admin-getUserRole: a member's stored role, e-mail and claims; others' only for user managers.
import { API, SERVER_ERRORS } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { notFound, permissionDenied } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { paths } from '../../repositories/paths';
import { roleOf } from '../../repositories/users';
import { requireOwnTenant } from '../access';

export const getUserRole = defineHandler({
  name: API.getUserRole,
  access: 'member',
  input: REQUESTS[API.getUserRole],
  async run({ uid, tenantId }, { caller, deps }) {
    requireOwnTenant(caller, tenantId);
    if (uid !== caller.uid && !caller.permissions.manageUsers) {
      throw permissionDenied(SERVER_ERRORS.othersRolesHidden);
    }
    const target = await deps.store.get(paths.tenantUser(tenantId, uid));
    if (!target.data) throw notFound(SERVER_ERRORS.noSuchUser);
    const user = await deps.auth.getUser(uid);
    return {
      status: 'success' as const,
      role: roleOf(target.data),
      email: user?.email ?? (typeof target.data.email === 'string' ? target.data.email : null),
      claims: user?.customClaims ?? {},
    };
  },
});
