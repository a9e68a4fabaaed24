// The permission a handler's access names, as the router checks it: every role against every
// members' access a handler can declare, with the refusal each gives; and every callable's access
// is one the router knows.
import { answer, API, REVIEW_ERRORS, ROLES, SERVER_ERRORS, type ApiName, type Role } from '@toolkit/domain';
import { allCallables } from '../callables';
import { paths } from '../repositories/paths';
import { openPgliteStore, type EmbeddedStore } from '../store/pglite';
import { implement, type Access, type ServerDeps } from './handler';
import { HANDLER_PERMISSIONS, type HandlerPermission } from './permissions';
import { createRouter, type CallOutcome } from './router';

const TENANT = 'tenant-a';

type MemberAccess = Extract<Access, 'member' | `member:${string}`>;
const MEMBER_ACCESSES: MemberAccess[] = [
  'member',
  ...HANDLER_PERMISSIONS.map((permission) => `member:${permission}` as const),
];

/** Who may call each members' access, from the role table (domain roles.ts), written out by hand. */
const HOLDERS: Record<MemberAccess, readonly Role[]> = {
  member: ROLES,
  'member:manageUsers': ['admin', 'owner'],
  'member:assignRoles': ['admin', 'owner'],
  'member:manageSettings': ['admin', 'owner'],
  'member:manageBilling': ['billing', 'owner'],
  'member:viewInsights': ['viewer', 'editor', 'billing', 'admin', 'owner'],
  'member:editInsights': ['editor', 'billing', 'admin', 'owner'],
  'member:editMateriality': ['editor', 'billing', 'admin', 'owner'],
  'member:excludeResults': ['editor', 'billing', 'admin', 'owner'],
  'member:manageAlerts': ['editor', 'billing', 'admin', 'owner'],
  'member:signDeclaration': ['admin', 'owner'],
  'member:reviewResults': ['editor', 'billing', 'admin', 'owner'],
  'member:askReview': ['admin', 'owner'],
};

const REFUSALS: Record<HandlerPermission, string> = {
  manageUsers: SERVER_ERRORS.manageUsersRequired,
  assignRoles: SERVER_ERRORS.assignRolesRequired,
  manageSettings: SERVER_ERRORS.manageSettingsRequired,
  manageBilling: SERVER_ERRORS.manageBillingRequired,
  viewInsights: SERVER_ERRORS.viewInsightsRequired,
  editInsights: SERVER_ERRORS.editPlanRequired,
  editMateriality: SERVER_ERRORS.editMaterialityRequired,
  excludeResults: SERVER_ERRORS.excludeResultsRequired,
  manageAlerts: SERVER_ERRORS.manageAlertsRequired,
  signDeclaration: SERVER_ERRORS.signDeclarationRequired,
  reviewResults: REVIEW_ERRORS.reviewResultsRequired,
  askReview: REVIEW_ERRORS.ownerOrAdminAsks,
};

// A stand-in handler per members' access, each under the name of a real callable (the router finds
// handlers by API name); it records that it ran.
const NAMES = Object.values(API) as ApiName[];
const nameOf = (access: MemberAccess) => NAMES[MEMBER_ACCESSES.indexOf(access)]!;
let ran: MemberAccess[] = [];
const standIns = MEMBER_ACCESSES.map((access) =>
  implement(
    {
      name: nameOf(access),
      access,
      request: ({ z }) => z.object({ n: z.number() }),
      response: answer<string>(),
    },
    {
      async run() {
        ran.push(access);
        return 'ran';
      },
    },
  ),
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
    evidenceFiles: unused,
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
    signInProvider: 'password',
    claims: { tenantId: TENANT },
  };
}

const call = async (
  access: MemberAccess,
  token: Awaited<ReturnType<typeof memberToken>>,
  data: unknown = { n: 1 },
) => router.callAs(nameOf(access), data, token);

function expectRefused(outcome: CallOutcome, message: string) {
  expect('error' in outcome && { code: outcome.error.code, message: outcome.error.message }).toEqual({
    code: 'permission-denied',
    message,
  });
}

describe('the router checks the permission a handler’s access names', () => {
  const table = MEMBER_ACCESSES.flatMap((access) =>
    ROLES.map((role) => [access, role, HOLDERS[access].includes(role)] as const),
  );

  it.each(table)('%s, called by a member whose role is %s: allowed %s', async (access, role, allowed) => {
    const outcome = await call(access, await memberToken(role));
    if (allowed) {
      expect(outcome).toEqual({ result: 'ran' });
      expect(ran).toEqual([access]);
    } else {
      expectRefused(outcome, REFUSALS[access.replace('member:', '') as HandlerPermission]);
      expect(ran).toEqual([]);
    }
  });

  it('goes by the stored permissions, overrides included, not by the role name alone', async () => {
    expect(await call('member:editInsights', await memberToken('viewer', { editInsights: true }))).toEqual({
      result: 'ran',
    });
    expectRefused(
      await call('member:manageUsers', await memberToken('admin', { manageUsers: false })),
      SERVER_ERRORS.manageUsersRequired,
    );
  });

  it('lets only an owner or admin sign, whatever permissions another role was given', async () => {
    const everything = { viewInsights: true, editInsights: true, manageSettings: true, manageUsers: true };
    expectRefused(
      await call('member:signDeclaration', await memberToken('editor', everything)),
      SERVER_ERRORS.signDeclarationRequired,
    );
  });

  it('validates the request first: an invalid one is refused as invalid, whoever sends it', async () => {
    const outcome = await call('member:manageUsers', await memberToken('viewer'), { n: 'one' });
    expect('error' in outcome && outcome.error.code).toBe('invalid-argument');
    expect(ran).toEqual([]);
  });
});

describe('every callable', () => {
  // Built from api/permissions.ts: a `member:X` naming no known permission is not among them.
  const allowed: string[] = ['public', 'signedIn', 'account', ...MEMBER_ACCESSES];

  it.each(allCallables.map((handler) => [handler.name, handler] as const))(
    '%s declares an access the router knows, any permission in it one of api/permissions.ts',
    (_, handler) => {
      expect(allowed).toContain(handler.access);
    },
  );
});
