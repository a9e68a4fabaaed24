import {
  alertKindsFor,
  DASHBOARD_SECTIONS,
  navigationFor,
  opensFor,
  refusedNotice,
  rolesThatOpen,
  tenantKindOf,
  whoMayDo,
  whoMayOpen,
  type TenantKind,
} from './dashboard-sections';
import { ROLES, type Role } from './roles';
import { ROUTE_BY_ID, routesOwnedBy } from './routes';

const CATALOGUE = new Map([
  ['quickscan', { title: 'Quickscan', tenantId: 'demo-publisher' }],
  ['coastal-check', { title: 'Coastal check', tenantId: 'coastal-council' }],
]);

describe('tenantKindOf', () => {
  it.each([
    ['demo-publisher', 'publisher'],
    ['coastal-council', 'publisher'],
    ['harbour-bakery', 'business'],
    [null, 'business'],
    ['', 'business'],
  ] as const)('%s is a %s', (tenantId, kind) => {
    expect(tenantKindOf(tenantId, CATALOGUE)).toBe(kind);
  });

  it('calls every tenant a business while the catalogue lists no survey', () => {
    expect(tenantKindOf('demo-publisher', new Map())).toBe('business');
  });
});

const labels = (kind: TenantKind, role: Role) =>
  navigationFor(kind, { role, tenantId: 't' }).map((entry) => entry.label);

describe('navigationFor', () => {
  it.each<[Role, string[]]>([
    [
      'owner',
      [
        'Overview',
        'Results',
        'Reviews',
        'Survey insights',
        'Members',
        'Users',
        'Activity',
        'Manage',
        'Plans',
        'Profile',
      ],
    ],
    [
      'admin',
      [
        'Overview',
        'Results',
        'Reviews',
        'Survey insights',
        'Members',
        'Users',
        'Activity',
        'Manage',
        'Profile',
      ],
    ],
    [
      'billing',
      ['Overview', 'Results', 'Reviews', 'Survey insights', 'Members', 'Manage', 'Plans', 'Profile'],
    ],
    ['editor', ['Overview', 'Results', 'Reviews', 'Survey insights', 'Members', 'Manage', 'Profile']],
    ['viewer', ['Overview', 'Results', 'Survey insights', 'Members', 'Profile']],
    ['user', ['Overview', 'Profile']],
  ])('lists a publisher’s %s its sections', (role, expected) => {
    expect(labels('publisher', role)).toEqual(expected);
  });

  const BUSINESS_START = ['Dashboard', 'Assessments', 'Results'];
  const BUSINESS_WORK = ['Actions'];
  const BUSINESS_REST = ['Academy', 'Reports', 'Evidence and review', 'Declaration', 'Expert'];
  it.each<[Role, string[]]>([
    [
      'owner',
      [
        ...BUSINESS_START,
        'Insights',
        ...BUSINESS_WORK,
        'Materiality',
        ...BUSINESS_REST,
        'Users',
        'Activity',
        'Manage',
        'Plans',
        'Profile',
      ],
    ],
    [
      'admin',
      [
        ...BUSINESS_START,
        'Insights',
        ...BUSINESS_WORK,
        'Materiality',
        ...BUSINESS_REST,
        'Users',
        'Activity',
        'Manage',
        'Profile',
      ],
    ],
    [
      'billing',
      [
        ...BUSINESS_START,
        'Insights',
        ...BUSINESS_WORK,
        'Materiality',
        ...BUSINESS_REST,
        'Manage',
        'Plans',
        'Profile',
      ],
    ],
    [
      'editor',
      [...BUSINESS_START, 'Insights', ...BUSINESS_WORK, 'Materiality', ...BUSINESS_REST, 'Manage', 'Profile'],
    ],
    ['viewer', [...BUSINESS_START, 'Insights', ...BUSINESS_WORK, 'Materiality', ...BUSINESS_REST, 'Profile']],
    ['user', [...BUSINESS_START, ...BUSINESS_WORK, ...BUSINESS_REST, 'Profile']],
  ])('lists a business’s %s the sections as before, none of the publisher’s', (role, expected) => {
    expect(labels('business', role)).toEqual(expected);
  });

  it('never lists a screen reached from another one', () => {
    for (const kind of ['business', 'publisher'] as const)
      for (const role of ROLES) {
        const listed = navigationFor(kind, { role }).map((entry) => entry.route.id);
        expect(listed).not.toContain('dashboardAcademyDetail');
        expect(listed).not.toContain('dashboardReceivedResult');
        expect(listed).not.toContain('dashboardReview');
      }
  });
});

