import { screen, within } from '@testing-library/react';
import type { ReceivedResultRow, SurveyInsights } from '@toolkit/domain';
import { API, type StoredMilestone, type TenantUserProfile } from '@toolkit/domain';
import { deferred, serverError } from '@toolkit/platform/testing';
import { createFakeApi, OWNER, OWNER_PROFILE, renderDashboard } from '../../testing/fake-api';

const STAGE_ONE_DONE: StoredMilestone[] = [
  'update-organisation',
  'complete-quickscan',
  'view-results',
  'invite-team',
].map((id) => ({ id, completed: true }));

function setup({
  profile = OWNER_PROFILE,
  stored = [],
  role = 'owner',
}: { profile?: TenantUserProfile | null; stored?: StoredMilestone[]; role?: string } = {}) {
  const api = createFakeApi({
    [API.getProfile]: () => ({ status: 'ok', profile, tenant: null }),
    [API.listMilestones]: () => ({ milestones: { 'owner-1': stored } }),
  });
  renderDashboard('/dashboard', api, { claims: { role, tenantId: 'tenant-1' } });
  return api;
}

const shortcuts = async () => {
  // The card's place stands busy while the journey loads.
  const card = await screen.findByRole('region', { name: 'Your next steps', busy: false });
  return within(card)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
};

afterEach(() => localStorage.clear());

