// admin-removeUserRole: the member's role goes back to user, and their sessions end: a token they
// hold is refused at once by the callables that change roles, billing or membership.
import { API, SERVER_ERRORS } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { requireOwnTenant } from '../access';
import { changeRole } from './change-role';

export const removeUserRole = defineHandler(API.removeUserRole, {
  checkRevoked: true,
  async run({ uid, tenantId }, { caller, deps, now }) {
    requireOwnTenant(caller, tenantId);
    const previousRole = await changeRole(deps, caller, { operation: 'remove', uid, role: 'user' }, now);
    // A role taken away ends the sessions that held it; one who was a user already lost nothing.
    if (previousRole !== 'user') await deps.auth.revokeRefreshTokens(uid);
    return {
      status: 'success' as const,
      message: SERVER_ERRORS.roleRemoved(previousRole),
      previousRole,
      newRole: 'user' as const,
    };
  },
});
