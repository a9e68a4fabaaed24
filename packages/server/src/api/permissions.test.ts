// The permission a handler declares, as the router checks it: every role against every permission
// a handler can declare, with the refusal each gives; and every callable declares one.
import { API, ROLES, SERVER_ERRORS, type ApiName, type Role } from '@toolkit/domain';
import { z } from 'zod';
import { allCallables } from '../callables';
import { paths } from '../repositories/paths';
import { openPgliteStore, type EmbeddedStore } from '../store/pglite';
import { defineHandler, type ServerDeps } from './handler';
import { HANDLER_PERMISSIONS, type HandlerPermission } from './permissions';
import { createRouter, type CallOutcome } from './router';

const TENANT = 'tenant-a';

/** Who holds each permission, from the role table (domain roles.ts), written out by hand. */
const HOLDERS: Record<HandlerPermission, readonly Role[]> = {
  none: ROLES,
  manageUsers: ['admin', 'owner'],
  assignRoles: ['admin', 'owner'],
  manageSettings: ['admin', 'owner'],
  manageBilling: ['billing', 'owner'],
  viewInsights: ['viewer', 'editor', 'billing', 'admin', 'owner'],
  editInsights: ['editor', 'billing', 'admin', 'owner'],
  editMateriality: ['editor', 'billing', 'admin', 'owner'],
  manageAlerts: ['editor', 'billing', 'admin', 'owner'],
  signDeclaration: ['admin', 'owner'],
};

const REFUSALS: Record<Exclude<HandlerPermission, 'none'>, string> = {
  manageUsers: SERVER_ERRORS.manageUsersRequired,
  assignRoles: SERVER_ERRORS.assignRolesRequired,
  manageSettings: SERVER_ERRORS.manageSettingsRequired,
  manageBilling: SERVER_ERRORS.manageBillingRequired,
  viewInsights: SERVER_ERRORS.viewInsightsRequired,
  editInsights: SERVER_ERRORS.editPlanRequired,
  editMateriality: SERVER_ERRORS.editMaterialityRequired,
  manageAlerts: SERVER_ERRORS.manageAlertsRequired,
  signDeclaration: SERVER_ERRORS.signDeclarationRequired,
};

// A stand-in handler per permission, each under the name of a real callable (the router finds
// handlers by API name); it records that it ran.
const NAMES = Object.values(API) as ApiName[];
const nameOf = (permission: HandlerPermission) => NAMES[HANDLER_PERMISSIONS.indexOf(permission)]!;
let ran: HandlerPermission[] = [];
const standIns = HANDLER_PERMISSIONS.map((permission) =>
  defineHandler({
    name: nameOf(permission),
    access: 'member',
    permission,
    input: z.object({ n: z.number() }),
    async run() {
      ran.push(permission);
      return 'ran';
    },
  }),
);

/** The router reads the store only; any other port a stand-in touched would fail the test. */
const unused = new Proxy(
  {},
  {
    get: (_, property) => {
      throw new Error(`The router used ${String(property)}`);
    },
  },
) as never;

let store: EmbeddedStore;
let router: ReturnType<typeof createRouter>;

beforeAll(async () => {
  store = await openPgliteStore();
  const deps: ServerDeps = {
    store,
    auth: unused,
    content: unused,
    billing: unused,
    credentials: unused,
    appUrl: 'http://localhost:3000',
  };
  router = createRouter(deps, standIns);
}, 30_000);

afterAll(() => store.close());

beforeEach(() => {
  ran = [];
});

/** A member of TENANT with this stored role (and overrides), as its verified token reaches the router. */
async function memberToken(role: Role, permissions?: Record<string, boolean>) {
  const uid = `${role}-${store.newId()}`;
  await store.set(paths.tenantUser(TENANT, uid), { role, ...(permissions ? { permissions } : {}) });
  return {
    uid,
    email: `${uid}@example.com`,
    emailVerified: true,
    isAnonymous: false,
    claims: { tenantId: TENANT },
  };
}

const call = async (
  permission: HandlerPermission,
  token: Awaited<ReturnType<typeof memberToken>>,
  data: unknown = { n: 1 },
) => router.callAs(nameOf(permission), data, token);

function expectRefused(outcome: CallOutcome, message: string) {
  expect('error' in outcome && { code: outcome.error.code, message: outcome.error.message }).toEqual({
    code: 'permission-denied',
    message,
  });
}

describe('the router checks the permission a handler declares', () => {
  const table = HANDLER_PERMISSIONS.flatMap((permission) =>
    ROLES.map((role) => [permission, role, HOLDERS[permission].includes(role)] as const),
  );

  it.each(table)('%s, called by a member whose role is %s: allowed %s', async (permission, role, allowed) => {
    const outcome = await call(permission, await memberToken(role));
    if (allowed) {
      expect(outcome).toEqual({ result: 'ran' });
      expect(ran).toEqual([permission]);
    } else {
      expectRefused(outcome, REFUSALS[permission as Exclude<HandlerPermission, 'none'>]);
      expect(ran).toEqual([]);
    }
  });

  it('goes by the stored permissions, overrides included, not by the role name alone', async () => {
    expect(await call('editInsights', await memberToken('viewer', { editInsights: true }))).toEqual({
      result: 'ran',
    });
    expectRefused(
      await call('manageUsers', await memberToken('admin', { manageUsers: false })),
      SERVER_ERRORS.manageUsersRequired,
    );
  });

  it('lets only an owner or admin sign, whatever permissions another role was given', async () => {
    const everything = { viewInsights: true, editInsights: true, manageSettings: true, manageUsers: true };
    expectRefused(
      await call('signDeclaration', await memberToken('editor', everything)),
      SERVER_ERRORS.signDeclarationRequired,
    );
  });

  it('validates the request first: an invalid one is refused as invalid, whoever sends it', async () => {
    const outcome = await call('manageUsers', await memberToken('viewer'), { n: 'one' });
    expect('error' in outcome && outcome.error.code).toBe('invalid-argument');
    expect(ran).toEqual([]);
  });
});

describe('every callable', () => {
  it.each(allCallables.map((handler) => [handler.name, handler] as const))(
    '%s declares a permission the router knows, and only a members’ callable more than none',
    (_, handler) => {
      expect(HANDLER_PERMISSIONS).toContain(handler.permission);
      if (handler.access !== 'member') expect(handler.permission).toBe('none');
    },
  );
});
