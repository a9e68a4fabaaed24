// admin-removeUserRole: the member's role goes back to user.
import { API, SERVER_ERRORS } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { defineHandler } from '../../api/handler';
import { requireOwnTenant } from '../access';
import { changeRole } from './change-role';

export const removeUserRole = defineHandler({
  name: API.removeUserRole,
  access: 'member:assignRoles',
  input: REQUESTS[API.removeUserRole],
  async run({ uid, tenantId }, { caller, deps }) {
    requireOwnTenant(caller, tenantId);
    const previousRole = await changeRole(deps, caller, { operation: 'remove', uid, role: 'user' });
    return {
      status: 'success' as const,
      message: SERVER_ERRORS.roleRemoved(previousRole),
      previousRole,
      newRole: 'user' as const,
    };
  },
});
