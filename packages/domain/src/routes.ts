// Screens and routes (docs/behaviour.md, Routes). Every path of the product is written once, in ROUTE_TABLE.
import type { AccessRequirement } from './roles';

export type RouteOwner = 'shell' | 'survey' | 'dashboard' | 'journey' | 'billing';

export interface RouteMeta {
  forceLogout?: boolean;
  requiresAuth?: boolean;
  disallowAnonymous?: boolean;
  requiresCompletedSurvey?: boolean;
  surveyDefinition?: boolean;
  hideForAuth?: boolean;
  requires?: AccessRequirement;
  signOutAnonymous?: boolean;
  defaultTenantOnly?: boolean;
  /** Shown to anyone without knowing the session: the sign-in SDK is not loaded for it. */
  sessionFree?: boolean;
}

interface RouteSpec {
  readonly id: string;
  readonly path: string;
  readonly owner: RouteOwner;
  readonly screen: string;
  readonly meta: RouteMeta;
  readonly integerParams?: readonly string[];
}

const dashboardChild = { requiresAuth: true, signOutAnonymous: true } as const;
const journeyStep = { requiresAuth: true, disallowAnonymous: true } as const;
const surveyPage = { surveyDefinition: true } as const;

const ROUTE_TABLE = [
  { id: 'portal', path: '/', owner: 'shell', screen: 'Portal', meta: { hideForAuth: true } },
  {
    id: 'toolkitPortal',
    path: '/flow/:toolkitName',
    owner: 'shell',
    screen: 'Portal',
    meta: { hideForAuth: true, signOutAnonymous: true },
  },
  {
    id: 'invite',
    path: '/invite',
    owner: 'shell',
    screen: 'Portal',
    meta: { forceLogout: true, hideForAuth: true },
  },
  { id: 'signup', path: '/signup', owner: 'shell', screen: 'Portal', meta: { hideForAuth: true } },
  {
    id: 'completeSignup',
    path: '/complete-signup',
    owner: 'shell',
    screen: 'Complete sign-up',
    meta: { forceLogout: true, hideForAuth: true },
  },
  // Where a password-reset e-mail's link leads (docs/decisions.md).
  { id: 'resetPassword', path: '/reset-password', owner: 'shell', screen: 'Reset password', meta: {} },
  // The public check of a declaration credential, carried in the fragment (docs/decisions.md).
  {
    id: 'verifyCredential',
    path: '/verify',
    owner: 'shell',
    screen: 'Credential check',
    meta: { sessionFree: true },
  },
  // Where an alert recipient confirms its address (the token in the fragment).
  {
    id: 'confirmAlerts',
    path: '/alerts/confirm',
    owner: 'shell',
    screen: 'Notification confirmation',
    meta: { sessionFree: true },
  },
  { id: 'journeyInvite', path: '/journey/:inviteId', owner: 'journey', screen: 'Invite journey', meta: {} },
  { id: 'journeyStep1', path: '/step1', owner: 'journey', screen: 'Journey stage 1', meta: journeyStep },
  { id: 'journeyStep2', path: '/step2', owner: 'journey', screen: 'Journey stage 2', meta: journeyStep },
  { id: 'journeyStep3', path: '/step3', owner: 'journey', screen: 'Journey stage 3', meta: journeyStep },
  { id: 'journeyStep4', path: '/step4', owner: 'journey', screen: 'Journey stage 4', meta: journeyStep },
  { id: 'journeyStep5', path: '/step5', owner: 'journey', screen: 'Journey stage 5', meta: journeyStep },
  { id: 'dashboard', path: '/dashboard', owner: 'dashboard', screen: 'Dashboard', meta: dashboardChild },
  {
    id: 'dashboardInsights',
    path: '/dashboard/insights',
    owner: 'dashboard',
    screen: 'Insights',
    meta: { ...dashboardChild, requires: 'insights' },
  },
  {
    id: 'dashboardUsers',
    path: '/dashboard/users',
    owner: 'dashboard',
    screen: 'Users',
    meta: { ...dashboardChild, requires: 'admin' },
  },
  {
    id: 'dashboardActivity',
    path: '/dashboard/activity',
    owner: 'dashboard',
    screen: 'Activity',
    meta: { ...dashboardChild, requires: 'admin' },
  },
  {
    id: 'dashboardManage',
    path: '/dashboard/manage',
    owner: 'dashboard',
    screen: 'Manage',
    meta: { ...dashboardChild, requires: 'management' },
  },
  {
    id: 'dashboardExpert',
    path: '/dashboard/expert',
    owner: 'dashboard',
    screen: 'Expert',
    meta: dashboardChild,
  },
  {
    id: 'dashboardAssessments',
    path: '/dashboard/assessments',
    owner: 'dashboard',
    screen: 'Assessments',
    meta: dashboardChild,
  },
  {
    id: 'dashboardResults',
    path: '/dashboard/ready-reckoner',
    owner: 'dashboard',
    screen: 'Results',
    meta: { ...dashboardChild, requiresCompletedSurvey: false },
  },
  {
    id: 'dashboardProfile',
    path: '/dashboard/profile',
    owner: 'dashboard',
    screen: 'Profile',
    meta: dashboardChild,
  },
  {
    id: 'dashboardAcademy',
    path: '/dashboard/academy',
    owner: 'dashboard',
    screen: 'Academy',
    meta: dashboardChild,
  },
  {
    id: 'dashboardAcademyDetail',
    path: '/dashboard/academy/:slug',
    owner: 'dashboard',
    screen: 'Academy detail',
    meta: dashboardChild,
  },
  // Evidence for the latest result's answers, and asking the toolkit's publisher to verify it.
  {
    id: 'dashboardEvidence',
    path: '/dashboard/evidence',
    owner: 'dashboard',
    screen: 'Evidence and review',
    meta: dashboardChild,
  },
  {
    id: 'dashboardDeclaration',
    path: '/dashboard/declaration',
    owner: 'dashboard',
    screen: 'Declaration',
    meta: dashboardChild,
  },
  // Where the addressee of "Save my results" confirms or declines a waiting result.
  {
    id: 'dashboardSaveResults',
    path: '/dashboard/save-results',
    owner: 'dashboard',
    screen: 'Save results',
    meta: dashboardChild,
  },
  {
    id: 'dashboardActions',
    path: '/dashboard/actions',
    owner: 'dashboard',
    screen: 'Actions',
    meta: dashboardChild,
  },
  {
    id: 'dashboardMateriality',
    path: '/dashboard/materiality',
    owner: 'dashboard',
    screen: 'Materiality',
    meta: { ...dashboardChild, requires: 'insights' },
  },
  {
    id: 'dashboardReports',
    path: '/dashboard/reports',
    owner: 'dashboard',
    screen: 'Reports',
    meta: dashboardChild,
  },
  // The publisher's screens: what its toolkits received (docs/behaviour.md, Publisher dashboard).
  {
    id: 'dashboardReceived',
    path: '/dashboard/received',
    owner: 'dashboard',
    screen: 'Results',
    meta: { ...dashboardChild, requires: 'insights' },
  },
  {
    id: 'dashboardReceivedResult',
    path: '/dashboard/received/:surveyId/:resultId',
    owner: 'dashboard',
    screen: 'Received result',
    meta: { ...dashboardChild, requires: 'insights' },
  },
  // Results businesses asked the organisation to verify, and one review.
  {
    id: 'dashboardReviews',
    path: '/dashboard/reviews',
    owner: 'dashboard',
    screen: 'Reviews',
    meta: { ...dashboardChild, requires: 'reviews' },
  },
  {
    id: 'dashboardReview',
    path: '/dashboard/reviews/:reviewId',
    owner: 'dashboard',
    screen: 'Review',
    meta: { ...dashboardChild, requires: 'reviews' },
  },
  {
    id: 'dashboardSurveyInsights',
    path: '/dashboard/survey-insights',
    owner: 'dashboard',
    screen: 'Survey insights',
    meta: { ...dashboardChild, requires: 'insights' },
  },
  {
    id: 'dashboardMembers',
    path: '/dashboard/members',
    owner: 'dashboard',
    screen: 'Members',
    meta: { ...dashboardChild, requires: 'insights' },
  },
  {
    id: 'plans',
    path: '/dashboard/plans',
    owner: 'billing',
    screen: 'Plans',
    meta: { ...dashboardChild, requires: 'billing' },
  },
  {
    id: 'plansCheckout',
    path: '/dashboard/plans/checkout/:checkoutSessionId',
    owner: 'billing',
    screen: 'Plans',
    meta: { ...dashboardChild, requires: 'billing' },
  },
  // The local billing sandbox's checkout page, Stripe Checkout's stand-in (docs/decisions.md).
  {
    id: 'plansSandboxCheckout',
    path: '/dashboard/plans/sandbox/:checkoutSessionId',
    owner: 'billing',
    screen: 'Local checkout',
    meta: { ...dashboardChild, requires: 'billing' },
  },
  // The sandbox's stand-ins for the provider's customer portal and hosted receipts.
  {
    id: 'plansSandboxPortal',
    path: '/dashboard/plans/sandbox-portal',
    owner: 'billing',
    screen: 'Local billing portal',
    meta: { ...dashboardChild, requires: 'billing' },
  },
  {
    id: 'plansSandboxReceipt',
    path: '/dashboard/plans/receipts/:invoiceId',
    owner: 'billing',
    screen: 'Receipt',
    meta: { ...dashboardChild, requires: 'billing' },
  },
  {
    id: 'surveyStart',
    path: '/survey/:tenantId/:surveyId',
    owner: 'survey',
    screen: 'Survey start',
    meta: surveyPage,
  },
  {
    id: 'surveySection',
    path: '/survey/:tenantId/:surveyId/section/:sectionId',
    owner: 'survey',
    screen: 'Section start',
    meta: surveyPage,
    integerParams: ['sectionId'],
  },
  {
    id: 'surveySlide',
    path: '/survey/:tenantId/:surveyId/section/:sectionId/slide/:slideId',
    owner: 'survey',
    screen: 'Question slide',
    meta: surveyPage,
    integerParams: ['sectionId', 'slideId'],
  },
] as const satisfies readonly RouteSpec[];

