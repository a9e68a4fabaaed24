import {
  DASHBOARD_PATH,
  JOURNEY_LINKS,
  LANDING_PATH,
  ROUTES,
  ROUTE_BY_ID,
  STAGE_LINKS,
  buildPath,
  matchRoute,
  paths,
  relativePath,
  routesOwnedBy,
  type RouteId,
  type RouteOwner,
} from './routes';

describe('matchRoute', () => {
  test.each<[string, RouteId, Record<string, string>]>([
    ['/', 'portal', {}],
    ['/flow/green-business', 'toolkitPortal', { toolkitName: 'green-business' }],
    ['/invite', 'invite', {}],
    ['/invite?email=a%40b.c', 'invite', {}],
    ['/signup', 'signup', {}],
    ['/complete-signup', 'completeSignup', {}],
    ['/reset-password', 'resetPassword', {}],
    ['/verify', 'verifyCredential', {}],
    ['/alerts/confirm', 'confirmAlerts', {}],
    ['/journey/inv-42', 'journeyInvite', { inviteId: 'inv-42' }],
    ['/step1', 'journeyStep1', {}],
    ['/step5', 'journeyStep5', {}],
    ['/dashboard', 'dashboard', {}],
    ['/dashboard/', 'dashboard', {}],
    ['/dashboard/insights', 'dashboardInsights', {}],
    ['/dashboard/users', 'dashboardUsers', {}],
    ['/dashboard/activity', 'dashboardActivity', {}],
    ['/dashboard/manage', 'dashboardManage', {}],
    ['/dashboard/expert', 'dashboardExpert', {}],
    ['/dashboard/assessments', 'dashboardAssessments', {}],
    ['/dashboard/ready-reckoner', 'dashboardResults', {}],
    ['/dashboard/profile', 'dashboardProfile', {}],
    ['/dashboard/academy', 'dashboardAcademy', {}],
    ['/dashboard/academy/energy-basics', 'dashboardAcademyDetail', { slug: 'energy-basics' }],
    ['/dashboard/declaration', 'dashboardDeclaration', {}],
    ['/dashboard/evidence', 'dashboardEvidence', {}],
    ['/dashboard/reviews', 'dashboardReviews', {}],
    ['/dashboard/reviews/rev-1', 'dashboardReview', { reviewId: 'rev-1' }],
    ['/dashboard/actions', 'dashboardActions', {}],
    ['/dashboard/save-results', 'dashboardSaveResults', {}],
    ['/dashboard/reports', 'dashboardReports', {}],
    ['/dashboard/materiality', 'dashboardMateriality', {}],
    ['/dashboard/received', 'dashboardReceived', {}],
    ['/dashboard/received/s1/r1', 'dashboardReceivedResult', { surveyId: 's1', resultId: 'r1' }],
    ['/dashboard/survey-insights', 'dashboardSurveyInsights', {}],
    ['/dashboard/members', 'dashboardMembers', {}],
    ['/dashboard/plans', 'plans', {}],
    ['/dashboard/plans/checkout/cs_test_123', 'plansCheckout', { checkoutSessionId: 'cs_test_123' }],
    ['/survey/t1/s1', 'surveyStart', { tenantId: 't1', surveyId: 's1' }],
    ['/survey/t1/s1?first_name=Ana#top', 'surveyStart', { tenantId: 't1', surveyId: 's1' }],
    ['/survey/t1/s1/section/0', 'surveySection', { tenantId: 't1', surveyId: 's1', sectionId: '0' }],
    [
      '/survey/t1/s1/section/3/slide/12',
      'surveySlide',
      { tenantId: 't1', surveyId: 's1', sectionId: '3', slideId: '12' },
    ],
    ['/flow/caf%C3%A9', 'toolkitPortal', { toolkitName: 'café' }],
  ])('%s -> %s', (pathname, id, params) => {
    const match = matchRoute(pathname);
    expect(match?.route.id).toBe(id);
    expect(match?.params).toEqual(params);
  });

  test.each([
    '/nowhere',
    '/dashboard/unknown',
    '/dashboard/plans/checkout',
    '/flow',
    '/flow/',
    '/step6',
    '/milestone1',
    '/survey/t1',
    '/survey/t1/s1/section/abc',
    '/survey/t1/s1/section/1.5',
    '/survey/t1/s1/section/-1',
    '/survey/t1/s1/section/2/slide/x',
    '/survey/t1/s1/section/x/slide/2',
    '/survey/t1/s1/section/2/slide/',
    '/flow/%E0%A4%A',
    '',
  ])('%j matches no route', (pathname) => {
    expect(matchRoute(pathname)).toBeNull();
  });
});

