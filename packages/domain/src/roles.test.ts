import {
  ACCESS_REQUIREMENTS,
  PERMISSIONS,
  ROLES,
  ROLE_RANK,
  allowedRoles,
  canGrantRole,
  canSignDeclaration,
  canOpenUsersPage,
  grantableRoles,
  hasAccess,
  hasPermission,
  isRole,
  permissionsBeyond,
  permissionsFor,
  roleChangeRefusal,
  roleFromClaims,
  roleRefusalMessage,
  type AccessRequirement,
  type AuthClaims,
  type Permission,
  type PermissionSet,
  type Role,
  type RoleChange,
  type RoleOperation,
  type RoleRefusal,
} from './roles';

// The roles table of docs/behaviour.md, columns in PERMISSIONS order: view, edit, billing, users, settings, delete, assign, exclude, review.
const Y = true;
const N = false;
const SPEC_TABLE: Array<[Role, boolean[]]> = [
  ['owner', [Y, Y, Y, Y, Y, Y, Y, Y, Y]],
  ['admin', [Y, Y, N, Y, Y, N, Y, Y, Y]],
  ['billing', [Y, Y, Y, N, N, N, N, Y, Y]],
  ['editor', [Y, Y, N, N, N, N, N, Y, Y]],
  ['viewer', [Y, N, N, N, N, N, N, N, N]],
  ['user', [N, N, N, N, N, N, N, N, N]],
];

describe('role permission defaults (the roles table)', () => {
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
    [{ role: 'editor' }, 'reviews', true],
    [{ role: 'viewer' }, 'reviews', false],
    [{ role: 'viewer', permissions: { reviewResults: true } }, 'reviews', true],
  ])('%j needs %s -> %s', (claims, requirement, expected) => {
    expect(hasAccess(claims, requirement)).toBe(expected);
  });

  test('the owner passes every requirement', () => {
    for (const requirement of ACCESS_REQUIREMENTS)
      expect(hasAccess({ role: 'owner' }, requirement)).toBe(true);
  });
});

// The permissions of a role as the table above lists them, independent of ROLE_PERMISSIONS.
const held = (role: Role): Set<Permission> => {
  const row = SPEC_TABLE.find(([name]) => name === role)![1];
  return new Set(PERMISSIONS.filter((_, index) => row[index]));
};
const all = (permissions: Iterable<Permission>, holder: Set<Permission>) =>
  [...permissions].every((permission) => holder.has(permission));
const ALL_PERMISSIONS = Object.fromEntries(PERMISSIONS.map((p) => [p, true])) as PermissionSet;

describe('canGrantRole and grantableRoles compare permissions, not ranks', () => {
  test.each(ROLES.flatMap((granter) => ROLES.map((role) => [granter, role] as const)))(
    '%s may grant %s exactly when it holds every permission of it',
    (granter, role) => {
      const expected = all(held(role), held(granter));
      expect(canGrantRole(granter, role)).toBe(expected);
      expect(canGrantRole(permissionsFor({ role: granter }), role)).toBe(expected);
    },
  );

  test.each<[Role, Role[]]>([
    ['owner', ['user', 'viewer', 'editor', 'billing', 'admin', 'owner']],
    // Billing holds managing billing, which an admin does not: the rank order would wrongly allow it.
    ['admin', ['user', 'viewer', 'editor', 'admin']],
    ['billing', ['user', 'viewer', 'editor', 'billing']],
    ['editor', ['user', 'viewer', 'editor']],
    ['viewer', ['user', 'viewer']],
    ['user', ['user']],
  ])('grantableRoles(%s), lowest first', (granter, roles) => {
    expect(grantableRoles(granter)).toEqual(roles);
  });

  test('an override counts: an admin who was given managing billing may grant billing, still not owner', () => {
    const permissions = permissionsFor({ role: 'admin', permissions: { manageBilling: true } });
    expect(grantableRoles(permissions)).toEqual(['user', 'viewer', 'editor', 'billing', 'admin']);
    expect(permissionsBeyond(permissions, 'owner')).toEqual(['deleteTenant']);
  });
});