describe('Home screen', () => {
  it('greets the member by name and organisation, on a first visit not as someone coming back', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Olivia' })).toBeInTheDocument();
    expect(screen.getByText('Here is how Green Grocers is getting on.')).toBeInTheDocument();
    // Remembered for the next visit, by whom it was.
    expect(localStorage.getItem(`toolkit:visited:${OWNER.uid}`)).not.toBeNull();
  });

  it('keeps the places of the line under the greeting and of the next steps while they load', async () => {
    const profileGate = deferred<void>();
    const journeyGate = deferred<void>();
    const api = createFakeApi({
      [API.getProfile]: () => ({ status: 'ok', profile: OWNER_PROFILE, tenant: null }),
      [API.listMilestones]: () => ({ milestones: { 'owner-1': [] } }),
    });
    api.gate(API.getProfile, profileGate.promise);
    api.gate(API.listMilestones, journeyGate.promise);
    renderDashboard('/dashboard', api);
    const title = await screen.findByRole('heading', { level: 1 });
    const subtitle = title.nextElementSibling;
    expect(subtitle).toBeEmptyDOMElement();
    const steps = await screen.findByRole('region', { name: 'Your next steps' });
    expect(steps).toHaveAttribute('aria-busy', 'true');
    expect(steps.nextElementSibling).toBe(
      screen.getByRole('region', { name: 'Your sustainability journey' }),
    );

    profileGate.resolve();
    expect(await screen.findByText('Here is how Green Grocers is getting on.')).toBe(subtitle);
    journeyGate.resolve();
    expect(await shortcuts()).not.toHaveLength(0);
    expect(screen.getByRole('region', { name: 'Your next steps' })).not.toHaveAttribute('aria-busy');
  });

  it('welcomes back by name someone who has been here before', async () => {
    const returning = { ...OWNER, uid: 'returning-member' };
    localStorage.setItem('toolkit:visited:returning-member', '2026-01-05T09:00:00.000Z');
    const api = createFakeApi({
      [API.getProfile]: () => ({
        status: 'ok',
        profile: { ...OWNER_PROFILE, uid: returning.uid },
        tenant: null,
      }),
      [API.listMilestones]: () => ({ milestones: {} }),
    });
    renderDashboard('/dashboard', api, { user: returning });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Olivia' }),
    ).toBeInTheDocument();
  });

  it('greets another person on this browser as a first visit, whoever was here before', async () => {
    localStorage.setItem('toolkit:visited:someone-else', '2026-01-05T09:00:00.000Z');
    const api = createFakeApi({
      [API.getProfile]: () => ({ status: 'ok', profile: OWNER_PROFILE, tenant: null }),
      [API.listMilestones]: () => ({ milestones: {} }),
    });
    renderDashboard('/dashboard', api, { user: { ...OWNER, uid: 'first-timer' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Olivia' })).toBeInTheDocument();
  });

  it('asks for the business details when there is no organisation yet', async () => {
    setup({ profile: { ...OWNER_PROFILE, organization: null } });
    expect(
      await screen.findByText(
        'Add your business details on your profile so we can tailor the toolkit to you.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the journey with its progress from the stored milestones', async () => {
    setup({ stored: [{ id: 'update-organisation', completed: true }] });
    expect(await screen.findByRole('heading', { name: 'Your sustainability journey' })).toBeInTheDocument();
    // Sign-up and business details: 2 of the journey's 19 milestones.
    expect(await screen.findByRole('progressbar')).toHaveAttribute('aria-valuenow', '10');
    expect(await shortcuts()).toEqual([
      ['Complete the Quickscan', '/dashboard/assessments'],
      ['View your assessment results', '/dashboard/ready-reckoner'],
      ['Invite a team member', '/dashboard/users'],
    ]);
  });

  it('leaves out shortcuts to pages the role cannot open', async () => {
    setup({ stored: STAGE_ONE_DONE, role: 'user' });
    expect(await shortcuts()).toEqual([
      ['Sign the declaration', '/dashboard/declaration'],
      ['Share your declaration credentials', '/dashboard/declaration'],
    ]);
  });

  it('offers insights shortcuts to roles that can open them', async () => {
    setup({ stored: STAGE_ONE_DONE, role: 'viewer' });
    expect((await shortcuts()).map(([name]) => name)).toEqual([
      'Review Organisation Insights',
      'Download your priority ESGs',
      'Sign the declaration',
    ]);
  });

  it('still greets and shows the default journey when the profile cannot be loaded', async () => {
    const api = createFakeApi({
      [API.getProfile]: () => serverError('internal', 'Database offline'),
      [API.listMilestones]: () => ({ milestones: {} }),
    });
    renderDashboard('/dashboard', api);
    expect(await screen.findByText("We couldn't load your profile: Database offline.")).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeInTheDocument();
    expect(await screen.findByRole('progressbar')).toHaveAttribute('aria-valuenow', '5');
  });

  it('leaves out a milestone the plan does not include', async () => {
    const stage1And2 = [
      ...STAGE_ONE_DONE,
      ...['view-insights', 'download-actions', 'sign-declaration', 'view-declaration-credential'].map(
        (id) => ({
          id,
          completed: true,
        }),
      ),
      ...['half-actions-done', 'second-assessment', 'score-rose'].map((id) => ({ id, completed: true })),
      { id: 'materiality-assessed', completed: false, outsidePlan: true },
    ];
    setup({ stored: stage1And2 });
    expect(await shortcuts()).toEqual([
      ['Add an action of your own', '/dashboard/actions'],
      ['Work as a team of 3', '/dashboard/users'],
    ]);
  });
});

describe('Overview for a publisher', () => {
  const insights = (surveyId: string, title: string, completed: number): SurveyInsights => ({
    survey: { id: surveyId, title },
    started: completed + 2,
    completed,
    organisations: completed - 1,
    overall: { histogram: {}, summary: null },
    sections: [],
    questions: [],
    range: { from: '2026-11-01', to: '2026-11-26', granularity: 'month' },
    trend: [{ period: '2026-11', completed: 3, meanPercent: 61 }],
    comments: [],
  });
  const row = (resultId: string, organisation: string): ReceivedResultRow => ({
    resultId,
    completed: true,
    completedAt: '2026-11-20T10:00:00.000Z',
    organisation,
    respondent: null,
    overallPercent: 58,
    band: 'Making progress',
    counted: true,
    excluded: false,
    excludedReason: null,
  });

  /** With `answered`, what the surveys received is answered only once it settles. */
  function publisher(role = 'owner', answered?: Promise<void>) {
    const api = createFakeApi({
      [API.getSurveyInsights]: ({ surveyId }) =>
        surveyId === 'business-quickscan'
          ? insights(surveyId, 'Quickscan', 1234)
          : insights(surveyId, 'Supplier', 12),
      [API.listReceivedResults]: ({ surveyId }) => ({
        results: surveyId === 'business-quickscan' ? [row('r-1', 'Harbour Bakery')] : [],
        next: null,
        more: false,
        total: 1,
      }),
    });
    if (answered) {
      api.gate(API.getSurveyInsights, answered);
      api.gate(API.listReceivedResults, answered);
    }
    renderDashboard('/dashboard', api, { claims: { role, tenantId: 'demo-publisher' } });
    return api;
  }

  const figures = (card: HTMLElement) =>
    Array.from(card.querySelectorAll('dl div'), (figure) => [
      figure.querySelector('dt')?.textContent,
      figure.querySelector('dd')?.textContent,
    ]);

  it('shows each published survey with its counts, latest results and the ways into them', async () => {
    const api = publisher();
    expect(await screen.findByText('Here is what Green Grocers’s surveys received.')).toBeInTheDocument();
    const quickscan = await screen.findByRole('region', {
      name: 'Sustainability Quickscan for your business',
    });
    expect(await within(quickscan).findByText('1,234')).toBeInTheDocument();
    expect(figures(quickscan)).toEqual([
      ['Completed', '1,234'],
      ['This month', '3'],
      ['Organisations', '1,233'],
    ]);
    expect(await within(quickscan).findByRole('link', { name: 'Harbour Bakery' })).toHaveAttribute(
      'href',
      '/dashboard/received/business-quickscan/r-1',
    );
    expect(
      within(quickscan).getByRole('link', {
        name: 'All results of Sustainability Quickscan for your business',
      }),
    ).toHaveAttribute('href', '/dashboard/received?surveyId=business-quickscan');
    expect(
      within(quickscan).getByRole('link', {
        name: 'Survey insights of Sustainability Quickscan for your business',
      }),
    ).toHaveAttribute('href', '/dashboard/survey-insights?survey=business-quickscan');
    const supplier = screen.getByRole('region', { name: 'Supplier Sustainability Assessment' });
    expect(await within(supplier).findByText('No result has arrived yet.')).toBeInTheDocument();

    // This month's completions: the trend from the month's first day to today, by month.
    const today = new Date().toISOString().slice(0, 10);
    expect(api.callsTo(API.getSurveyInsights)).toContainEqual({
      surveyId: 'business-quickscan',
      from: `${today.slice(0, 8)}01`,
      to: today,
      granularity: 'month',
    });
    expect(api.callsTo(API.listReceivedResults)).toContainEqual({ surveyId: 'business-quickscan', limit: 5 });
  });

  it('keeps the places of the figures and of the latest results while they load', async () => {
    const answered = deferred<void>();
    publisher('owner', answered.promise);
    const quickscan = await screen.findByRole('region', {
      name: 'Sustainability Quickscan for your business',
    });
    expect(figures(quickscan)).toEqual([
      // A space of the figures' font holds each figure's line.
      ['Completed', '\u00a0'],
      ['This month', '\u00a0'],
      ['Organisations', '\u00a0'],
    ]);
    expect(quickscan.querySelector('dl')).toHaveAttribute('aria-busy', 'true');
    const latest = () => within(quickscan).getByRole('list', { name: 'Latest results' });
    expect(latest()).toHaveAttribute('aria-busy', 'true');
    expect(latest().querySelectorAll('li')).toHaveLength(5);

    answered.resolve();
    expect(await within(quickscan).findByRole('link', { name: 'Harbour Bakery' })).toBeInTheDocument();
    expect(figures(quickscan)).toEqual([
      ['Completed', '1,234'],
      ['This month', '3'],
      ['Organisations', '1,233'],
    ]);
    expect(latest()).not.toHaveAttribute('aria-busy');
  });

  it('shows none of a business’s journey', async () => {
    const api = publisher();
    await screen.findByRole('region', { name: 'Sustainability Quickscan for your business' });
    expect(screen.queryByRole('heading', { name: 'Your sustainability journey' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your next steps' })).not.toBeInTheDocument();
    expect(api.callsTo(API.listMilestones)).toEqual([]);
  });

  it('asks nothing a member without insights may not see, and says why', async () => {
    const api = publisher('user');
    expect(
      await screen.findByText(/Your role does not include what your organisation’s surveys received/),
    ).toBeInTheDocument();
    expect(api.callsTo(API.getSurveyInsights)).toEqual([]);
    expect(api.callsTo(API.listReceivedResults)).toEqual([]);
  });
});
