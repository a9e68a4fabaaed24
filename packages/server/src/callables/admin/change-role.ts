// The role-change use case behind admin-setUserRole and admin-removeUserRole. Roles live in the
// tenant user's `role` field (what the router reads on every request) and are mirrored into custom
// claims {tenantId, role} for the browser's guards.
import { SERVER_ERRORS, type Role } from '@toolkit/domain';
import { ApiError, notFound, permissionDenied } from '../../api/errors';
import type { Member, ServerDeps } from '../../api/handler';
import { grantTenantClaims } from '../../auth/port';
import { paths } from '../../repositories/paths';
import { roleOf } from '../../repositories/users';
import { FieldValue } from '../../store/port';

/** Sets the role in one transaction that guards the last owner; answers the previous role. */
export async function changeRole(deps: ServerDeps, caller: Member, uid: string, role: Role): Promise<Role> {
  const { tenantId } = caller;
  const previous = await deps.store.transaction(async (tx) => {
    const target = await tx.get(paths.tenantUser(tenantId, uid));
    if (!target.data) throw notFound(SERVER_ERRORS.noSuchUser);
    const current = roleOf(target.data);
    if (current === 'owner' && caller.role !== 'owner') {
      throw permissionDenied(SERVER_ERRORS.ownerRoleByOwnerOnly);
    }
    if (current === 'owner' && role !== 'owner') {
      const owners = await tx.query(paths.tenantUsers(tenantId), { where: [['role', '==', 'owner']] });
      if (owners.length <= 1) throw new ApiError('failed-precondition', SERVER_ERRORS.lastOwner);
    }
    // Overrides were granted for the old role; none outlives a change of role. A member whose role
    // is managed here has joined: an open invite no longer makes them invitable again.
    if (current !== role) {
      tx.update(paths.tenantUser(tenantId, uid), {
        role,
        permissions: FieldValue.delete(),
        invitePending: FieldValue.delete(),
        accountCreatedByInvite: FieldValue.delete(),
      });
    }
    return current;
  });
  await grantTenantClaims(deps.auth, uid, tenantId, role);
  return previous;
}