export type RouteId = (typeof ROUTE_TABLE)[number]['id'];
/** The ids of the routes one app owns. */
export type RouteIdOf<O extends RouteOwner> = Extract<(typeof ROUTE_TABLE)[number], { owner: O }>['id'];

export interface RouteDefinition extends RouteSpec {
  readonly id: RouteId;
}

export const ROUTES: readonly RouteDefinition[] = ROUTE_TABLE;

export const ROUTE_BY_ID = Object.fromEntries(ROUTES.map((route) => [route.id, route])) as Readonly<
  Record<RouteId, RouteDefinition>
>;

export const LANDING_PATH = '/';
export const DASHBOARD_PATH = '/dashboard';

export function routesOwnedBy(owner: RouteOwner): RouteDefinition[] {
  return ROUTES.filter((route) => route.owner === owner);
}

// Path of a route relative to a mount point, for remotes that render nested routes under the shell,
// e.g. relativePath('/dashboard/academy/:slug', '/dashboard') === 'academy/:slug'.
export function relativePath(path: string, base: string): string {
  const trimmedBase = base.replace(/\/+$/, '');
  if (path === trimmedBase || path === `${trimmedBase}/`) return '';
  if (!path.startsWith(`${trimmedBase}/`)) throw new RangeError(`${path} is not under ${base}`);
  return path.slice(trimmedBase.length + 1);
}

