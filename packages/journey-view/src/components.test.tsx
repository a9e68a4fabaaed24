import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, type AuthClaims, type StoredMilestone } from '@toolkit/domain';
import { createFakeBackend, serverError, viaProtocol, type HandlerFor } from '@toolkit/platform/testing';
import { claimsChanged } from '@toolkit/store-contract';
import { JourneyOverview } from './journey-overview';
import { journeyProviders } from './test-store';
import { useJourney } from './use-journey';

const STAGES = ['Initiator', 'Explorer', 'Implementer', 'Innovator', 'Leader'];

function Overview() {
  return <JourneyOverview {...useJourney()} />;
}

const OWNER: AuthClaims = { role: 'owner', permissions: { manageBilling: true } };

function renderOverview(handler: HandlerFor<typeof API.listMilestones>, claims: AuthClaims = OWNER) {
  const api = createFakeBackend({ [API.listMilestones]: handler });
  const providers = journeyProviders(viaProtocol(api));
  providers.store.dispatch(claimsChanged(claims));
  render(<Overview />, providers);
  return api;
}

const stored = (records: StoredMilestone[]) => () => ({ milestones: { 'caller-uid': records } });

/** Waits until the records are in: the loading notice is the only status region. */
async function ready() {
  expect(screen.getByRole('status')).toHaveTextContent('Loading your journey progress…');
  await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
}

function stageCard(title: string) {
  return screen.getByRole('region', { name: title });
}

function milestones(title: string) {
  const section = within(stageCard(title)).getByRole('region', {
    name: new RegExp(`^Milestones of ${title}`),
  });
  return within(section).getAllByRole('listitem');
}

