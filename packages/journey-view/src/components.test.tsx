import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, type StoredMilestone } from '@toolkit/domain';
import { createFakeBackend, serverError, viaProtocol, type HandlerFor } from '@toolkit/platform/testing';
import { JourneyOverview } from './journey-overview';
import { journeyProviders } from './test-store';
import { useJourney } from './use-journey';

const STAGES = ['Initiator', 'Explorer', 'Implementer', 'Innovator', 'Leader'];

function Overview() {
  return <JourneyOverview {...useJourney()} />;
}

function renderOverview(handler: HandlerFor<typeof API.listMilestones>) {
  const api = createFakeBackend({ [API.listMilestones]: handler });
  render(<Overview />, journeyProviders(viaProtocol(api)));
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
      // Placeholder milestones of a locked stage lead nowhere yet, so they are not links.
      expect(milestones(title)).toHaveLength(4);
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
  // Milestones outside the three tracked ones do not count.
  const invite = { id: 'invite-team', completed: true };

  it.each([
    { records: [], completed: 0, percent: 0, next: 'Add your business details' },
    { records: [invite], completed: 0, percent: 0, next: 'Add your business details' },
    { records: [update], completed: 1, percent: 33, next: 'Complete the Quickscan' },
    { records: [results], completed: 1, percent: 33, next: 'Add your business details' },
    { records: [update, quickscan], completed: 2, percent: 67, next: 'View your assessment results' },
    { records: [update, quickscan, results, invite], completed: 3, percent: 100, next: null },
  ])(
    'counts $completed of 3 key milestones ($percent%), next: $next',
    async ({ records, completed, percent, next }) => {
      renderOverview(stored(records));
      await ready();
      const bar = screen.getByRole('progressbar');
      expect(bar).toHaveAttribute('aria-valuenow', String(percent));
      expect(bar).toHaveAttribute('aria-valuemin', '0');
      expect(bar).toHaveAttribute('aria-valuemax', '100');
      expect(bar).toHaveAccessibleName(`Journey progress: ${completed} of 3 key milestones · ${percent}%`);
      expect(screen.getByText(`${completed} of 3 key milestones · ${percent}%`)).toBeInTheDocument();
      if (next) {
        const line = screen.getByText('Next key milestone:', { exact: false });
        expect(line).toHaveTextContent(`Next key milestone: ${next}`);
        expect(within(line).getByRole('link', { name: next })).toBeInTheDocument();
      } else {
        expect(screen.getByText('You have completed all 3 key milestones.')).toBeInTheDocument();
      }
    },
  );

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
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');

    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('1 of 3 key milestones · 33%');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.calls).toHaveLength(2);
  });

  it('says that the progress is loading while showing the defaults', async () => {
    renderOverview(() => new Promise<never>(() => undefined));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your journey progress…');
    expect(milestones('Initiator')[0]).toHaveTextContent(/Done$/);
  });
});
