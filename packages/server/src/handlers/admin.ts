// SPEC §7 admin callables. Roles live in the tenant user's `role` field (what the router reads on
// every request) and are mirrored into custom claims {tenantId, role} for the browser's guards.
import { API, canGrantRole, grantableRoles, type Role } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { defineHandler, type Member, type ServerDeps } from '../api/handler';
import { ApiError, notFound, permissionDenied } from '../api/errors';
import { grantTenantClaims } from '../auth/port';
import { paths } from '../repositories/paths';
import { roleOf } from '../repositories/users';
import { FieldValue } from '../store/port';

function requireOwnTenant(caller: Member, tenantId: string) {
  if (tenantId !== caller.tenantId)
    throw permissionDenied('You can only manage users of your own organisation.');
}

function requireAssignRoles(caller: Member) {
  if (!caller.permissions.assignRoles) throw permissionDenied('Only owners and admins can change roles.');
}

/** Sets the role in the store (the source of truth) in one transaction that guards the last owner. */
async function changeRole(deps: ServerDeps, caller: Member, uid: string, role: Role): Promise<Role> {
  const { tenantId } = caller;
  const previous = await deps.store.transaction(async (tx) => {
    const target = await tx.get(paths.tenantUser(tenantId, uid));
    if (!target.data) throw notFound('There is no such user in your organisation.');
    const current = roleOf(target.data);
    if (current === 'owner' && caller.role !== 'owner') {
      throw permissionDenied('Only an owner can change the role of an owner.');
    }
    if (current === 'owner' && role !== 'owner') {
      const owners = await tx.query(paths.tenantUsers(tenantId), { where: [['role', '==', 'owner']] });
      if (owners.length <= 1) {
        throw new ApiError(
          'failed-precondition',
          'This is the only owner of the organisation. Make someone else owner first.',
        );
      }
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

export const setUserRole = defineHandler({
  name: API.setUserRole,
  access: 'member',
  input: REQUESTS[API.setUserRole],
  async run({ uid, tenantId, role }, { caller, deps }) {
    requireAssignRoles(caller);
    requireOwnTenant(caller, tenantId);
    if (!canGrantRole(caller.role, role)) {
      throw permissionDenied(`You cannot grant the role ${role}, which is above your own (${caller.role}).`);
    }
    await changeRole(deps, caller, uid, role);
    return { status: 'success' as const, message: `The user's role is now ${role}.` };
  },
});

export const getUserRole = defineHandler({
  name: API.getUserRole,
  access: 'member',
  input: REQUESTS[API.getUserRole],
  async run({ uid, tenantId }, { caller, deps }) {
    requireOwnTenant(caller, tenantId);
    if (uid !== caller.uid && !caller.permissions.manageUsers) {
      throw permissionDenied("Only owners and admins can see other users' roles.");
    }
    const target = await deps.store.get(paths.tenantUser(tenantId, uid));
    if (!target.data) throw notFound('There is no such user in your organisation.');
    const user = await deps.auth.getUser(uid);
    return {
      status: 'success' as const,
      role: roleOf(target.data),
      email: user?.email ?? (typeof target.data.email === 'string' ? target.data.email : null),
      claims: user?.customClaims ?? {},
    };
  },
});

export const getAvailableRoles = defineHandler({
  name: API.getAvailableRoles,
  access: 'member',
  input: REQUESTS[API.getAvailableRoles],
  async run(_input, { caller }) {
    return {
      status: 'success' as const,
      availableRoles: grantableRoles(caller.role),
      userRole: caller.role,
    };
  },
});

export const removeUserRole = defineHandler({
  name: API.removeUserRole,
  access: 'member',
  input: REQUESTS[API.removeUserRole],
  async run({ uid, tenantId }, { caller, deps }) {
    requireAssignRoles(caller);
    requireOwnTenant(caller, tenantId);
    const previousRole = await changeRole(deps, caller, uid, 'user');
    return {
      status: 'success' as const,
      message: `The user's role ${previousRole} was removed.`,
      previousRole,
      newRole: 'user' as const,
    };
  },
});

export const adminHandlers = [setUserRole, getUserRole, getAvailableRoles, removeUserRole];
