import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, MESSAGES, type DeclarationOverview } from '@toolkit/domain';
import { serverError } from '@toolkit/platform/testing';
import { selectTenantKind } from '@toolkit/store-contract';
import { createFakeApi, OWNER_PROFILE, renderDashboard, SURVEYS } from './testing/fake-api';
import { result, SCORE } from './testing/results';

const DECLARATION: DeclarationOverview = {
  declaration: { surveyId: 'business-quickscan', title: 'Our declaration', text: 'We declare.', outro: null },
  credential: null,
  canSign: true,
};

/** An organisation stored before sign-up asked for its name. */
function unnamed(name = '') {
  return createFakeApi({
    [API.getProfile]: () => ({
      status: 'ok',
      profile: { ...OWNER_PROFILE, organization: { name } },
      tenant: { id: 'tenant-1', createdBy: 'owner-1', getStarted: true, toolkit: 'quickscan' },
    }),
    [API.getDeclaration]: () => DECLARATION,
    [API.listLatestResults]: () => ({
      results: [result({ isCompleted: true, completedAt: '2025-03-02T10:00:00.000Z', score: SCORE })],
    }),
    [API.getBenchmark]: () => ({
      surveyId: 'business-quickscan',
      history: [],
      benchmark: { status: 'too-few', organisations: 3, needed: 10 },
      groups: [],
      group: null,
      priorities: [],
    }),
    [API.listMilestones]: () => ({ milestones: {} }),
  });
}

