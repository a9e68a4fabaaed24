import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, type ApiResponses, type BenchmarkRow } from '@toolkit/domain';
import { serverError, type FakeHandlers } from '@toolkit/platform/testing';
import { formatDate } from '@toolkit/domain';
import { createFakeApi, renderDashboard } from '../../testing/fake-api';
import { result, SCORE } from '../../testing/results';

type BenchmarkAnswer = ApiResponses[typeof API.getBenchmark];

const HISTORY: BenchmarkAnswer['history'] = [
  {
    resultId: 'first',
    completedAt: '2025-01-10T10:00:00.000Z',
    score: { ...SCORE, overall: { points: 40, max: 100, percent: 40 } },
  },
  { resultId: 'second', completedAt: '2025-03-02T10:00:00.000Z', score: SCORE },
];

/** getBenchmark's answer: no groups and every organisation unless a test says otherwise. */
const benchmarkAnswer = (answer: Partial<BenchmarkAnswer>): BenchmarkAnswer => ({
  surveyId: 'business-quickscan',
  history: [],
  benchmark: null,
  groups: [],
  group: null,
  priorities: [],
  ...answer,
});

const SHOWN: BenchmarkAnswer['benchmark'] = {
  status: 'shown',
  organisations: 14,
  overall: {
    title: 'Overall',
    yours: 62.5,
    standing: { place: 'between', higherThan: 68 },
    peers: { count: 20, mean: 51.2, q1: 38, median: 52, q3: 66 },
  },
  sections: [
    {
      title: 'Energy and emissions',
      yours: 75,
      standing: { place: 'between', higherThan: 78 },
      peers: { count: 20, mean: 55, q1: 40, median: 57, q3: 70 },
    },
  ],
};

function setup(handlers: FakeHandlers, tenantId = 'tenant-1', path = '/dashboard/insights') {
  const api = createFakeApi({ [API.recordVisit]: () => ({ recorded: true }), ...handlers });
  renderDashboard(path, api, { claims: { role: 'owner', tenantId } });
  return { api, user: userEvent.setup() };
}

/** Files the screen handed the browser to save, by name. */
function captureDownloads() {
  const files = new Map<string, Blob>();
  let blob: Blob | null = null;
  URL.createObjectURL = (object: Blob | MediaSource) => {
    blob = object as Blob;
    return 'blob:test';
  };
  URL.revokeObjectURL = () => undefined;
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (blob) files.set(this.download, blob);
  });
  return files;
}

