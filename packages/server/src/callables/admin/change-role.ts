// The role-change use case behind admin-setUserRole and admin-removeUserRole. Roles live in the
// tenant user's `role` field (what the router reads on every request) and are mirrored into custom
// claims {tenantId, role} for the browser's guards.
import { SERVER_ERRORS, type Role } from '@toolkit/domain';
import { notFound } from '../../api/errors';
import type { Member, ServerDeps } from '../../api/handler';
import { grantTenantClaims } from '../../auth/port';
import { recordAudit } from '../../repositories/audit';
import { paths } from '../../repositories/paths';
import { readTenantUser, tenantUsersOf, writeRole, type TenantUserRecord } from '../../repositories/users';
import type { StoreTransaction } from '../../store/port';
import { refuseRoleChange } from '../access';
import { offerWithdrawal } from '../ownership/offer-record';

/**
 * Owners who have joined. Invites used to write a member record, marked `invitePending`, before
 * anyone accepted; such a record proves no one can run the organisation, so it never counts.
 */
export const countJoinedOwners = (members: readonly TenantUserRecord[]): number =>
  members.filter((member) => member.role === 'owner' && !member.invitePending).length;

export async function joinedOwners(tx: StoreTransaction, tenantId: string): Promise<number> {
  const owners = await tx.query(paths.tenantUsers(tenantId), { where: [['role', '==', 'owner']] });
  return countJoinedOwners(tenantUsersOf(owners));
}

/**
 * Sets the role in one transaction that reads the member's current role and the owners, and lets
 * the one role rule decide; `allowed` adds the caller's own last check (e.g. the plan). An ownership
 * offer made to the member was made to them in their old role, so it is withdrawn with the change.
 * Answers the previous role.
 */
export async function changeRole(
  deps: ServerDeps,
  caller: Member,
  change: { operation: 'change' | 'remove'; uid: string; role: Role },
  now: Date,
  allowed: () => void = () => undefined,
): Promise<Role> {
  const { tenantId } = caller;
  const { uid, role } = change;
  const previous = await deps.store.transaction(async (tx) => {
    const [member, withdrawOffer] = await Promise.all([
      readTenantUser(tx, tenantId, uid),
      offerWithdrawal(tx, deps, tenantId, uid, now),
    ]);
    const current = member?.role ?? null;
    // Refused before "no such user", so someone without the right learns nothing about who is a member.
    refuseRoleChange({
      operation: change.operation,
      actor: caller,
      target: { uid, role: current },
      role,
      owners: await joinedOwners(tx, tenantId),
    });
    if (current === null) throw notFound(SERVER_ERRORS.noSuchUser);
    allowed();
    if (current !== role) {
      writeRole(tx, tenantId, uid, role);
      // Recorded with the change: a removal takes the member back to user, any other change sets a role.
      recordAudit(tx, tenantId, {
        actorUid: caller.uid,
        kind: change.operation === 'remove' ? 'member.removed' : 'role.changed',
        subject: { type: 'member', id: uid },
        before: { role: current },
        after: { role },
      });
      withdrawOffer?.({ reason: change.operation === 'remove' ? 'roleRemoved' : 'roleChanged', role });
    }
    return current;
  });
  await grantTenantClaims(deps.auth, uid, tenantId, role);
  return previous;
}
