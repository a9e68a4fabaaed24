import type { GuardReason } from './errors';
import {
  evaluateGuards,
  outcomeBeforeSession,
  type GuardDecision,
  type GuardInput,
  type GuardSurvey,
} from './guards';
import type { AuthClaims } from './roles';
import { matchRoute, type RouteDefinition, type RouteMeta } from './routes';

type Status = GuardInput['auth']['status'];

interface Case {
  name: string;
  path?: string;
  meta?: RouteMeta;
  status: Status;
  claims?: AuthClaims;
  tenantId?: string | null;
  surveyCompleted?: boolean;
  survey?: GuardSurvey;
  defaultTenantIds?: readonly string[];
  keepsSavingSession?: boolean;
  expected: GuardDecision;
}

// Synthetic routes test rules whose meta no real route combines.
const synthetic = (meta: RouteMeta, path = '/synthetic'): RouteDefinition => ({
  id: 'dashboard',
  path,
  owner: 'shell',
  screen: 'Synthetic',
  meta,
});

function run(c: Case) {
  const route = c.meta ? synthetic(c.meta, c.path) : (matchRoute(c.path ?? '/')?.route ?? null);
  const log = jest.fn<void, [GuardReason, string]>();
  const decision = evaluateGuards(
    {
      pathname: c.path ?? '/synthetic',
      route,
      auth: { status: c.status, claims: c.claims ?? {}, tenantId: c.tenantId },
      surveyCompleted: c.surveyCompleted ?? true,
      survey: c.survey,
      defaultTenantIds: c.defaultTenantIds,
      keepsSavingSession: c.keepsSavingSession,
    },
    log,
  );
  return { decision, log };
}

function check(c: Case) {
  const { decision, log } = run(c);
  expect(decision).toEqual(c.expected);
  // Every redirect is logged once with its reason and target; nothing else is logged.
  if (c.expected.kind === 'redirect') expect(log.mock.calls).toEqual([[c.expected.reason, c.expected.to]]);
  else expect(log).not.toHaveBeenCalled();
}

const proceed: GuardDecision = { kind: 'proceed' };
const to = (path: string, reason: GuardReason, signOut?: boolean): GuardDecision =>
  signOut ? { kind: 'redirect', to: path, reason, signOut } : { kind: 'redirect', to: path, reason };
const found = (requireAccount: boolean): GuardSurvey => ({ state: 'found', requireAccount });
const owner: AuthClaims = { role: 'owner' };

const table = (cases: Case[]) => cases.map((c) => [c.name, c] as const);

describe('unknown routes and waiting', () => {
  test.each(
    table([
      {
        name: 'unknown path -> /',
        path: '/nope',
        status: 'signedIn',
        claims: owner,
        expected: to('/', 'unknown route'),
      },
      {
        name: 'unknown path while auth is unknown',
        path: '/nope',
        status: 'unknown',
        expected: to('/', 'unknown route'),
      },
      {
        name: 'non-integer section id is an unknown path',
        path: '/survey/t/s/section/intro',
        status: 'signedOut',
        expected: to('/', 'unknown route'),
      },
      {
        name: 'non-integer slide id is an unknown path',
        path: '/survey/t/s/section/1/slide/2a',
        status: 'signedOut',
        expected: to('/', 'unknown route'),
      },
      {
        name: 'waits while auth is unknown',
        path: '/dashboard',
        status: 'unknown',
        expected: { kind: 'wait' },
      },
      { name: 'waits on the portal too', path: '/', status: 'unknown', expected: { kind: 'wait' } },
    ]),
  )('%s', (_name, c) => check(c));
});

