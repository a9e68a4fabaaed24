// Roles, their permissions, and the one rule for who may give whom which role.
import { SERVER_ERRORS } from './errors';

export const ROLES = ['user', 'viewer', 'editor', 'billing', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_RANK: Readonly<Record<Role, number>> = {
  user: 0,
  viewer: 1,
  editor: 2,
  billing: 3,
  admin: 4,
  owner: 5,
};

export const PERMISSIONS = [
  'viewInsights',
  'editInsights',
  'manageBilling',
  'manageUsers',
  'manageSettings',
  'deleteTenant',
  'assignRoles',
  'excludeResults',
  'reviewResults',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export type PermissionSet = Record<Permission, boolean>;

const none: PermissionSet = {
  viewInsights: false,
  editInsights: false,
  manageBilling: false,
  manageUsers: false,
  manageSettings: false,
  deleteTenant: false,
  assignRoles: false,
  excludeResults: false,
  reviewResults: false,
};

export const ROLE_PERMISSIONS: Readonly<Record<Role, Readonly<PermissionSet>>> = {
  owner: {
    viewInsights: true,
    editInsights: true,
    manageBilling: true,
    manageUsers: true,
    manageSettings: true,
    deleteTenant: true,
    assignRoles: true,
    excludeResults: true,
    reviewResults: true,
  },
  admin: {
    ...none,
    viewInsights: true,
    editInsights: true,
    manageUsers: true,
    manageSettings: true,
    assignRoles: true,
    excludeResults: true,
    reviewResults: true,
  },
  billing: {
    ...none,
    viewInsights: true,
    editInsights: true,
    manageBilling: true,
    excludeResults: true,
    reviewResults: true,
  },
  editor: { ...none, viewInsights: true, editInsights: true, excludeResults: true, reviewResults: true },
  viewer: { ...none, viewInsights: true },
  user: none,
};

export interface AuthClaims {
  role?: string;
  admin?: boolean;
  permissions?: Partial<Record<Permission, boolean>>;
  tenantId?: string;
  /** Set on the custom token of a user signed in through an invite (journey-verifyAndLoginWithInvite). */
  inviteId?: string;
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}

export function roleFromClaims(claims: AuthClaims | null | undefined): Role {
  if (isRole(claims?.role)) return claims.role;
  if (claims?.admin === true) return 'admin';
  return 'user';
}

export function permissionsFor(claims: AuthClaims | null | undefined): PermissionSet {
  const result: PermissionSet = { ...ROLE_PERMISSIONS[roleFromClaims(claims)] };
  const explicit = claims?.permissions;
  if (explicit && typeof explicit === 'object') {
    for (const permission of PERMISSIONS) {
      const value = explicit[permission];
      if (typeof value === 'boolean') result[permission] = value;
    }
  }
  return result;
}

export function hasPermission(claims: AuthClaims | null | undefined, permission: Permission): boolean {
  return permissionsFor(claims)[permission];
}

export function canOpenUsersPage(claims: AuthClaims | null | undefined): boolean {
  return claims?.admin === true || hasPermission(claims, 'manageUsers');
}

/** How a refusal names a permission: "it allows <label>, <label> and <label>". */
export const PERMISSION_LABELS: Readonly<Record<Permission, string>> = {
  viewInsights: 'viewing insights',
  editInsights: 'editing insights',
  manageBilling: 'managing billing',
  manageUsers: 'managing users',
  manageSettings: "changing the organisation's settings",
  deleteTenant: 'deleting the organisation',
  assignRoles: 'assigning roles',
  excludeResults: "excluding results from a survey's figures",
  reviewResults: "reviewing businesses' results",
};

const permissionsOf = (holder: PermissionSet | Role): PermissionSet =>
  typeof holder === 'string' ? ROLE_PERMISSIONS[holder] : holder;

/** The permissions `role` holds that `holder` (a role, or a member's resolved permissions) lacks. */
export function permissionsBeyond(holder: PermissionSet | Role, role: Role): Permission[] {
  const held = permissionsOf(holder);
  return PERMISSIONS.filter((permission) => ROLE_PERMISSIONS[role][permission] && !held[permission]);
}

/** Nobody hands out a permission they do not hold themselves: an admin cannot grant billing or owner. */
export function canGrantRole(granter: PermissionSet | Role, role: Role): boolean {
  return permissionsBeyond(granter, role).length === 0;
}

/** The roles whose every permission the granter holds, lowest first. */
export const grantableRoles = (granter: PermissionSet | Role): Role[] =>
  ROLES.filter((role) => canGrantRole(granter, role));

export type RoleOperation = 'invite' | 'change' | 'remove';

export interface RoleChange {
  operation: RoleOperation;
  actor: { uid: string; role: Role; permissions: PermissionSet };
  /** The member whose role changes; for an invite uid is null and role is the pending invite's role or null. */
  target: { uid: string | null; role: Role | null };
  /** The role after the change ('remove' means back to 'user'). */
  role: Role;
  /** Owners the organisation has now. */
  owners: number;
}

export type RoleRefusal =
  'cannot-assign-roles' | 'permission-not-held' | 'own-role-upward' | 'owner-by-owner-only' | 'last-owner';

/**
 * The one rule for inviting into, changing and removing a role; null means allowed. Refusals are
 * checked in the order of RoleRefusal, so the first that applies is the one reported.
 */
export function roleChangeRefusal({
  operation,
  actor,
  target,
  role,
  owners,
}: RoleChange): RoleRefusal | null {
  const needed: Permission = operation === 'invite' ? 'manageUsers' : 'assignRoles';
  if (!actor.permissions[needed]) return 'cannot-assign-roles';
  if (!canGrantRole(actor.permissions, role)) return 'permission-not-held';
  // Upward means gaining a permission, whatever permissions the member was given on top of the role.
  if (target.uid === actor.uid && !canGrantRole(target.role ?? 'user', role)) return 'own-role-upward';
  if ((target.role === 'owner' || role === 'owner') && actor.role !== 'owner') return 'owner-by-owner-only';
  if (target.role === 'owner' && role !== 'owner' && owners <= 1) return 'last-owner';
  return null;
}

/** The roles the rule lets `change` set, lowest first. */
export const allowedRoles = (change: Omit<RoleChange, 'role'>): Role[] =>
  ROLES.filter((role) => roleChangeRefusal({ ...change, role }) === null);

/** What the caller is told when `change` is refused for `refusal`. */
export function roleRefusalMessage(refusal: RoleRefusal, change: RoleChange): string {
  switch (refusal) {
    case 'cannot-assign-roles':
      return change.operation === 'invite'
        ? SERVER_ERRORS.manageUsersRequired
        : SERVER_ERRORS.assignRolesRequired;
    case 'permission-not-held': {
      const labels = permissionsBeyond(change.actor.permissions, change.role).map(
        (permission) => PERMISSION_LABELS[permission],
      );
      const listed =
        labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}` : labels[0];
      return SERVER_ERRORS.rolePermissionNotHeld(change.role, listed ?? '');
    }
    case 'own-role-upward':
      return SERVER_ERRORS.ownRoleUpward(change.role);
    case 'owner-by-owner-only':
      return change.target.role === 'owner'
        ? SERVER_ERRORS.ownerRoleByOwnerOnly
        : SERVER_ERRORS.ownerMadeByOwnerOnly;
    case 'last-owner':
      return SERVER_ERRORS.lastOwner;
  }
}

/** The declaration speaks for the organisation: an owner or admin signs it and may revoke its credential. */
export function canSignDeclaration(role: Role): boolean {
  return ROLE_RANK[role] >= ROLE_RANK.admin;
}

// The access checks the router guard (rule 6) and the dashboard navigation share.
export const ACCESS_REQUIREMENTS = ['admin', 'billing', 'insights', 'management', 'reviews'] as const;
export type AccessRequirement = (typeof ACCESS_REQUIREMENTS)[number];

export function hasAccess(claims: AuthClaims | null | undefined, requirement: AccessRequirement): boolean {
  switch (requirement) {
    case 'admin':
      return canOpenUsersPage(claims);
    case 'billing':
      return hasPermission(claims, 'manageBilling');
    case 'insights':
      return hasPermission(claims, 'viewInsights');
    case 'management': {
      const granted = permissionsFor(claims);
      return granted.manageSettings || granted.manageBilling || granted.editInsights;
    }
    case 'reviews':
      return hasPermission(claims, 'reviewResults');
  }
}
