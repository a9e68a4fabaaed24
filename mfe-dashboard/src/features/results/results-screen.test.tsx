import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api as dataApi } from '@toolkit/data';
import { API, formatDate, type ActionsOverview, type ResultSummary } from '@toolkit/domain';
import { deferred, serverError } from '@toolkit/platform/testing';
import { createFakeApi, renderDashboard } from '../../testing/fake-api';
import { result, SCORE } from '../../testing/results';

function setup(results: ResultSummary[], actions?: ActionsOverview) {
  const api = createFakeApi({
    [API.listLatestResults]: () => ({ results }),
    ...(actions ? { [API.listActions]: () => actions } : {}),
  });
  renderDashboard('/dashboard/ready-reckoner', api);
  return { api, user: userEvent.setup() };
}

const OLDER = result({
  resultId: 'old',
  isCompleted: true,
  completedAt: '2025-01-10T10:00:00.000Z',
  score: { ...SCORE, overall: { points: 20, max: 100, percent: 20 }, band: null },
});
const NEWER = result({
  resultId: 'new',
  isCompleted: true,
  completedAt: '2025-03-02T10:00:00.000Z',
  score: SCORE,
});

describe('Results screen', () => {
  it('says there is no result yet and links to the Quickscan', async () => {
    const { api } = setup([]);
    expect(
      await screen.findByRole('heading', { name: 'You have not completed a Quickscan yet' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Complete the Quickscan' })).toHaveAttribute(
      'href',
      '/survey/demo-publisher/business-quickscan',
    );
    // Without a result to show, opening the page is not the view-results milestone.
    expect(api.callsTo(API.listLatestResults)).toEqual([null]);
    expect(api.callsTo(API.recordVisit)).toEqual([]);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('treats a Quickscan in progress as no result yet', async () => {
    setup([result({})]);
    expect(
      await screen.findByRole('heading', { name: 'You have not completed a Quickscan yet' }),
    ).toBeInTheDocument();
  });

  it('shows the latest completed result: overall score, band, chart and table', async () => {
    setup([OLDER, result({ resultId: 'draft', surveyId: 'supplier-assessment' }), NEWER]);
    expect(
      await screen.findByRole('heading', { name: 'Sustainability Quickscan for your business' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Overall score: 62.5 out of 100')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Making progress' })).toBeInTheDocument();
    expect(screen.getByText(/^Good foundations are in place/)).toBeInTheDocument();

    const chart = screen.getByRole('img');
    expect(chart).toHaveAccessibleName(
      'Bar chart of your scores out of 100%. Overall: 62.5%; Your business: not scored; ' +
        'Energy and emissions: 75%; Waste and materials: 50%.',
    );
    const bars = Array.from(chart.querySelectorAll('rect.bar')).map((bar) => bar.getAttribute('width'));
    expect(bars).toEqual(['62.5%', '75%', '50%']);

    const table = screen.getByRole('table', { name: 'Your scores as a table' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Overall', '62.5%', '62.5 of 100'],
      ['Your business', 'Not scored', '–'],
      ['Energy and emissions', '75%', '7.5 of 10'],
      ['Waste and materials', '50%', '5 of 10'],
    ]);
  });

  it('keeps bars inside the chart for out-of-range percentages', async () => {
    setup([
      result({
        isCompleted: true,
        completedAt: '2025-03-02T10:00:00.000Z',
        score: { ...SCORE, overall: { points: 104, max: 100, percent: 104 }, band: null },
      }),
    ]);
    const chart = await screen.findByRole('img');
    expect(chart.querySelector('rect.bar')).toHaveAttribute('width', '100%');
    expect(screen.queryByRole('heading', { name: 'Making progress' })).not.toBeInTheDocument();
  });

  it('offers a retry when the results cannot be loaded', async () => {
    let failures = 1;
    const api = createFakeApi({
      [API.listLatestResults]: () => {
        if (failures-- > 0) serverError('unavailable', 'Service restarting');
        return { results: [NEWER] };
      },
    });
    renderDashboard('/dashboard/ready-reckoner', api);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load your results because the server did not answer.",
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('img')).toBeInTheDocument();
  });

  it('sends the view-results visit once a result shows, and the journey asks again once it is recorded', async () => {
    const api = createFakeApi({
      [API.listLatestResults]: () => ({ results: [NEWER] }),
      [API.listMilestones]: () => ({ milestones: {} }),
      [API.recordVisit]: () => ({ recorded: true }),
    });
    const answered = deferred<void>();
    api.gate(API.listLatestResults, answered.promise);
    const { store } = renderDashboard('/dashboard/ready-reckoner', api);
    // The journey shown elsewhere (the home screen's) reads the milestones meanwhile.
    store.dispatch(dataApi.endpoints.milestones.initiate());
    await waitFor(() => expect(api.callsTo(API.listMilestones)).toHaveLength(1));
    // Nothing is sent before the result shows.
    expect(api.callsTo(API.recordVisit)).toEqual([]);
    answered.resolve();
    expect(await screen.findByRole('img')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(API.listMilestones)).toHaveLength(2));
    // Reading the results again (a refetch) sends no second visit.
    await store.dispatch(dataApi.util.invalidateTags(['Results']));
    await waitFor(() => expect(api.callsTo(API.listLatestResults)).toHaveLength(2));
    expect(api.callsTo(API.recordVisit)).toEqual([{ visit: 'results' }]);
  });

  it('reads the results again on opening, so one completed since another screen listed them shows', async () => {
    let completed = false;
    const api = createFakeApi({
      [API.listLatestResults]: () => ({ results: completed ? [NEWER] : [] }),
    });
    const { user } = { user: userEvent.setup() };
    renderDashboard('/dashboard/assessments', api);
    await waitFor(() => expect(api.callsTo(API.listLatestResults)).toHaveLength(1));
    // Completed elsewhere (another member, another device): nothing in this page heard of it.
    completed = true;
    await user.click(await screen.findByRole('link', { name: 'Results' }));
    expect(await screen.findByText('Overall score: 62.5 out of 100')).toBeInTheDocument();
  });

  it('links each weak answer to the actions that address it', async () => {
    setup([NEWER], {
      surveyId: 'business-quickscan',
      result: { resultId: 'new', userResultId: 'ur-1', completedAt: NEWER.completedAt },
      plan: [],
      changes: [],
      customActions: [],
      customActionsIncluded: false,
      actions: [
        {
          id: 'track-energy-use',
          title: 'Track your energy use',
          summary: '',
          topic: 'CLIMATE',
          effort: 'LOW',
          impact: 'MEDIUM',
          academyArticles: [],
          addressing: [{ questionId: 'energy-tracking', title: 'How often do you track energy?' }],
        },
        {
          id: 'buy-local',
          title: 'Buy more locally',
          summary: '',
          topic: 'COMMUNITY',
          effort: 'LOW',
          impact: 'LOW',
          academyArticles: [],
          addressing: [],
        },
      ],
    });
    const card = (await screen.findByRole('heading', { name: 'Answers to work on' })).closest(
      'section, div',
    )!;
    expect(card).toHaveTextContent('How often do you track energy?: Track your energy use');
    expect(screen.getByRole('link', { name: 'Track your energy use' })).toHaveAttribute(
      'href',
      '/dashboard/actions#track-energy-use',
    );
    expect(screen.queryByRole('link', { name: 'Buy more locally' })).not.toBeInTheDocument();
  });
});

describe('Results screen: self-assessed and verified scores', () => {
  const resultCard = () => screen.getByRole('region', { name: 'Sustainability Quickscan for your business' });
  const scores = () =>
    screen.getAllByRole('term').map((term) => `${term.textContent}: ${term.nextSibling?.textContent}`);

  it('shows the self-assessed score alone before any verification, with the way to ask for one', async () => {
    setup([NEWER]);
    expect(await screen.findByText('Overall score: 62.5 out of 100')).toBeInTheDocument();
    expect(scores()).toEqual(['Self-assessed score: 62.5%']);
    expect(screen.getByText(/^Not verified yet/)).toBeInTheDocument();
    expect(within(resultCard()).getByRole('link', { name: 'Evidence and review' })).toHaveAttribute(
      'href',
      '/dashboard/evidence',
    );
  });

  it('shows the verified score beside the self-assessed one once the publisher verified it', async () => {
    setup([
      {
        ...NEWER,
        verification: {
          status: 'verified',
          publisherName: 'Coastal Council',
          verifiedAt: '2026-12-03T09:00:00.000Z',
          verifiedPercent: 50,
        },
      },
    ]);
    expect(await screen.findByText(/^Verified by Coastal Council on/)).toHaveTextContent(
      `Verified by Coastal Council on ${formatDate('2026-12-03T09:00:00.000Z')}. Only the answers it accepted count`,
    );
    expect(scores()).toEqual(['Self-assessed score: 62.5%', 'Verified score: 50%']);
    expect(within(resultCard()).getByRole('link', { name: 'Evidence and review' })).toBeInTheDocument();
  });

  it.each([
    ['waiting', 'Waiting for Coastal Council to verify it.'],
    ['needsInformation', 'Coastal Council needs more information to verify it.'],
    ['withdrawn', 'Coastal Council withdrew its verification.'],
  ] as const)('says where a %s review stands, without a verified score', async (status, words) => {
    setup([
      {
        ...NEWER,
        verification: { status, publisherName: 'Coastal Council', verifiedAt: null, verifiedPercent: null },
      },
    ]);
    expect(await screen.findByText(words)).toBeInTheDocument();
    expect(scores()).toEqual(['Self-assessed score: 62.5%']);
  });
});