/** The file's text byte for byte (a text decoder would drop the byte-order mark). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(Buffer.from(reader.result as ArrayBuffer).toString('utf8'));
    reader.readAsArrayBuffer(blob);
  });

afterEach(() => jest.restoreAllMocks());

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.children, (cell) => cell.textContent));

describe('Insights screen for a business', () => {
  it('sends the Insights visit once and invites a first completion when there is no result', async () => {
    const { api } = setup({
      [API.getBenchmark]: () =>
        benchmarkAnswer({
          history: [],
          benchmark: null,
          priorities: [],
        }),
    });
    expect(await screen.findByRole('link', { name: 'Complete the survey' })).toHaveAttribute(
      'href',
      '/survey/demo-publisher/business-quickscan',
    );
    expect(api.callsTo(API.getBenchmark)).toEqual([{ surveyId: 'business-quickscan' }]);
    // Opening the screen is the view-insights milestone, sent once.
    expect(api.callsTo(API.recordVisit)).toEqual([{ visit: 'insights' }]);
    // Not a publisher: nothing is asked about received results.
    expect(api.callsTo(API.getSurveyInsights)).toEqual([]);
  });

  it('shows the latest result’s self-assessed score beside the score its publisher verified', async () => {
    setup({
      [API.getBenchmark]: () => benchmarkAnswer({ history: HISTORY }),
      [API.listLatestResults]: () => ({
        results: [
          result({
            isCompleted: true,
            completedAt: '2025-03-02T10:00:00.000Z',
            score: SCORE,
            verification: {
              status: 'verified',
              publisherName: 'Coastal Council',
              verifiedAt: '2025-03-09T10:00:00.000Z',
              verifiedPercent: 50,
            },
          }),
        ],
      }),
    });
    const latest = await screen.findByRole('region', { name: 'Your latest score' });
    expect(within(latest).getByText('Self-assessed score').nextSibling).toHaveTextContent('62.5%');
    expect(within(latest).getByText('Verified score').nextSibling).toHaveTextContent('50%');
    expect(latest).toHaveTextContent(
      `Verified by Coastal Council on ${formatDate('2025-03-09T10:00:00.000Z')}.`,
    );
    expect(within(latest).getByRole('link', { name: 'Evidence and review' })).toHaveAttribute(
      'href',
      '/dashboard/evidence',
    );
  });

  it('shows no score of its own before a result is completed', async () => {
    const { api } = setup({
      [API.getBenchmark]: () => benchmarkAnswer({ history: [] }),
      [API.listLatestResults]: () => ({ results: [result({})] }),
    });
    await screen.findByRole('link', { name: 'Complete the survey' });
    await waitFor(() => expect(api.callsTo(API.listLatestResults)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Your latest score' })).not.toBeInTheDocument();
  });

  it('shows results over time and says how many organisations the benchmark still needs', async () => {
    setup({
      [API.getBenchmark]: () =>
        benchmarkAnswer({
          history: HISTORY,
          benchmark: { status: 'too-few', organisations: 9, needed: 10 },
          priorities: [],
        }),
    });
    const table = await screen.findByRole('table', { name: 'Your completed results' });
    expect(rowsOf(table)).toEqual([
      [formatDate('2025-03-02T10:00:00.000Z'), '62.5%', '+22.5 points'],
      [formatDate('2025-01-10T10:00:00.000Z'), '40%', '–'],
    ]);
    expect(screen.getByText(/appears once 10 organisations have completed this survey/)).toHaveTextContent(
      'So far 9 have.',
    );
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('downloads its own results as CSV', async () => {
    const files = captureDownloads();
    const { user } = setup({
      [API.getBenchmark]: () =>
        benchmarkAnswer({
          history: HISTORY,
          benchmark: SHOWN,
          priorities: [],
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Download your results (CSV)' }));
    const csv = await textOf(files.get('sustainability-quickscan-for-your-business-your-results.csv')!);
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFCompleted,Overall %,Band,Your business %,Energy and emissions %,Waste and materials %',
      // "Your business" is not scored: an empty cell, as the Results screen shows it, not 0.
      '2025-01-10T10:00:00.000Z,40,Making progress,,75,50',
      '2025-03-02T10:00:00.000Z,62.5,Making progress,,75,50',
      '',
    ]);
  });

  it('lists the priority ESG topics with their suggested actions and downloads them, recording the milestone', async () => {
    const files = captureDownloads();
    const { api, user } = setup({
      [API.getBenchmark]: () =>
        benchmarkAnswer({
          history: HISTORY,
          benchmark: SHOWN,
          priorities: [
            { topic: 'CIRCULARITY', title: 'Waste and materials', percent: 20 },
            { topic: 'CLIMATE', title: 'Energy and emissions', percent: 35 },
          ],
        }),
      [API.listActions]: () => ({
        surveyId: 'business-quickscan',
        result: null,
        plan: [],
        changes: [],
        customActions: [],
        customActionsIncluded: false,
        actions: [
          {
            id: 'improve-recycling',
            title: 'Set up separate recycling streams',
            summary: '',
            topic: 'CIRCULARITY',
            effort: 'LOW',
            impact: 'MEDIUM',
            academyArticles: [],
            addressing: [{ questionId: 'recycling-rate', title: 'Recycling rate' }],
          },
        ],
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Priority ESG topics' })).toBeInTheDocument();
    expect(await screen.findByText('Suggested: Set up separate recycling streams')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download priorities (CSV)' }));
    const csv = await textOf(files.get('sustainability-quickscan-for-your-business-priority-topics.csv')!);
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFPriority,ESG topic,Area,Your score %,Suggested actions',
      '1,Circularity and waste,Waste and materials,20,Set up separate recycling streams',
      '2,Climate,Energy and emissions,35,',
      '',
    ]);
    await user.click(screen.getByRole('button', { name: 'Download priorities (PDF)' }));
    await waitFor(() =>
      expect(files.has('sustainability-quickscan-for-your-business-priority-topics.pdf')).toBe(true),
    );
    // Each download is sent as the download-actions visit; the benchmark is not read again for it.
    await waitFor(() =>
      expect(api.callsTo(API.recordVisit)).toEqual([
        { visit: 'insights' },
        { visit: 'priorities', surveyId: 'business-quickscan' },
        { visit: 'priorities', surveyId: 'business-quickscan' },
      ]),
    );
    expect(api.callsTo(API.getBenchmark)).toEqual([{ surveyId: 'business-quickscan' }]);
    expect(api.callsTo(API.setMilestone)).toEqual([]);
  });

  it('shows the benchmark as a chart with every value in its name, and as a table', async () => {
    setup({
      [API.getBenchmark]: () =>
        benchmarkAnswer({
          history: HISTORY,
          benchmark: SHOWN,
          priorities: [],
        }),
    });
    expect(await screen.findByText(/Compared with 14 organisations/)).toHaveTextContent(
      'higher than 68% of theirs',
    );
    const chart = screen.getByRole('img');
    expect(chart).toHaveAccessibleName(
      "Your scores beside your peers' out of 100%. Overall: you 62.5%, peers' median 52%, middle half 38–66%; " +
        "Energy and emissions: you 75%, peers' median 57%, middle half 40–70%.",
    );
    expect(chart.querySelector('circle.yours')).toHaveAttribute('cx', '62.5%');
    expect(rowsOf(screen.getByRole('table', { name: 'Your scores beside your peers’' }))).toEqual([
      ['Overall', '62.5%', '52%', '38–66%', 'Higher than 68% of theirs'],
      ['Energy and emissions', '75%', '57%', '40–70%', 'Higher than 78% of theirs'],
    ]);
  });

  it.each<[BenchmarkRow['standing'], string, string]>([
    [{ place: 'lowest' }, 'Compared with 14 organisations, your overall score is the lowest.', 'The lowest'],
    [
      { place: 'highest' },
      'Compared with 14 organisations, your overall score is the highest.',
      'The highest',
    ],
  ])('says a score standing %j as such, in the sentence and the table', async (standing, sentence, cell) => {
    const shown = SHOWN as Extract<BenchmarkAnswer['benchmark'], { status: 'shown' }>;
    setup({
      [API.getBenchmark]: () =>
        benchmarkAnswer({
          history: HISTORY,
          benchmark: { ...shown, overall: { ...shown.overall, standing } },
        }),
    });
    const said = await screen.findByText(/^Compared with 14 organisations/);
    expect(said).toHaveTextContent(sentence);
    expect(said).not.toHaveTextContent(/higher than/);
    expect(rowsOf(screen.getByRole('table', { name: 'Your scores beside your peers’' }))[0]?.[4]).toBe(cell);
  });

  it('offers a retry when the benchmark cannot be loaded', async () => {
    let failures = 1;
    const { user } = setup({
      [API.getBenchmark]: () => {
        if (failures-- > 0) serverError('unavailable', 'Service restarting');
        return benchmarkAnswer({ history: HISTORY, benchmark: SHOWN });
      },
    });
    await user.click(await screen.findByRole('button', { name: /try again/i }));
    expect(await screen.findByText(/Compared with 14 organisations/)).toBeInTheDocument();
  });

  it('draws its overall and section scores across its retakes, each with its table', async () => {
    const { user } = setup({
      [API.getBenchmark]: () => benchmarkAnswer({ history: HISTORY, benchmark: SHOWN }),
    });
    expect(await screen.findByRole('heading', { name: 'Your scores over time' })).toBeInTheDocument();
    // The overall score first, then each scored section in survey order; "Your business" (weight 0) is not one.
    const figures = [
      'Overall: 62.5% now',
      'Energy and emissions: 75% now',
      'Waste and materials: 50% now',
    ].map((name) => screen.getByRole('figure', { name }));
    expect(screen.getAllByRole('figure')).toEqual(figures);
    // The line rises from the first result (40%) to the second (62.5%): the later point sits higher.
    const [first, second] = Array.from(figures[0]!.querySelectorAll('circle'));
    expect(Number(second!.getAttribute('cy'))).toBeLessThan(Number(first!.getAttribute('cy')));
    await user.click(within(figures[0]!).getByText('Show as a table'));
    expect(rowsOf(screen.getByRole('table', { name: 'Overall score per completed result' }))).toEqual([
      [formatDate('2025-01-10T10:00:00.000Z'), '40%'],
      [formatDate('2025-03-02T10:00:00.000Z'), '62.5%'],
    ]);
    expect(
      rowsOf(screen.getByRole('table', { name: 'Energy and emissions score per completed result' })),
    ).toEqual([
      [formatDate('2025-01-10T10:00:00.000Z'), '75%'],
      [formatDate('2025-03-02T10:00:00.000Z'), '75%'],
    ]);
  });

  it('waits for a second result before drawing a trend', async () => {
    setup({
      [API.getBenchmark]: () => benchmarkAnswer({ history: HISTORY.slice(0, 1), benchmark: SHOWN }),
    });
    expect(
      await screen.findByText('Complete the survey again to see how your scores change over time.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your scores over time' })).not.toBeInTheDocument();
  });
});

const GROUPS: BenchmarkAnswer['groups'] = [
  { key: 'sector:retail', facet: 'sector', label: 'Retail', organisations: 12, shown: true },
  { key: 'size:1-9', facet: 'size', label: '1–9 employees', organisations: 9, shown: false },
  { key: 'region:vic', facet: 'region', label: 'Victoria', organisations: 10, shown: true },
];

const RETAIL: BenchmarkAnswer['benchmark'] = {
  ...(SHOWN as Extract<BenchmarkAnswer['benchmark'], { status: 'shown' }>),
  organisations: 12,
  overall: {
    title: 'Overall',
    yours: 62.5,
    standing: { place: 'between', higherThan: 50 },
    peers: { count: 12, mean: 60, q1: 50, median: 61, q3: 70 },
  },
};

describe('Insights screen: peers like the business', () => {
  const peers = (path?: string) =>
    setup(
      {
        [API.getBenchmark]: ({ group }) =>
          benchmarkAnswer({
            history: HISTORY,
            groups: GROUPS,
            group: group ?? null,
            benchmark:
              group === 'sector:retail'
                ? RETAIL
                : group === 'size:1-9'
                  ? { status: 'too-few', organisations: 9, needed: 10 }
                  : SHOWN,
          }),
      },
      'tenant-1',
      path,
    );

  it('offers everyone and each of its own groups, named by the facet and the group', async () => {
    peers();
    const choice = await screen.findByRole('combobox', { name: 'Compare with' });
    expect(Array.from((choice as HTMLSelectElement).options, (option) => option.textContent)).toEqual([
      'Everyone',
      'My sector: Retail',
      'My size: 1–9 employees',
      'My region: Victoria',
    ]);
    expect(choice).toHaveValue('');
    expect(screen.getByText(/Compared with 14 organisations,/)).toBeInTheDocument();
  });

  it('benchmarks against the chosen group, asked of the server by its key', async () => {
    const { api, user } = peers();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Compare with' }), 'sector:retail');
    expect(
      await screen.findByText(/Compared with 12 organisations like yours \(My sector: Retail\)/),
    ).toHaveTextContent('higher than 50% of theirs');
    expect(rowsOf(screen.getByRole('table', { name: 'Your scores beside your peers’' }))[0]).toEqual([
      'Overall',
      '62.5%',
      '61%',
      '50–70%',
      'Higher than 50% of theirs',
    ]);
    expect(api.callsTo(API.getBenchmark)).toEqual([
      { surveyId: 'business-quickscan' },
      { surveyId: 'business-quickscan', group: 'sector:retail' },
    ]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Compare with' }), '');
    expect(await screen.findByText(/Compared with 14 organisations,/)).toBeInTheDocument();
  });

  it('shows a group below the threshold as its count and nothing else', async () => {
    const { user } = peers();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Compare with' }), 'size:1-9');
    expect(
      await screen.findByText('Not enough organisations like yours yet (9 of the 10 needed)'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Compared with/)).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Your scores beside your peers’' })).not.toBeInTheDocument();
  });

  it('opens on the group the address names', async () => {
    const { api } = peers('/dashboard/insights?peers=region:vic');
    expect(await screen.findByRole('combobox', { name: 'Compare with' })).toHaveValue('region:vic');
    await waitFor(() =>
      expect(api.callsTo(API.getBenchmark)).toContainEqual({
        surveyId: 'business-quickscan',
        group: 'region:vic',
      }),
    );
  });

  it('says what failed when the group cannot be loaded, and retries', async () => {
    let failures = 1;
    const { user } = setup({
      [API.getBenchmark]: ({ group }) => {
        if (group && failures-- > 0) serverError('unavailable', 'Service restarting');
        return benchmarkAnswer({ history: HISTORY, groups: GROUPS, benchmark: group ? RETAIL : SHOWN });
      },
    });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Compare with' }), 'sector:retail');
    await user.click(await screen.findByRole('button', { name: /try again/i }));
    expect(await screen.findByText(/Compared with 12 organisations like yours/)).toBeInTheDocument();
  });
});