describe('opensFor', () => {
  it.each([
    ['dashboardReceived', 'publisher', true],
    ['dashboardReceived', 'business', false],
    ['dashboardReceivedResult', 'business', false],
    ['dashboardReviews', 'publisher', true],
    ['dashboardReviews', 'business', false],
    ['dashboardReview', 'business', false],
    ['dashboardMembers', 'business', false],
    ['dashboardSurveyInsights', 'business', false],
    ['dashboardDeclaration', 'publisher', false],
    ['dashboardInsights', 'publisher', false],
    ['dashboardAcademyDetail', 'publisher', false],
    ['dashboardDeclaration', 'business', true],
    ['dashboardEvidence', 'business', true],
    ['dashboardEvidence', 'publisher', false],
    ['dashboardProfile', 'publisher', true],
    ['dashboardProfile', 'business', true],
    ['plans', 'publisher', true],
    ['surveyStart', 'business', true],
    ['journeyStep1', 'publisher', false],
    ['journeyStep5', 'publisher', false],
    ['journeyStep1', 'business', true],
    ['journeyInvite', 'publisher', true],
  ] as const)('%s opens for a %s: %s', (route, kind, opens) => {
    expect(opensFor(route, kind)).toBe(opens);
  });

  it('classifies every screen of the dashboard, so a new one must say whom it is for', () => {
    const classified = new Set(DASHBOARD_SECTIONS.map((section) => section.route));
    expect(routesOwnedBy('dashboard').filter((route) => !classified.has(route.id))).toEqual([]);
    // The journey's stages too: a publisher's organisation has no journey of its own.
    expect(
      routesOwnedBy('journey').filter((route) => route.id !== 'journeyInvite' && !classified.has(route.id)),
    ).toEqual([]);
  });
});

describe('alertKindsFor', () => {
  it('lists a business only the notifications that can happen to it', () => {
    expect(alertKindsFor('business')).toEqual(['newTeamMember']);
  });

  it('lists a publisher those of its surveys and toolkits as well', () => {
    expect(alertKindsFor('publisher')).toEqual(['newResult', 'newTeamMember', 'expertRequest']);
  });
});

describe('who may open a screen', () => {
  it.each([
    ['admin', 'an owner or admin'],
    ['billing', 'an owner or billing member'],
    ['management', 'an owner, admin, billing member or editor'],
    ['insights', 'an owner, admin, billing member, editor or viewer'],
    ['reviews', 'an owner, admin, billing member or editor'],
  ] as const)('names the roles that meet %s', (requirement, who) => {
    expect(rolesThatOpen(requirement)).toBe(who);
  });

  it('names who can do what a link leads to, for a role that does not open it', () => {
    const member = { role: 'user', tenantId: 't' };
    expect(whoMayDo('/dashboard/insights', member, 'download your priority ESGs')).toBe(
      'An owner, admin, billing member, editor or viewer can download your priority ESGs.',
    );
    expect(whoMayOpen('/dashboard/users', { role: 'editor' })).toBe('an owner or admin');
  });

  it('names nobody where the role opens the screen or it needs no rights', () => {
    expect(whoMayDo('/dashboard/insights', { role: 'viewer' }, 'download your priority ESGs')).toBeNull();
    expect(whoMayOpen('/dashboard/profile', { role: 'user' })).toBeNull();
  });

  it('tells on the dashboard why a screen opened by its address was not shown', () => {
    expect(refusedNotice(ROUTE_BY_ID.plans, { role: 'admin' })).toBe(
      'Only an owner or billing member can open Plans, so here is your dashboard.',
    );
    expect(refusedNotice(ROUTE_BY_ID.plans, { role: 'billing' })).toBeNull();
    expect(refusedNotice(ROUTE_BY_ID.dashboardProfile, { role: 'user' })).toBeNull();
  });
});
