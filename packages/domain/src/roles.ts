// SPEC §6 Roles and permissions.

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
  },
  admin: {
    ...none,
    viewInsights: true,
    editInsights: true,
    manageUsers: true,
    manageSettings: true,
    assignRoles: true,
  },
  billing: { ...none, viewInsights: true, editInsights: true, manageBilling: true },
  editor: { ...none, viewInsights: true, editInsights: true },
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

export function outranks(a: Role, b: Role): boolean {
  return ROLE_RANK[a] > ROLE_RANK[b];
}

/** A member may grant, or invite someone into, any role up to their own and none above it. */
export function canGrantRole(granter: Role, role: Role): boolean {
  return !outranks(role, granter);
}

export const grantableRoles = (granter: Role): Role[] => ROLES.filter((role) => canGrantRole(granter, role));

/** The declaration speaks for the organisation: an owner or admin signs it and may revoke its credential. */
export function canSignDeclaration(role: Role): boolean {
  return ROLE_RANK[role] >= ROLE_RANK.admin;
}

// The four access checks the router guard (SPEC §2 rule 6) and the dashboard navigation share.
export const ACCESS_REQUIREMENTS = ['admin', 'billing', 'insights', 'management'] as const;
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
  }
}