describe('rule 1: forced-logout pages sign out', () => {
  test.each(
    table([
      {
        name: 'signed-in user on /complete-signup is signed out and stays (not sent away by rule 5)',
        path: '/complete-signup',
        status: 'signedIn',
        claims: owner,
        expected: { kind: 'proceed', signOut: true },
      },
      {
        name: 'signed-in user on /invite is signed out and stays',
        path: '/invite',
        status: 'signedIn',
        expected: { kind: 'proceed', signOut: true },
      },
      {
        name: 'anonymous session on /invite is ended too',
        path: '/invite',
        status: 'anonymous',
        expected: { kind: 'proceed', signOut: true },
      },
      { name: 'signed-out visitor: nothing to end', path: '/invite', status: 'signedOut', expected: proceed },
      {
        name: 'the anonymous session that asked here for a "Save my results" link stays on /complete-signup',
        path: '/complete-signup',
        status: 'anonymous',
        keepsSavingSession: true,
        expected: proceed,
      },
      {
        name: 'any other anonymous session on /complete-signup is ended',
        path: '/complete-signup',
        status: 'anonymous',
        expected: { kind: 'proceed', signOut: true },
      },
      {
        name: 'a signed-in session on /complete-signup is ended even when marked as saving',
        path: '/complete-signup',
        status: 'signedIn',
        claims: owner,
        keepsSavingSession: true,
        expected: { kind: 'proceed', signOut: true },
      },
      {
        name: 'the saving session is kept on /complete-signup only: /invite ends it',
        path: '/invite',
        status: 'anonymous',
        keepsSavingSession: true,
        expected: { kind: 'proceed', signOut: true },
      },
      {
        name: 'runs before rule 2: a forced-logout page needing sign-in sends the now signed-out user away',
        meta: { forceLogout: true, requiresAuth: true },
        status: 'signedIn',
        expected: to('/', 'not logged in', true),
      },
      {
        name: 'runs before rule 6: rights of the ended session no longer count',
        meta: { forceLogout: true, requires: 'admin' },
        status: 'signedIn',
        claims: { admin: true },
        expected: to('/dashboard', 'more rights needed', true),
      },
    ]),
  )('%s', (_name, c) => check(c));
});

describe('rule 2: pages that need sign-in send unauthenticated users to landing', () => {
  test.each(
    table([
      {
        name: 'signed out on /dashboard',
        path: '/dashboard',
        status: 'signedOut',
        expected: to('/', 'not logged in'),
      },
      {
        name: 'signed out on /dashboard/users: not logged in, not "more rights needed" (before rule 6)',
        path: '/dashboard/users',
        status: 'signedOut',
        expected: to('/', 'not logged in'),
      },
      {
        name: 'signed out on /step1',
        path: '/step1',
        status: 'signedOut',
        expected: to('/', 'not logged in'),
      },
      {
        name: 'anonymous on /step4 (disallows anonymous) is sent to landing without sign-out',
        path: '/step4',
        status: 'anonymous',
        expected: to('/', 'not logged in'),
      },
      { name: 'signed in on /step2 proceeds', path: '/step2', status: 'signedIn', expected: proceed },
      { name: 'signed in on /dashboard proceeds', path: '/dashboard', status: 'signedIn', expected: proceed },
      {
        name: 'before rule 3: signed out and survey not completed -> landing',
        meta: { requiresAuth: true, requiresCompletedSurvey: true },
        status: 'signedOut',
        surveyCompleted: false,
        expected: to('/', 'not logged in'),
      },
      {
        name: 'before rule 4: signed out on a sign-in survey page whose survey is missing -> landing',
        meta: { requiresAuth: true, surveyDefinition: true },
        status: 'signedOut',
        survey: { state: 'notFound' },
        expected: to('/', 'not logged in'),
      },
    ]),
  )('%s', (_name, c) => check(c));
});