const INTEGER = /^\d+$/;
const PARAM = /:([A-Za-z0-9_]+)/g;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface CompiledRoute {
  route: RouteDefinition;
  pattern: RegExp;
  names: string[];
}

const compiled: CompiledRoute[] = ROUTES.map((route) => {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) {
        names.push(segment.slice(1));
        return '([^/]+)';
      }
      return escapeRegExp(segment);
    })
    .join('/');
  // Case-insensitive with an optional trailing slash, as react-router matches by default.
  const pattern = new RegExp(`^${source}/?$`, 'i');
  return { route, pattern, names };
});

export interface RouteMatch {
  route: RouteDefinition;
  params: Record<string, string>;
}

export function matchRoute(pathname: string): RouteMatch | null {
  const path = pathname.split(/[?#]/)[0] ?? '';
  for (const { route, pattern, names } of compiled) {
    const found = pattern.exec(path);
    if (!found) continue;
    const params: Record<string, string> = {};
    let valid = true;
    names.forEach((name, index) => {
      let value: string;
      try {
        value = decodeURIComponent(found[index + 1] ?? '');
      } catch {
        valid = false;
        return;
      }
      if (route.integerParams?.includes(name) && !INTEGER.test(value)) valid = false;
      params[name] = value;
    });
    // A malformed survey section or slide id is an unknown path (redirects to '/').
    if (valid) return { route, params };
  }
  return null;
}

type PathOf<I extends RouteId> = Extract<(typeof ROUTE_TABLE)[number], { id: I }>['path'];

export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type RouteParams<I extends RouteId> = Record<PathParamNames<PathOf<I>>, string | number>;

type ParamsArg<I extends RouteId> = [PathParamNames<PathOf<I>>] extends [never] ? [] : [RouteParams<I>];

export function buildPath<I extends RouteId>(id: I, ...args: ParamsArg<I>): string {
  const route = ROUTE_BY_ID[id];
  const params = (args[0] ?? {}) as Record<string, string | number | undefined>;
  return route.path.replace(PARAM, (_match, name: string) => {
    const raw = params[name];
    const value = raw === undefined ? '' : String(raw);
    if (value === '') throw new RangeError(`Route ${id} needs a value for ${name}`);
    if (route.integerParams?.includes(name) && !INTEGER.test(value)) {
      throw new RangeError(`Route ${id} needs a non-negative integer ${name}, got ${value}`);
    }
    return encodeURIComponent(value);
  });
}

export type JourneyStepNumber = 1 | 2 | 3 | 4 | 5;

export const paths = {
  landing: () => LANDING_PATH,
  portal: () => buildPath('portal'),
  toolkitPortal: (toolkitName: string) => buildPath('toolkitPortal', { toolkitName }),
  invite: () => buildPath('invite'),
  signup: () => buildPath('signup'),
  completeSignup: () => buildPath('completeSignup'),
  resetPassword: () => buildPath('resetPassword'),
  verifyCredential: () => buildPath('verifyCredential'),
  journeyInvite: (inviteId: string) => buildPath('journeyInvite', { inviteId }),
  journeyStep: (step: JourneyStepNumber) => buildPath(`journeyStep${step}`),
  dashboard: () => buildPath('dashboard'),
  insights: () => buildPath('dashboardInsights'),
  users: () => buildPath('dashboardUsers'),
  activity: () => buildPath('dashboardActivity'),
  manage: () => buildPath('dashboardManage'),
  expert: () => buildPath('dashboardExpert'),
  assessments: () => buildPath('dashboardAssessments'),
  results: () => buildPath('dashboardResults'),
  profile: () => buildPath('dashboardProfile'),
  academy: () => buildPath('dashboardAcademy'),
  academyDetail: (slug: string) => buildPath('dashboardAcademyDetail', { slug }),
  declaration: () => buildPath('dashboardDeclaration'),
  evidence: () => buildPath('dashboardEvidence'),
  actions: () => buildPath('dashboardActions'),
  saveResults: () => buildPath('dashboardSaveResults'),
  reports: () => buildPath('dashboardReports'),
  materiality: () => buildPath('dashboardMateriality'),
  received: () => buildPath('dashboardReceived'),
  receivedResult: (surveyId: string, resultId: string) =>
    buildPath('dashboardReceivedResult', { surveyId, resultId }),
  reviews: () => buildPath('dashboardReviews'),
  review: (reviewId: string) => buildPath('dashboardReview', { reviewId }),
  surveyInsights: () => buildPath('dashboardSurveyInsights'),
  members: () => buildPath('dashboardMembers'),
  plans: () => buildPath('plans'),
  plansCheckout: (checkoutSessionId: string) => buildPath('plansCheckout', { checkoutSessionId }),
  plansSandboxCheckout: (checkoutSessionId: string) =>
    buildPath('plansSandboxCheckout', { checkoutSessionId }),
  plansSandboxPortal: () => buildPath('plansSandboxPortal'),
  plansSandboxReceipt: (invoiceId: string) => buildPath('plansSandboxReceipt', { invoiceId }),
  survey: (tenantId: string, surveyId: string) => buildPath('surveyStart', { tenantId, surveyId }),
  surveySection: (tenantId: string, surveyId: string, sectionId: number | string) =>
    buildPath('surveySection', { tenantId, surveyId, sectionId }),
  surveySlide: (tenantId: string, surveyId: string, sectionId: number | string, slideId: number | string) =>
    buildPath('surveySlide', { tenantId, surveyId, sectionId, slideId }),
} as const;

// The links of the journey's milestones.
export const JOURNEY_LINKS = {
  signUp: paths.signup(),
  profile: paths.profile(),
  assessments: paths.assessments(),
  results: paths.results(),
  users: paths.users(),
  insights: paths.insights(),
  declaration: paths.declaration(),
  evidence: paths.evidence(),
  actions: paths.actions(),
  materiality: paths.materiality(),
  plans: paths.plans(),
} as const;

export const STAGE_LINKS: readonly string[] = ([1, 2, 3, 4, 5] as const).map((step) =>
  paths.journeyStep(step),
);