describe('a step that needs the organisation’s name', () => {
  it.each([
    [
      '/dashboard/declaration',
      'Your declaration is signed in your organisation’s name, so add it here first.',
    ],
    [
      '/dashboard/reports',
      'Your reports and their file names carry your organisation’s name, so add it here first.',
    ],
  ])('%s takes an owner to the name field on Profile, saying why', async (path, why) => {
    renderDashboard(path, unnamed());
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    const field = await screen.findByRole('textbox', { name: 'Organisation name' });
    expect(field).toHaveFocus();
    expect(await screen.findByText(why)).toBeInTheDocument();
    expect(screen.getByText(why).closest('[role="status"]')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(why)).not.toBeInTheDocument();
  });

  it('is opened as it is once the organisation has a name', async () => {
    renderDashboard('/dashboard/declaration', unnamed('Harbour Bakery'));
    expect(await screen.findByRole('heading', { name: 'Our declaration' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Declaration' })).toBeInTheDocument();
  });

  it('leaves someone who may not name the organisation where they are', async () => {
    renderDashboard('/dashboard/reports', unnamed(), { claims: { role: 'viewer', tenantId: 'tenant-1' } });
    expect(await screen.findByRole('button', { name: 'Download PDF report' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
  });
});

/** The organisation publishing the catalogue's surveys (fake-api SURVEYS). */
const PUBLISHER = { role: 'owner', tenantId: 'demo-publisher' };

const dashboardNav = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
  return within(nav);
};

describe('a screen for the other kind of organisation', () => {
  it.each([
    ['/dashboard/declaration', 'Declaration'],
    ['/dashboard/ready-reckoner', 'Results'],
    ['/dashboard/academy/reducing-waste', 'Academy detail'],
  ])(
    '%s takes a publisher to its overview, saying the screen is for businesses',
    async (path, screenName) => {
      const api = createFakeApi({
        [API.listReceivedResults]: () => ({ results: [], next: null, more: false, total: 0 }),
      });
      renderDashboard(path, api, { claims: PUBLISHER });
      const notice = `${screenName} is a screen for businesses. Your organisation publishes surveys, so here is its overview.`;
      expect(await screen.findByText(notice)).toBeInTheDocument();
      expect(screen.getByText(notice).closest('[role="status"]')).not.toBeNull();
      expect((await dashboardNav()).getByRole('link', { name: 'Overview' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      // The business screen never asked for its data.
      expect(api.callsTo(API.getDeclaration)).toEqual([]);
    },
  );

  it.each([
    ['/dashboard/received', 'Results'],
    ['/dashboard/members', 'Members'],
    ['/dashboard/survey-insights', 'Survey insights'],
    ['/dashboard/received/business-quickscan/r-1', 'Received result'],
  ])(
    '%s takes a business to its dashboard, saying the screen is for publishers',
    async (path, screenName) => {
      const api = createFakeApi({ [API.listMilestones]: () => ({ milestones: {} }) });
      renderDashboard(path, api);
      expect(
        await screen.findByText(
          `${screenName} is a screen for organisations that publish surveys, so here is your dashboard.`,
        ),
      ).toBeInTheDocument();
      expect((await dashboardNav()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      expect(api.callsTo(API.listReceivedResults)).toEqual([]);
      expect(api.callsTo(API.listToolkitMembers)).toEqual([]);
    },
  );

  it('opens a screen for both kinds to either', async () => {
    renderDashboard('/dashboard/profile', createFakeApi(), { claims: PUBLISHER });
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByText(/is a screen for/)).not.toBeInTheDocument();
  });

  it('neither opens nor refuses a one-kind screen while the catalogue cannot be read: it says so, with Try again', async () => {
    let offline = true;
    const api = createFakeApi({
      'content:SurveyList': () =>
        offline ? serverError('unavailable', 'Content offline') : { surveys: SURVEYS },
      [API.listToolkitMembers]: () => ({ members: [], next: null, total: 0 }),
      [API.listMilestones]: () => ({ milestones: {} }),
    });
    const { store } = renderDashboard('/dashboard/members', api);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.catalogueUnavailable);
    expect(screen.queryByRole('heading', { level: 1, name: 'Members' })).not.toBeInTheDocument();
    // What the shell's header and gate read from the same store: no kind guessed there either.
    expect(selectTenantKind(store.getState())).toBe('unknown');
    // Only the sections every kind has are listed meanwhile.
    const nav = await dashboardNav();
    expect(nav.queryByRole('link', { name: 'Assessments' })).not.toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Members' })).not.toBeInTheDocument();

    offline = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    // A business, once the catalogue is read: sent to its dashboard, told why.
    expect(await screen.findByText(/Members is a screen for/)).toBeInTheDocument();
    expect(selectTenantKind(store.getState())).toBe('business');
    expect(api.calls.filter((c) => c.name === 'content:SurveyList')).toHaveLength(2);
  });

  it('reads the catalogue once for the navigation, the overview and its published surveys', async () => {
    const api = createFakeApi({ 'content:SurveyList': () => ({ surveys: SURVEYS }) });
    const { store } = renderDashboard('/dashboard', api, { claims: PUBLISHER });
    expect(await screen.findByRole('link', { name: 'Survey insights' })).toBeInTheDocument();
    expect(selectTenantKind(store.getState())).toBe('publisher');
    expect(api.calls.filter((c) => c.name === 'content:SurveyList')).toHaveLength(1);
  });
});

describe('the dashboard’s navigation', () => {
  const links = async () =>
    (await dashboardNav()).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);

  it('lists a publisher’s owner the publisher’s sections and none of a business’s', async () => {
    renderDashboard('/dashboard/profile', createFakeApi(), { claims: PUBLISHER });
    await screen.findByRole('link', { name: 'Members' });
    expect(await links()).toEqual([
      ['Overview', '/dashboard'],
      ['Results', '/dashboard/received'],
      ['Reviews', '/dashboard/reviews'],
      ['Survey insights', '/dashboard/survey-insights'],
      ['Members', '/dashboard/members'],
      ['Users', '/dashboard/users'],
      ['Activity', '/dashboard/activity'],
      ['Manage', '/dashboard/manage'],
      ['Plans', '/dashboard/plans'],
      ['Profile', '/dashboard/profile'],
    ]);
  });

  it('lists a business’s owner its sections and none of a publisher’s', async () => {
    renderDashboard('/dashboard/profile', createFakeApi());
    await screen.findByRole('link', { name: 'Assessments' });
    const listed = await links();
    expect(listed.map(([name]) => name)).toEqual([
      'Dashboard',
      'Assessments',
      'Results',
      'Insights',
      'Actions',
      'Materiality',
      'Academy',
      'Reports',
      'Evidence and review',
      'Declaration',
      'Expert',
      'Users',
      'Activity',
      'Manage',
      'Plans',
      'Profile',
    ]);
    expect(listed).toContainEqual(['Results', '/dashboard/ready-reckoner']);
  });

  it('follows the catalogue: a tenant publishing none of its surveys is a business', async () => {
    renderDashboard(
      '/dashboard/profile',
      createFakeApi(
        {},
        SURVEYS.map((survey) => ({ ...survey, tenantId: 'other' })),
      ),
      {
        claims: PUBLISHER,
      },
    );
    await screen.findByRole('link', { name: 'Assessments' });
    expect(screen.queryByRole('link', { name: 'Members' })).not.toBeInTheDocument();
  });
});