describe('rule 3: pages that need a completed survey', () => {
  const needsSurvey: RouteMeta = { requiresAuth: true, requiresCompletedSurvey: true };
  test.each(
    table([
      {
        name: 'survey not completed -> dashboard',
        meta: needsSurvey,
        status: 'signedIn',
        surveyCompleted: false,
        expected: to('/dashboard', 'survey not completed'),
      },
      { name: 'survey completed proceeds', meta: needsSurvey, status: 'signedIn', expected: proceed },
      {
        name: 'ready-reckoner does not need a completed survey',
        path: '/dashboard/ready-reckoner',
        status: 'signedIn',
        surveyCompleted: false,
        expected: proceed,
      },
      {
        name: 'before rule 4: does not wait for a survey definition',
        meta: { requiresCompletedSurvey: true, surveyDefinition: true },
        status: 'signedIn',
        surveyCompleted: false,
        survey: { state: 'loading' },
        expected: to('/dashboard', 'survey not completed'),
      },
      {
        name: 'before rule 6: reported as survey not completed, not as missing rights',
        meta: { ...needsSurvey, requires: 'admin' },
        status: 'signedIn',
        surveyCompleted: false,
        expected: to('/dashboard', 'survey not completed'),
      },
    ]),
  )('%s', (_name, c) => check(c));
});

describe('rule 4: survey routes and the survey definition', () => {
  const slide = '/survey/t1/s1/section/1/slide/2';
  test.each(
    table([
      {
        name: 'waits while loading',
        path: slide,
        status: 'signedIn',
        survey: { state: 'loading' },
        expected: { kind: 'wait' },
      },
      {
        name: 'waits when no survey state is known yet',
        path: '/survey/t1/s1',
        status: 'signedOut',
        expected: { kind: 'wait' },
      },
      {
        name: 'not found -> dashboard',
        path: '/survey/t1/s1',
        status: 'signedIn',
        survey: { state: 'notFound' },
        expected: to('/dashboard', 'survey not found'),
      },
      {
        name: 'requires account, signed out -> landing',
        path: slide,
        status: 'signedOut',
        survey: found(true),
        expected: to('/', 'not logged in'),
      },
      {
        name: 'requires account, anonymous -> sign out, portal',
        path: slide,
        status: 'anonymous',
        survey: found(true),
        expected: to('/', 'anonymous', true),
      },
      {
        name: 'requires account, signed in -> proceed',
        path: slide,
        status: 'signedIn',
        survey: found(true),
        expected: proceed,
      },
      {
        name: 'no account, signed out -> proceed with anonymous sign-in',
        path: '/survey/t1/s1/section/0',
        status: 'signedOut',
        survey: found(false),
        expected: { kind: 'proceed', signInAnonymously: true },
      },
      {
        name: 'no account, real user -> sign out, then anonymous sign-in',
        path: slide,
        status: 'signedIn',
        claims: owner,
        survey: found(false),
        expected: { kind: 'proceed', signOut: true, signInAnonymously: true },
      },
      {
        name: 'no account, invitee signed in for an invite -> keeps the invite session',
        path: slide,
        status: 'signedIn',
        claims: { tenantId: 't1', inviteId: 'inv1' },
        survey: found(false),
        expected: proceed,
      },
      {
        name: 'no account, anonymous -> keeps the session',
        path: slide,
        status: 'anonymous',
        survey: found(false),
        expected: proceed,
      },
      {
        name: 'before rule 5: the real user becomes anonymous, so hide-for-auth no longer applies',
        meta: { surveyDefinition: true, hideForAuth: true },
        status: 'signedIn',
        survey: found(false),
        expected: { kind: 'proceed', signOut: true, signInAnonymously: true },
      },
    ]),
  )('%s', (_name, c) => check(c));
});

describe('rule 5: real signed-in users do not see hide-for-auth pages', () => {
  test.each(
    table([
      {
        name: 'signed in on / -> dashboard',
        path: '/',
        status: 'signedIn',
        expected: to('/dashboard', 'signed in'),
      },
      {
        name: 'signed in on /signup -> dashboard',
        path: '/signup',
        status: 'signedIn',
        expected: to('/dashboard', 'signed in'),
      },
      {
        name: 'signed in on a toolkit portal -> dashboard',
        path: '/flow/green',
        status: 'signedIn',
        expected: to('/dashboard', 'signed in'),
      },
      { name: 'anonymous on / stays', path: '/', status: 'anonymous', expected: proceed },
      { name: 'signed out on / stays', path: '/signup', status: 'signedOut', expected: proceed },
      {
        name: 'before rule 6: a signed-in user without rights is reported as signed in',
        meta: { hideForAuth: true, requires: 'billing' },
        status: 'signedIn',
        expected: to('/dashboard', 'signed in'),
      },
    ]),
  )('%s', (_name, c) => check(c));
});