describe('JourneyOverview', () => {
  it('shows all five stages in order: 1 and 2 open, 3 to 5 locked with the reason', async () => {
    renderOverview(stored([]));
    await ready();

    const headings = screen.getAllByRole('heading', { level: 3 });
    expect(headings).toHaveLength(5);
    headings.forEach((heading, index) => expect(heading).toHaveAccessibleName(STAGES[index]));

    for (const title of ['Initiator', 'Explorer']) {
      const card = stageCard(title);
      expect(within(card).getByText('In progress')).toBeInTheDocument();
      expect(within(card).queryByText('This stage is locked.')).toBeNull();
    }
    for (const title of ['Implementer', 'Innovator', 'Leader']) {
      const card = stageCard(title);
      expect(within(card).getByText('Locked')).toBeInTheDocument();
      expect(within(card).getByText('This stage is locked.').parentElement).toHaveTextContent(
        'This stage is locked. Unlocks when you complete the previous stages.',
      );
      // A locked stage's milestones are named, not linked.
      expect(milestones(title)).toHaveLength(title === 'Leader' ? 4 : 3);
      expect(
        within(card)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual([`Open the ${title} stage`]);
    }

    const stageLinks = STAGES.map((title) => screen.getByRole('link', { name: `Open the ${title} stage` }));
    expect(stageLinks.map((link) => link.getAttribute('href'))).toEqual([
      '/step1',
      '/step2',
      '/step3',
      '/step4',
      '/step5',
    ]);
  });

  it('shows each milestone as done or not done, linking to its journey link', async () => {
    renderOverview(stored([]));
    await ready();

    const items = milestones('Initiator');
    expect(items.map((item) => item.textContent)).toEqual([
      'Sign up✓ Done',
      'Add your business details○ Not done',
      'Complete the Quickscan○ Not done',
      'View your assessment results○ Not done',
      'Invite a team member○ Not done',
    ]);
    expect(items.map((item) => within(item).getByRole('link').getAttribute('href'))).toEqual([
      '/signup',
      '/dashboard/profile',
      '/dashboard/assessments',
      '/dashboard/ready-reckoner',
      '/dashboard/users',
    ]);
    expect(milestones('Explorer').map((item) => within(item).getByRole('link').getAttribute('href'))).toEqual(
      ['/dashboard/insights', '/dashboard/insights', '/dashboard/declaration', '/dashboard/declaration'],
    );
    expect(milestones('Implementer').map((item) => item.textContent)).toEqual([
      'Finish half of your planned actions○ Not done',
      'Complete the Quickscan a second time○ Not done',
      'Raise your overall score○ Not done',
    ]);
  });

  it('draws each stage icon as an SVG, not an emoji that needs an emoji font', async () => {
    renderOverview(stored([]));
    await ready();
    const icons = STAGES.map((title) =>
      within(stageCard(title)).getByRole('heading', { name: title }).querySelector('svg'),
    );
    expect(icons.map((icon) => icon?.getAttribute('data-icon'))).toEqual([
      'sprout',
      'compass',
      'wrench',
      'lightbulb',
      'trophy',
    ]);
    for (const icon of icons) expect(icon?.querySelector('path, circle')).not.toBeNull();
    expect(document.body.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  });

  it('opens stage 3 once stages 1 and 2 are done, and names the plan a milestone needs', async () => {
    const ids = [
      'update-organisation',
      'complete-quickscan',
      'view-results',
      'invite-team',
      'view-insights',
      'download-actions',
      'sign-declaration',
      'view-declaration-credential',
      'half-actions-done',
      'second-assessment',
      'score-rose',
    ];
    renderOverview(
      stored([
        ...ids.map((id) => ({ id, completed: true })),
        { id: 'materiality-assessed', completed: false, outsidePlan: true },
      ]),
    );
    await ready();
    expect(within(stageCard('Implementer')).getByText('Completed')).toBeInTheDocument();
    const innovator = milestones('Innovator');
    expect(innovator[0]).toHaveTextContent('Save a materiality assessmentIncluded in Leader');
    expect(
      within(innovator[0]!).getByRole('link', { name: /^Included in Leader\s?: see the plans$/ }),
    ).toHaveAttribute('href', '/dashboard/plans');
    // The next milestone skips the one the plan does not include.
    expect(screen.getByText('Next milestone:', { exact: false })).toHaveTextContent(
      'Next milestone: Add an action of your own',
    );
  });

  it('names the plan a milestone needs, and who can change it, for a member who may not open the plans', async () => {
    renderOverview(stored([{ id: 'materiality-assessed', completed: false, outsidePlan: true }]), {
      role: 'viewer',
    });
    await ready();
    const innovator = milestones('Innovator');
    expect(innovator[0]).toHaveTextContent(
      'Save a materiality assessmentIncluded in LeaderAn owner or billing member can change the plan.',
    );
    expect(within(innovator[0]!).queryByRole('link')).toBeNull();
  });

  it('names a milestone on a screen the role does not open, with who can do it, instead of linking it', async () => {
    renderOverview(stored([{ id: 'view-insights', completed: true }]), { role: 'user', tenantId: 't1' });
    await ready();
    const explorer = milestones('Explorer');
    expect(explorer.map((item) => item.textContent)).toEqual([
      'Review Organisation Insights✓ Done',
      'Download your priority ESGs○ Not doneAn owner, admin, billing member, editor or viewer can download your priority ESGs.',
      'Sign the declaration○ Not done',
      'Share your declaration credentials○ Not done',
    ]);
    expect(explorer.map((item) => within(item).queryByRole('link')?.getAttribute('href') ?? null)).toEqual([
      null,
      null,
      '/dashboard/declaration',
      '/dashboard/declaration',
    ]);
    expect(within(milestones('Initiator')[4]!).queryByRole('link')).toBeNull();
    expect(milestones('Initiator')[4]).toHaveTextContent('An owner or admin can invite a team member.');
  });

  it('names the next milestone with who can do it when it is on a screen the role does not open', async () => {
    const done = ['update-organisation', 'complete-quickscan', 'view-results'];
    renderOverview(stored(done.map((id) => ({ id, completed: true }))), { role: 'viewer', tenantId: 't1' });
    await ready();
    const line = screen.getByText('Next milestone:', { exact: false });
    expect(line).toHaveTextContent('Next milestone: Invite a team member (an owner or admin can do this)');
    expect(within(line).queryByRole('link')).toBeNull();
  });

  it('lets stored records override the defaults, including the sign-up one', async () => {
    renderOverview(
      stored([
        { id: 'sign-up', completed: false },
        { id: 'invite-team', completed: true },
      ]),
    );
    await ready();
    const items = milestones('Initiator');
    expect(items[0]).toHaveTextContent(/Not done$/);
    expect(items[4]).toHaveTextContent(/Done$/);
    expect(items[4]).not.toHaveTextContent(/Not done$/);
  });

  it('marks a stage completed once all its milestones are done', async () => {
    renderOverview(
      stored([
        { id: 'view-insights', completed: true },
        { id: 'download-actions', completed: true },
        { id: 'sign-declaration', completed: true },
        { id: 'view-declaration-credential', completed: true },
      ]),
    );
    await ready();
    const explorer = stageCard('Explorer');
    expect(within(explorer).getByText('Completed')).toBeInTheDocument();
    expect(within(explorer).getByRole('heading', { level: 4 })).toHaveTextContent(
      'Milestones of Explorer (stage completed)',
    );
    expect(within(stageCard('Initiator')).getByText('In progress')).toBeInTheDocument();
  });

  const update = { id: 'update-organisation', completed: true };
  const quickscan = { id: 'complete-quickscan', completed: true };
  const results = { id: 'view-results', completed: true };
  const invite = { id: 'invite-team', completed: true };
  const stage2 = ['view-insights', 'download-actions', 'sign-declaration', 'view-declaration-credential'].map(
    (id) => ({ id, completed: true }),
  );

  // Every milestone of the five stages counts (19, sign-up done from the start).
  it.each([
    { records: [], completed: 1, percent: 5, next: 'Add your business details' },
    { records: [update], completed: 2, percent: 10, next: 'Complete the Quickscan' },
    { records: [results], completed: 2, percent: 10, next: 'Add your business details' },
    { records: [update, quickscan], completed: 3, percent: 15, next: 'View your assessment results' },
    { records: [update, quickscan, results], completed: 4, percent: 21, next: 'Invite a team member' },
    {
      records: [update, quickscan, results, invite, ...stage2],
      completed: 9,
      percent: 47,
      next: 'Finish half of your planned actions',
    },
  ])(
    'counts $completed of 19 milestones ($percent%), next: $next',
    async ({ records, completed, percent, next }) => {
      renderOverview(stored(records));
      await ready();
      const bar = screen.getByRole('progressbar');
      expect(bar).toHaveAttribute('aria-valuenow', String(percent));
      expect(bar).toHaveAttribute('aria-valuemin', '0');
      expect(bar).toHaveAttribute('aria-valuemax', '100');
      expect(bar).toHaveAccessibleName(`Journey progress: ${completed} of 19 milestones · ${percent}%`);
      expect(screen.getByText(`${completed} of 19 milestones · ${percent}%`)).toBeInTheDocument();
      const line = screen.getByText('Next milestone:', { exact: false });
      expect(line).toHaveTextContent(`Next milestone: ${next}`);
      expect(within(line).getByRole('link', { name: next })).toBeInTheDocument();
    },
  );

  it('says when every milestone is done', async () => {
    const { MILESTONE_IDS } = await import('@toolkit/domain');
    renderOverview(stored(MILESTONE_IDS.map((id) => ({ id, completed: true }))));
    await ready();
    expect(screen.getByText('19 of 19 milestones · 100%')).toBeInTheDocument();
    expect(screen.getByText('You have completed all 19 milestones.')).toBeInTheDocument();
  });

  it('shows the defaults with the error and a Try again that loads the progress', async () => {
    let attempts = 0;
    const api = renderOverview(() => {
      attempts += 1;
      return attempts === 1
        ? serverError('unavailable', 'The milestone service is restarting.')
        : { milestones: { 'caller-uid': [{ id: 'update-organisation', completed: true }] } };
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load your journey progress");
    expect(alert).toHaveTextContent('The milestone service is restarting.');
    expect(milestones('Initiator')[0]).toHaveTextContent(/Done$/);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '5');

    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('2 of 19 milestones · 10%');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.calls).toHaveLength(2);
  });

  it('says that the progress is loading while showing the defaults', async () => {
    renderOverview(() => new Promise<never>(() => undefined));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your journey progress…');
    expect(milestones('Initiator')[0]).toHaveTextContent(/Done$/);
  });

  it('says it is loading in the place of the next milestone, so nothing below moves when the progress arrives', async () => {
    let answer: (records: ReturnType<ReturnType<typeof stored>>) => void = () => undefined;
    renderOverview(() => new Promise((resolve) => (answer = resolve)));
    await screen.findByRole('status');
    const parts = () => [
      ...screen.getByRole('region', { name: 'Your sustainability journey' }).firstElementChild!.children,
    ];
    const loading = parts();
    answer(stored([])());
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    // The same parts in the same places: the notice's line now names the next milestone.
    expect(parts()).toEqual(loading);
    expect(loading[2]).toHaveTextContent('Next milestone:');
  });
});