type Case = {
  operation: RoleOperation;
  actor: Role;
  /** Whether the actor was given every permission on top of their role's. */
  overrides: boolean;
  self: boolean;
  target: Role | null;
  role: Role;
  owners: number;
};

/** The rules, written out on their own; the cases are every combination. */
function expectedRefusal(c: Case): RoleRefusal | null {
  const actor = c.overrides ? new Set(PERMISSIONS) : held(c.actor);
  const needs: Permission = c.operation === 'invite' ? 'manageUsers' : 'assignRoles';
  if (!actor.has(needs)) return 'cannot-assign-roles';
  if (!all(held(c.role), actor)) return 'permission-not-held';
  if (c.self && !all(held(c.role), held(c.target ?? 'user'))) return 'own-role-upward';
  const ownerInvolved = c.target === 'owner' || c.role === 'owner';
  if (ownerInvolved && c.actor !== 'owner') return 'owner-by-owner-only';
  if (c.target === 'owner' && c.role !== 'owner' && c.owners < 2) return 'last-owner';
  return null;
}

function everyCase(): Case[] {
  const cases: Case[] = [];
  for (const operation of ['invite', 'change', 'remove'] as const)
    for (const actor of ROLES)
      for (const overrides of [false, true])
        for (const self of operation === 'invite' ? [false] : [false, true])
          for (const target of self ? [actor] : operation === 'invite' ? [null, ...ROLES] : ROLES)
            for (const role of operation === 'remove' ? (['user'] as const) : ROLES) {
              // Owners there are at least: the actor and the target, when they are owners.
              const least = new Set([
                actor === 'owner' && 'me',
                target === 'owner' && (self ? 'me' : 'them'),
              ]);
              least.delete(false);
              for (const owners of [Math.max(1, least.size), least.size + 1])
                cases.push({ operation, actor, overrides, self, target, role, owners });
            }
  return cases;
}

const changeOf = (c: Case): RoleChange => ({
  operation: c.operation,
  actor: {
    uid: 'actor',
    role: c.actor,
    permissions: c.overrides ? ALL_PERMISSIONS : permissionsFor({ role: c.actor }),
  },
  target: { uid: c.operation === 'invite' ? null : c.self ? 'actor' : 'member', role: c.target },
  role: c.role,
  owners: c.owners,
});

