// The role-change use case behind admin-setUserRole and admin-removeUserRole. Roles live in the
// tenant user's `role` field (what the router reads on every request) and are mirrored into custom
// claims {tenantId, role} for the browser's guards.
import {
  roleChangeRefusal,
  roleRefusalMessage,
  SERVER_ERRORS,
  type Role,
  type RoleChange,
} from '@toolkit/domain';
import { ApiError, notFound, permissionDenied } from '../../api/errors';
import type { Member, ServerDeps } from '../../api/handler';
import { grantTenantClaims } from '../../auth/port';
import { paths } from '../../repositories/paths';
import { roleOf } from '../../repositories/users';
import { FieldValue, type DocSnapshot, type StoreTransaction } from '../../store/port';

/**
 * Owners who have joined. Invites used to write a member record, marked `invitePending`, before
 * anyone accepted; such a record proves no one can run the organisation, so it never counts.
 */
export const countJoinedOwners = (members: readonly DocSnapshot[]): number =>
  members.filter((member) => roleOf(member.data) === 'owner' && member.data?.invitePending !== true).length;

async function joinedOwners(tx: StoreTransaction, tenantId: string): Promise<number> {
  return countJoinedOwners(await tx.query(paths.tenantUsers(tenantId), { where: [['role', '==', 'owner']] }));
}

/**
 * Sets the role in one transaction that reads the member's current role and the owners, and lets
 * the one role rule decide; `allowed` adds the caller's own last check (e.g. the plan). Answers the
 * previous role.
 */
export async function changeRole(
  deps: ServerDeps,
  caller: Member,
  change: { operation: 'change' | 'remove'; uid: string; role: Role },
  allowed: () => void = () => undefined,
): Promise<Role> {
  const { tenantId } = caller;
  const { uid, role } = change;
  const previous = await deps.store.transaction(async (tx) => {
    const target = await tx.get(paths.tenantUser(tenantId, uid));
    const current = target.data ? roleOf(target.data) : null;
    const proposed: RoleChange = {
      operation: change.operation,
      actor: { uid: caller.uid, role: caller.role, permissions: caller.permissions },
      target: { uid, role: current },
      role,
      owners: await joinedOwners(tx, tenantId),
    };
    // Refused before "no such user", so someone without the right learns nothing about who is a member.
    const refusal = roleChangeRefusal(proposed);
    if (refusal === 'last-owner') {
      throw new ApiError('failed-precondition', roleRefusalMessage(refusal, proposed));
    }
    if (refusal) throw permissionDenied(roleRefusalMessage(refusal, proposed));
    if (!target.data || current === null) throw notFound(SERVER_ERRORS.noSuchUser);
    allowed();
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