describe('route table', () => {
  test('ids and paths are unique', () => {
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  test('every route matches its own path pattern and nothing earlier shadows it', () => {
    for (const route of ROUTES) {
      const sample = route.path.replace(/:([A-Za-z]+)/g, (_m, name: string) =>
        route.integerParams?.includes(name) ? '7' : `x-${name}`,
      );
      expect(matchRoute(sample)?.route.id).toBe(route.id);
    }
  });

  test.each<[string, RouteId[]]>([
    ['hideForAuth', ['portal', 'toolkitPortal', 'invite', 'signup', 'completeSignup'] satisfies RouteId[]],
    ['forceLogout', ['invite', 'completeSignup']],
    ['surveyDefinition', ['surveyStart', 'surveySection', 'surveySlide']],
    ['disallowAnonymous', ['journeyStep1', 'journeyStep2', 'journeyStep3', 'journeyStep4', 'journeyStep5']],
    ['defaultTenantOnly', []],
    ['requiresCompletedSurvey', []],
  ])('routes with meta.%s', (flag, ids) => {
    const flagged = ROUTES.filter((r) => (r.meta as Record<string, unknown>)[flag] === true).map((r) => r.id);
    expect(flagged.sort()).toEqual([...ids].sort());
  });

  test('ready-reckoner explicitly does not require a completed survey', () => {
    expect(ROUTE_BY_ID.dashboardResults.meta.requiresCompletedSurvey).toBe(false);
  });

  test('anonymous sessions are signed out on every dashboard path and the toolkit portal only', () => {
    const flagged = ROUTES.filter((r) => r.meta.signOutAnonymous).map((r) => r.path);
    const expected = ROUTES.filter((r) => r.path.startsWith('/dashboard') || r.path.startsWith('/flow/')).map(
      (r) => r.path,
    );
    expect(flagged.sort()).toEqual(expected.sort());
    expect(flagged).toEqual(expect.arrayContaining(['/dashboard/profile', '/dashboard/ready-reckoner']));
  });

  test('sign-in is required on the dashboard and the journey steps only', () => {
    const flagged = ROUTES.filter((r) => r.meta.requiresAuth).map((r) => r.path);
    expect(flagged.every((p) => p.startsWith('/dashboard') || /^\/step[1-5]$/.test(p))).toBe(true);
    expect(flagged).toHaveLength(28 + 5);
  });

  test.each<[RouteId, string | undefined]>([
    ['dashboardInsights', 'insights'],
    ['dashboardMateriality', 'insights'],
    ['dashboardReceived', 'insights'],
    ['dashboardSurveyInsights', 'insights'],
    ['dashboardUsers', 'admin'],
    ['dashboardActivity', 'admin'],
    ['dashboardManage', 'management'],
    ['plans', 'billing'],
    ['plansCheckout', 'billing'],
    ['dashboardResults', undefined],
    ['dashboard', undefined],
  ])('%s requires %s', (id, requirement) => {
    expect(ROUTE_BY_ID[id].meta.requires).toBe(requirement);
  });

  test('/signup is an alias of the portal page', () => {
    expect(ROUTE_BY_ID.signup.screen).toBe(ROUTE_BY_ID.portal.screen);
    expect(ROUTE_BY_ID.signup.owner).toBe(ROUTE_BY_ID.portal.owner);
  });

  test.each<[RouteOwner, number]>([
    ['shell', 8],
    ['journey', 6],
    ['dashboard', 23],
    ['billing', 5],
    ['survey', 3],
  ])('routesOwnedBy(%s) returns %i routes, all of that owner', (owner, count) => {
    const owned = routesOwnedBy(owner);
    expect(owned).toHaveLength(count);
    expect(owned.every((r) => r.owner === owner)).toBe(true);
  });

  test('plans live under /dashboard but belong to the billing remote', () => {
    expect(routesOwnedBy('billing').map((r) => r.path)).toEqual([
      '/dashboard/plans',
      '/dashboard/plans/checkout/:checkoutSessionId',
      '/dashboard/plans/sandbox/:checkoutSessionId',
      '/dashboard/plans/sandbox-portal',
      '/dashboard/plans/receipts/:invoiceId',
    ]);
  });
});

describe('paths and buildPath', () => {
  test.each<[string, string]>([
    [paths.landing(), '/'],
    [paths.toolkitPortal('green business'), '/flow/green%20business'],
    [paths.journeyInvite('a/b'), '/journey/a%2Fb'],
    [paths.journeyStep(3), '/step3'],
    [paths.results(), '/dashboard/ready-reckoner'],
    [paths.academyDetail('water'), '/dashboard/academy/water'],
    [paths.plansCheckout('cs_1'), '/dashboard/plans/checkout/cs_1'],
    [paths.survey('t', 's'), '/survey/t/s'],
    [paths.surveySection('t', 's', 0), '/survey/t/s/section/0'],
    [paths.surveySlide('t', 's', 2, '5'), '/survey/t/s/section/2/slide/5'],
  ])('%s', (built, expected) => {
    expect(built).toBe(expected);
  });

  test('built paths round-trip through matchRoute', () => {
    const match = matchRoute(paths.surveySlide('ten ant', 'sur/vey', 4, 9));
    expect(match?.route.id).toBe('surveySlide');
    expect(match?.params).toEqual({ tenantId: 'ten ant', surveyId: 'sur/vey', sectionId: '4', slideId: '9' });
  });

  test.each<[() => string, RegExp]>([
    [() => paths.surveySection('t', 's', 1.5), /sectionId/],
    [() => paths.surveySlide('t', 's', 1, -2), /slideId/],
    [() => paths.surveySlide('t', 's', 'one', 2), /sectionId/],
    [() => paths.toolkitPortal(''), /toolkitName/],
    [() => buildPath('surveyStart', {} as { tenantId: string; surveyId: string }), /tenantId/],
  ])('rejects a path that would not match its own route (%#)', (build, message) => {
    expect(build).toThrow(message);
  });

  test('landing and dashboard constants point at real routes', () => {
    expect(LANDING_PATH).toBe('/');
    expect(DASHBOARD_PATH).toBe('/dashboard');
    expect(matchRoute(LANDING_PATH)?.route.id).toBe('portal');
    expect(matchRoute(DASHBOARD_PATH)?.route.id).toBe('dashboard');
  });

  test.each<[string, string, string]>([
    ['/dashboard/academy/:slug', '/dashboard', 'academy/:slug'],
    ['/dashboard', '/dashboard', ''],
    ['/dashboard/plans', '/dashboard/', 'plans'],
  ])('relativePath(%s, %s) = %j', (path, base, expected) => {
    expect(relativePath(path, base)).toBe(expected);
  });

  test('relativePath refuses a path outside the base', () => {
    expect(() => relativePath('/dashboardx', '/dashboard')).toThrow(RangeError);
  });
});

describe('journey links', () => {
  test('match the dashboard and portal paths', () => {
    expect(JOURNEY_LINKS).toEqual({
      signUp: '/signup',
      profile: '/dashboard/profile',
      assessments: '/dashboard/assessments',
      results: '/dashboard/ready-reckoner',
      users: '/dashboard/users',
      insights: '/dashboard/insights',
      declaration: '/dashboard/declaration',
      evidence: '/dashboard/evidence',
      actions: '/dashboard/actions',
      materiality: '/dashboard/materiality',
      plans: '/dashboard/plans',
    });
    expect(STAGE_LINKS).toEqual(['/step1', '/step2', '/step3', '/step4', '/step5']);
  });

  test('journey and stage links are routes', () => {
    for (const link of [...Object.values(JOURNEY_LINKS), ...STAGE_LINKS])
      expect(matchRoute(link)).not.toBeNull();
  });
});
