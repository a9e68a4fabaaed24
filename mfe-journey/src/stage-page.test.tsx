import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { API, type JourneyStepNumber, type StoredMilestone } from '@toolkit/domain';
import { createFakeBackend, serverError, viaProtocol, type HandlerFor } from '@toolkit/platform/testing';
import { App } from './app';
import { StagePage } from './stage-page';
import { renderWithApi } from './testing/render';

/** The stage page over the callable API, whose milestones-list answers with `stored` for the caller. */
async function renderStage(step: JourneyStepNumber, stored: StoredMilestone[] = []) {
  const api = renderStageWith(step, () => ({ milestones: { 'caller-uid': stored } }));
  await loaded();
  return api;
}

function renderStageWith(step: JourneyStepNumber, handler: HandlerFor<typeof API.listMilestones>) {
  const api = createFakeBackend({ [API.listMilestones]: handler });
  renderWithApi(
    <MemoryRouter initialEntries={[`/step${step}`]}>
      <StagePage step={step} />
    </MemoryRouter>,
    viaProtocol(api),
  );
  return api;
}

/** The loading notice is the page's only status region. */
async function loaded() {
  await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
}

function milestoneItems() {
  const section = screen.getByRole('region', { name: /^Milestones/ });
  return within(section).getAllByRole('listitem');
}

describe('StagePage', () => {
  it('shows stage 1 with its five milestones, sign-up done and the others not done', async () => {
    await renderStage(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Journey stage 1$/);
    expect(screen.getByRole('heading', { level: 2, name: 'Initiator' })).toBeInTheDocument();

    const items = milestoneItems();
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent('Sign up');
    expect(items[0]).toHaveTextContent(/Done$/);
    for (const item of items.slice(1)) expect(item).toHaveTextContent(/Not done/);
    expect(within(items[1]!).getByRole('link', { name: 'Add your business details' })).toHaveAttribute(
      'href',
      '/dashboard/profile',
    );
    // Signed in without a role: Users does not open for them, so the milestone says who can.
    expect(items[4]).toHaveTextContent(/Not doneAn owner or admin can invite a team member\.$/);
    expect(within(items[4]!).queryByRole('link')).toBeNull();
  });

  it('counts every milestone of the five stages: only sign-up is done by default', async () => {
    await renderStage(1);
    const bar = screen.getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '5');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(screen.getByText('1 of 19 milestones · 5%')).toBeInTheDocument();
  });

  it('says stage 3 is locked and why', async () => {
    await renderStage(3);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Journey stage 3$/);
    expect(screen.getByText('This stage is locked.')).toBeInTheDocument();
    expect(screen.getByText(/Unlocks when you complete the previous stages\.$/)).toBeInTheDocument();
  });

  it('marks the current stage in the stepper', async () => {
    await renderStage(2);
    const nav = screen.getByRole('navigation', { name: 'Journey stages' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/step1',
      '/step2',
      '/step3',
      '/step4',
      '/step5',
    ]);
    expect(links.filter((link) => link.getAttribute('aria-current') === 'step')).toEqual([links[1]]);
    expect(links[1]).toHaveTextContent('Explorer');
    expect(links[2]).toHaveTextContent('Unlocks when you complete the previous stages');
  });

  it('uses stored records: update-organisation completed is 2 of 19', async () => {
    await renderStage(1, [{ id: 'update-organisation', completed: true }]);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '10');
    expect(screen.getByText('2 of 19 milestones · 10%')).toBeInTheDocument();
    expect(milestoneItems()[1]).toHaveTextContent(/Done$/);
  });

  it('shows the stage details, and a completed stage as completed', async () => {
    await renderStage(2, [
      { id: 'view-insights', completed: true },
      { id: 'download-actions', completed: true },
      { id: 'sign-declaration', completed: true },
      { id: 'view-declaration-credential', completed: true },
    ]);
    expect(
      screen.getByText(/^Use Organisation Insights to see how your results compare/),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent(
      'Milestones of Explorer (stage completed)',
    );
    const nav = screen.getByRole('navigation', { name: 'Journey stages' });
    expect(within(nav).getAllByRole('link')[1]).toHaveTextContent('Completed');
    for (const item of milestoneItems()) expect(item).toHaveTextContent(/Done$/);
  });

  it('lists the milestones of a locked stage by name, without links', async () => {
    await renderStage(5);
    const items = milestoneItems();
    expect(items.map((item) => item.textContent)).toEqual([
      'Score 70% or more in every section○ Not done',
      'Sign the declaration again as a Leader○ Not done',
      'Share your Leader credential○ Not done',
      "Have your toolkit's publisher verify your result○ Not done",
    ]);
    for (const item of items) expect(within(item).queryByRole('link')).toBeNull();
  });

  it('keeps the defaults on screen when the milestones cannot be loaded, and retries', async () => {
    let attempts = 0;
    renderStageWith(1, () => {
      attempts += 1;
      if (attempts === 1) throw new Error('connection refused');
      return { milestones: { 'caller-uid': [{ id: 'complete-quickscan', completed: true }] } };
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load your journey progress");
    expect(alert).toHaveTextContent(/Could not reach the function milestones-list/);
    expect(milestoneItems()[0]).toHaveTextContent(/Done$/);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '5');

    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('2 of 19 milestones · 10%')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(milestoneItems()[2]).toHaveTextContent(/Done$/);
  });

  it('shows a server refusal in words', async () => {
    renderStageWith(1, () => serverError('permission-denied', 'You are not a member of this organisation.'));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not a member of this organisation.');
  });
});

describe('App', () => {
  it('routes /step4 to the stage page, loading the milestones through the callable API', async () => {
    const api = createFakeBackend({ [API.listMilestones]: () => ({ milestones: {} }) });
    const signInWithCustomToken = () => Promise.reject(new Error('The stage page does not sign in.'));
    renderWithApi(
      <MemoryRouter initialEntries={['/step4']}>
        <App services={{ signInWithCustomToken }} />
      </MemoryRouter>,
      viaProtocol(api),
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Journey stage 4$/);
    expect(screen.getByRole('heading', { level: 2, name: 'Innovator' })).toBeInTheDocument();
    await loaded();
    expect(api.calls).toEqual([{ name: API.listMilestones, data: {} }]);
  });
});