describe('rule 6: missing rights send the user to the dashboard', () => {
  test.each(
    table([
      {
        name: 'users page, admin flag',
        path: '/dashboard/users',
        status: 'signedIn',
        claims: { admin: true },
        expected: proceed,
      },
      {
        name: 'users page, admin role',
        path: '/dashboard/users',
        status: 'signedIn',
        claims: { role: 'admin' },
        expected: proceed,
      },
      {
        name: 'users page, explicit manageUsers claim',
        path: '/dashboard/users',
        status: 'signedIn',
        claims: { role: 'viewer', permissions: { manageUsers: true } },
        expected: proceed,
      },
      {
        name: 'users page, editor',
        path: '/dashboard/users',
        status: 'signedIn',
        claims: { role: 'editor' },
        expected: to('/dashboard', 'more rights needed'),
      },
      {
        name: 'plans, billing role',
        path: '/dashboard/plans',
        status: 'signedIn',
        claims: { role: 'billing' },
        expected: proceed,
      },
      {
        name: 'plans, admin role lacks billing',
        path: '/dashboard/plans',
        status: 'signedIn',
        claims: { role: 'admin' },
        expected: to('/dashboard', 'billing access needed'),
      },
      {
        name: 'checkout, no claims',
        path: '/dashboard/plans/checkout/cs_1',
        status: 'signedIn',
        expected: to('/dashboard', 'billing access needed'),
      },
      {
        name: 'insights, viewer',
        path: '/dashboard/insights',
        status: 'signedIn',
        claims: { role: 'viewer' },
        expected: proceed,
      },
      {
        name: 'insights, plain user',
        path: '/dashboard/insights',
        status: 'signedIn',
        claims: { role: 'user' },
        expected: to('/dashboard', 'insights access needed'),
      },
      {
        name: 'manage, editor',
        path: '/dashboard/manage',
        status: 'signedIn',
        claims: { role: 'editor' },
        expected: proceed,
      },
      {
        name: 'manage, viewer',
        path: '/dashboard/manage',
        status: 'signedIn',
        claims: { role: 'viewer' },
        expected: to('/dashboard', 'management access needed'),
      },
      {
        name: 'reviews, editor',
        path: '/dashboard/reviews/rev-1',
        status: 'signedIn',
        claims: { role: 'editor' },
        expected: proceed,
      },
      {
        name: 'reviews, viewer',
        path: '/dashboard/reviews',
        status: 'signedIn',
        claims: { role: 'viewer' },
        expected: to('/dashboard', 'more rights needed'),
      },
      {
        name: 'manage, viewer granted settings',
        path: '/dashboard/manage',
        status: 'signedIn',
        claims: { role: 'viewer', permissions: { manageSettings: true } },
        expected: proceed,
      },
      {
        name: 'before rule 7: an anonymous session on the users page is refused for rights first',
        path: '/dashboard/users',
        status: 'anonymous',
        expected: to('/dashboard', 'more rights needed'),
      },
      {
        name: 'before rule 8',
        meta: { requires: 'admin', defaultTenantOnly: true },
        status: 'signedIn',
        tenantId: 'other',
        defaultTenantIds: ['default'],
        expected: to('/dashboard', 'more rights needed'),
      },
    ]),
  )('%s', (_name, c) => check(c));
});