describe('roleChangeRefusal: the one rule for invites, role changes and removals', () => {
  const cases = everyCase();

  test('the table covers every operation, actor, target and new role', () => {
    const keys = new Set(cases.map((c) => `${c.operation} ${c.actor} ${c.target} ${c.role}`));
    // invite: 6 actors x 7 targets (none or a role) x 6 roles; change: 6 x 6 x 6; remove: 6 x 6 x 1.
    expect(keys.size).toBe(6 * 7 * 6 + 6 * 6 * 6 + 6 * 6);
  });

  test('every outcome occurs in the table', () => {
    expect(new Set(cases.map(expectedRefusal))).toEqual(
      new Set([
        null,
        'cannot-assign-roles',
        'permission-not-held',
        'own-role-upward',
        'owner-by-owner-only',
        'last-owner',
      ]),
    );
  });

  test.each(
    cases.map((c) => [
      c.operation,
      c.actor,
      c.overrides ? ' given every permission' : '',
      c.self ? 'self' : 'member',
      c.target,
      c.role,
      c.owners,
      c,
    ]),
  )('%s by %s%s of %s (%s) to %s with %i owner(s)', (...args) => {
    const c = args[7] as Case;
    expect(roleChangeRefusal(changeOf(c))).toBe(expectedRefusal(c));
  });

  test.each<[string, RoleChange, RoleRefusal]>([
    [
      'a re-invite by an admin cannot turn an owner into a user',
      {
        operation: 'invite',
        actor: { uid: 'a', role: 'admin', permissions: permissionsFor({ role: 'admin' }) },
        target: { uid: null, role: 'owner' },
        role: 'user',
        owners: 2,
      },
      'owner-by-owner-only',
    ],
    [
      'an admin cannot give themselves billing (and then cancel the subscription)',
      {
        operation: 'change',
        actor: { uid: 'a', role: 'admin', permissions: permissionsFor({ role: 'admin' }) },
        target: { uid: 'a', role: 'admin' },
        role: 'billing',
        owners: 1,
      },
      'permission-not-held',
    ],
    [
      'a viewer given every permission still cannot raise their own role',
      {
        operation: 'change',
        actor: { uid: 'v', role: 'viewer', permissions: ALL_PERMISSIONS },
        target: { uid: 'v', role: 'viewer' },
        role: 'editor',
        owners: 1,
      },
      'own-role-upward',
    ],
    [
      'an admin given every permission still cannot make an owner',
      {
        operation: 'change',
        actor: { uid: 'a', role: 'admin', permissions: ALL_PERMISSIONS },
        target: { uid: 'm', role: 'viewer' },
        role: 'owner',
        owners: 1,
      },
      'owner-by-owner-only',
    ],
    [
      'an owner whose assign-roles permission was taken away changes no role',
      {
        operation: 'remove',
        actor: { uid: 'o', role: 'owner', permissions: { ...ALL_PERMISSIONS, assignRoles: false } },
        target: { uid: 'm', role: 'viewer' },
        role: 'user',
        owners: 1,
      },
      'cannot-assign-roles',
    ],
    [
      'the only owner cannot step down',
      {
        operation: 'change',
        actor: { uid: 'o', role: 'owner', permissions: ALL_PERMISSIONS },
        target: { uid: 'o', role: 'owner' },
        role: 'admin',
        owners: 1,
      },
      'last-owner',
    ],
  ])('%s', (_, change, refusal) => {
    expect(roleChangeRefusal(change)).toBe(refusal);
  });

  test('a member who may manage users but not assign roles may invite as far as their permissions go', () => {
    const permissions = permissionsFor({ role: 'editor', permissions: { manageUsers: true } });
    const someone = {
      actor: { uid: 'e', role: 'editor' as const, permissions },
      target: { uid: null, role: null },
      owners: 1,
    };
    expect(allowedRoles({ ...someone, operation: 'invite' })).toEqual(['user', 'viewer', 'editor']);
    expect(allowedRoles({ ...someone, operation: 'change' })).toEqual([]);
  });
});

describe('roleRefusalMessage', () => {
  const admin = { uid: 'a', role: 'admin' as const, permissions: permissionsFor({ role: 'admin' }) };
  const change = (over: Partial<RoleChange>): RoleChange => ({
    operation: 'change',
    actor: admin,
    target: { uid: 'm', role: 'viewer' },
    role: 'editor',
    owners: 1,
    ...over,
  });

  test.each<[RoleRefusal, RoleChange, string]>([
    ['cannot-assign-roles', change({}), 'Only owners and admins can change roles.'],
    ['cannot-assign-roles', change({ operation: 'invite' }), 'Only owners and admins can manage users.'],
    [
      'permission-not-held',
      change({ role: 'billing' }),
      'You cannot give anyone the billing role: it allows managing billing, which your own rights do not include.',
    ],
    [
      'permission-not-held',
      change({ role: 'owner' }),
      'You cannot give anyone the owner role: it allows managing billing and deleting the organisation, which your own rights do not include.',
    ],
    [
      'own-role-upward',
      change({ role: 'editor' }),
      'You cannot raise your own role to editor. Ask an owner of your organisation to do it.',
    ],
    [
      'owner-by-owner-only',
      change({ target: { uid: 'm', role: 'owner' } }),
      'Only an owner can change the role of an owner.',
    ],
    ['owner-by-owner-only', change({ role: 'owner' }), 'Only an owner can make someone an owner.'],
    [
      'last-owner',
      change({ target: { uid: 'a', role: 'owner' } }),
      'This is the only owner of the organisation. Make someone else owner first.',
    ],
  ])('%s: %j', (refusal, refused, message) => {
    expect(roleRefusalMessage(refusal, refused)).toBe(message);
  });
});

describe('ranks', () => {
  test('ranks follow ROLES order from 0 to 5', () => {
    expect(ROLES.map((role) => ROLE_RANK[role])).toEqual([0, 1, 2, 3, 4, 5]);
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
