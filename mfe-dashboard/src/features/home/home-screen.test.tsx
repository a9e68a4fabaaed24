import { screen, within } from '@testing-library/react';
import { API, type StoredMilestone, type TenantUserProfile } from '@toolkit/domain';
import { serverError } from '@toolkit/platform/testing';
import { createFakeApi, OWNER_PROFILE, renderDashboard } from '../../testing/fake-api';

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
  const card = await screen.findByRole('region', { name: 'Your next steps' });
  return within(card)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
};

describe('Home screen', () => {
  it('greets the member by name and organisation', async () => {
    setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Olivia' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Here is how Green Grocers is getting on.')).toBeInTheDocument();
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
    // Sign-up and business details: 2 of the journey's 18 milestones.
    expect(await screen.findByRole('progressbar')).toHaveAttribute('aria-valuenow', '11');
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
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
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
