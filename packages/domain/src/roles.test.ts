import {
  ACCESS_REQUIREMENTS,
  PERMISSIONS,
  ROLES,
  ROLE_RANK,
  canGrantRole,
  canSignDeclaration,
  canOpenUsersPage,
  grantableRoles,
  hasAccess,
  hasPermission,
  isRole,
  outranks,
  permissionsFor,
  roleFromClaims,
  type AccessRequirement,
  type AuthClaims,
  type Permission,
  type Role,
} from './roles';

// SPEC §6 table, columns in PERMISSIONS order: view, edit, billing, users, settings, delete, assign.
const Y = true;
const N = false;
const SPEC_TABLE: Array<[Role, boolean[]]> = [
  ['owner', [Y, Y, Y, Y, Y, Y, Y]],
  ['admin', [Y, Y, N, Y, Y, N, Y]],
  ['billing', [Y, Y, Y, N, N, N, N]],
  ['editor', [Y, Y, N, N, N, N, N]],
  ['viewer', [Y, N, N, N, N, N, N]],
  ['user', [N, N, N, N, N, N, N]],
];

describe('role permission defaults (SPEC §6 table)', () => {
  test.each(SPEC_TABLE)('%s', (role, row) => {
    const expected = Object.fromEntries(PERMISSIONS.map((p, i) => [p, row[i]]));
    expect(permissionsFor({ role })).toEqual(expected);
  });

  test('no claims at all means the user row', () => {
    expect(Object.values(permissionsFor(undefined)).some(Boolean)).toBe(false);
    expect(Object.values(permissionsFor({})).some(Boolean)).toBe(false);
  });
});

describe('roleFromClaims', () => {
  test.each<[AuthClaims | undefined, Role]>([
    [undefined, 'user'],
    [{}, 'user'],
    [{ role: 'editor' }, 'editor'],
    [{ role: 'viewer', admin: true }, 'viewer'],
    [{ role: 'superuser', admin: true }, 'admin'],
    [{ role: 'superuser' }, 'user'],
    [{ role: 'Owner' }, 'user'],
    [{ admin: true }, 'admin'],
    [{ admin: false }, 'user'],
  ])('%j -> %s', (claims, role) => {
    expect(roleFromClaims(claims)).toBe(role);
  });
});

describe('permissionsFor: explicit claims override role defaults', () => {
  test.each<[AuthClaims, Permission, boolean]>([
    [{ role: 'viewer', permissions: { manageBilling: true } }, 'manageBilling', true],
    [{ role: 'viewer', permissions: { manageBilling: true } }, 'viewInsights', true],
    [{ role: 'owner', permissions: { deleteTenant: false } }, 'deleteTenant', false],
    [{ role: 'owner', permissions: { deleteTenant: false } }, 'assignRoles', true],
    [{ admin: true, permissions: { manageUsers: false } }, 'manageUsers', false],
    [{ permissions: { viewInsights: true } }, 'viewInsights', true],
    // Non-boolean values do not override.
    [{ role: 'editor', permissions: { editInsights: 'no' as unknown as boolean } }, 'editInsights', true],
  ])('%j has %s = %s', (claims, permission, expected) => {
    expect(permissionsFor(claims)[permission]).toBe(expected);
    expect(hasPermission(claims, permission)).toBe(expected);
  });

  test('ignores unknown permission keys', () => {
    const claims = { permissions: { fly: true } } as unknown as AuthClaims;
    expect(Object.keys(permissionsFor(claims)).sort()).toEqual([...PERMISSIONS].sort());
  });

  test('does not mutate the shared role table', () => {
    permissionsFor({ role: 'viewer', permissions: { deleteTenant: true } });
    expect(permissionsFor({ role: 'viewer' }).deleteTenant).toBe(false);
  });
});

describe('canOpenUsersPage', () => {
  test.each<[AuthClaims, boolean]>([
    [{ admin: true }, true],
    [{ admin: true, role: 'viewer' }, true],
    [{ admin: true, permissions: { manageUsers: false } }, true],
    [{ role: 'admin' }, true],
    [{ role: 'owner' }, true],
    [{ role: 'billing' }, false],
    [{ role: 'editor', permissions: { manageUsers: true } }, true],
    [{ role: 'owner', permissions: { manageUsers: false } }, false],
    [{}, false],
  ])('%j -> %s', (claims, expected) => {
    expect(canOpenUsersPage(claims)).toBe(expected);
  });
});

describe('hasAccess', () => {
  test.each<[AuthClaims, AccessRequirement, boolean]>([
    [{ admin: true, role: 'viewer' }, 'admin', true],
    [{ role: 'billing' }, 'admin', false],
    [{ role: 'billing' }, 'billing', true],
    [{ role: 'admin' }, 'billing', false],
    [{ role: 'viewer' }, 'insights', true],
    [{ role: 'user' }, 'insights', false],
    [{ role: 'editor' }, 'management', true],
    [{ role: 'viewer' }, 'management', false],
    [{ role: 'viewer', permissions: { manageSettings: true } }, 'management', true],
    [{ role: 'viewer', permissions: { manageBilling: true } }, 'management', true],
    [{ role: 'admin', permissions: { manageSettings: false, editInsights: false } }, 'management', false],
  ])('%j needs %s -> %s', (claims, requirement, expected) => {
    expect(hasAccess(claims, requirement)).toBe(expected);
  });

  test('the owner passes every requirement', () => {
    for (const requirement of ACCESS_REQUIREMENTS)
      expect(hasAccess({ role: 'owner' }, requirement)).toBe(true);
  });
});

describe('canGrantRole: no one grants or invites into a role above their own', () => {
  test.each<[Role, Role, boolean]>([
    ['owner', 'owner', true],
    ['owner', 'admin', true],
    ['admin', 'owner', false],
    ['admin', 'admin', true],
    ['admin', 'billing', true],
    ['billing', 'admin', false],
    ['editor', 'viewer', true],
    ['viewer', 'editor', false],
    ['user', 'user', true],
    ['user', 'viewer', false],
  ])('%s may grant %s: %s', (granter, role, expected) => {
    expect(canGrantRole(granter, role)).toBe(expected);
  });

  test('grantableRoles lists the roles up to the granter, lowest first', () => {
    expect(grantableRoles('admin')).toEqual(['user', 'viewer', 'editor', 'billing', 'admin']);
    expect(grantableRoles('user')).toEqual(['user']);
  });
});

describe('ranks', () => {
  test('ranks follow ROLES order from 0 to 5', () => {
    expect(ROLES.map((role) => ROLE_RANK[role])).toEqual([0, 1, 2, 3, 4, 5]);
  });

  test.each<[Role, Role, boolean]>([
    ['owner', 'admin', true],
    ['admin', 'owner', false],
    ['billing', 'editor', true],
    ['viewer', 'user', true],
    ['editor', 'editor', false],
    ['user', 'viewer', false],
  ])('%s outranks %s: %s', (a, b, expected) => {
    expect(outranks(a, b)).toBe(expected);
  });

  test.each<[unknown, boolean]>([
    ['owner', true],
    ['user', true],
    ['ADMIN', false],
    ['', false],
    [undefined, false],
    [4, false],
    ['toString', false],
  ])('isRole(%j) -> %s', (value, expected) => {
    expect(isRole(value)).toBe(expected);
  });
});

test.each<[Role, boolean]>([
  ['owner', true],
  ['admin', true],
  ['billing', false],
  ['editor', false],
  ['viewer', false],
  ['user', false],
])('canSignDeclaration(%s) -> %s', (role, expected) => {
  expect(canSignDeclaration(role)).toBe(expected);
});