describe('rule 7: anonymous sessions are ended on dashboard, toolkit, results and profile paths', () => {
  test.each(
    table([
      { name: 'dashboard', path: '/dashboard', status: 'anonymous', expected: to('/', 'anonymous', true) },
      {
        name: 'results',
        path: '/dashboard/ready-reckoner',
        status: 'anonymous',
        expected: to('/', 'anonymous', true),
      },
      {
        name: 'profile',
        path: '/dashboard/profile',
        status: 'anonymous',
        expected: to('/', 'anonymous', true),
      },
      {
        name: 'toolkit portal',
        path: '/flow/green',
        status: 'anonymous',
        expected: to('/', 'anonymous', true),
      },
      {
        name: 'a real user on the dashboard stays',
        path: '/dashboard/profile',
        status: 'signedIn',
        expected: proceed,
      },
      { name: 'anonymous on the portal stays', path: '/', status: 'anonymous', expected: proceed },
      {
        name: 'anonymous on a survey stays',
        path: '/survey/t/s',
        status: 'anonymous',
        survey: found(false),
        expected: proceed,
      },
      {
        name: 'before rule 8',
        meta: { signOutAnonymous: true, defaultTenantOnly: true },
        status: 'anonymous',
        defaultTenantIds: ['default'],
        expected: to('/', 'anonymous', true),
      },
    ]),
  )('%s', (_name, c) => check(c));
});

describe('rule 8: default-tenant restriction', () => {
  const restricted: RouteMeta = { requiresAuth: true, defaultTenantOnly: true };
  const defaults = ['tenant-a', 'tenant-b'];
  test.each(
    table([
      {
        name: 'default tenant proceeds',
        meta: restricted,
        status: 'signedIn',
        tenantId: 'tenant-b',
        defaultTenantIds: defaults,
        expected: proceed,
      },
      {
        name: 'tenant from claims when auth has none',
        meta: restricted,
        status: 'signedIn',
        claims: { tenantId: 'tenant-a' },
        defaultTenantIds: defaults,
        expected: proceed,
      },
      {
        name: 'other tenant -> dashboard',
        meta: restricted,
        status: 'signedIn',
        tenantId: 'tenant-c',
        defaultTenantIds: defaults,
        expected: to('/dashboard', 'default tenant only'),
      },
      {
        name: 'no tenant -> dashboard',
        meta: restricted,
        status: 'signedIn',
        tenantId: null,
        defaultTenantIds: defaults,
        expected: to('/dashboard', 'default tenant only'),
      },
      {
        name: 'no default tenants configured -> dashboard',
        meta: restricted,
        status: 'signedIn',
        tenantId: 'tenant-a',
        expected: to('/dashboard', 'default tenant only'),
      },
      {
        name: 'routes without the flag ignore the tenant',
        path: '/dashboard/reports',
        status: 'signedIn',
        tenantId: 'tenant-c',
        defaultTenantIds: defaults,
        expected: proceed,
      },
    ]),
  )('%s', (_name, c) => check(c));
});

test('the log is optional', () => {
  const route = matchRoute('/dashboard')?.route ?? null;
  expect(
    evaluateGuards({
      pathname: '/dashboard',
      route,
      auth: { status: 'signedOut', claims: {} },
      surveyCompleted: true,
    }),
  ).toEqual(to('/', 'not logged in'));
});

describe('the outcome before the session is known', () => {
  const before = (path: string, survey?: GuardSurvey) =>
    outcomeBeforeSession({
      pathname: path,
      route: matchRoute(path)?.route ?? null,
      auth: { status: 'unknown', claims: {} },
      surveyCompleted: false,
      survey,
    });
  const slide = '/survey/demo-publisher/quickscan/section/1/slide/1';

  it('lets a survey that needs no account through whatever the session will be', () => {
    expect(before(slide, { state: 'found', requireAccount: false })).toBe('proceed');
  });

  it('waits for the survey definition before anything else', () => {
    expect(before(slide, { state: 'loading' })).toBe('wait');
  });

  it('needs the session for a survey that requires an account', () => {
    expect(before(slide, { state: 'found', requireAccount: true })).toBe('needsSession');
  });

  it('shows nothing early for a survey that is not found: it redirects', () => {
    expect(before(slide, { state: 'notFound' })).toBe('needsSession');
  });

  it('needs the session for pages that depend on who is signed in', () => {
    expect(before('/dashboard')).toBe('needsSession');
    expect(before('/dashboard/users')).toBe('needsSession');
  });
});
