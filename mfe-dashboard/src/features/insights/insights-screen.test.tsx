import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, type ApiResponses } from '@toolkit/domain';
import { serverError, streamed, type FakeHandlers } from '@toolkit/platform/testing';
import { formatDate } from '@toolkit/domain';
import { createFakeApi, renderDashboard, SURVEYS } from '../../testing/fake-api';
import { SCORE } from '../../testing/results';

type BenchmarkAnswer = ApiResponses[typeof API.getBenchmark];
type InsightsAnswer = ApiResponses[typeof API.getSurveyInsights];

const HISTORY: BenchmarkAnswer['history'] = [
  {
    resultId: 'first',
    completedAt: '2025-01-10T10:00:00.000Z',
    score: { ...SCORE, overall: { points: 40, max: 100, percent: 40 } },
  },
  { resultId: 'second', completedAt: '2025-03-02T10:00:00.000Z', score: SCORE },
];

const SHOWN: BenchmarkAnswer['benchmark'] = {
  status: 'shown',
  organisations: 14,
  overall: {
    title: 'Overall',
    yours: 62.5,
    percentile: 71,
    peers: { count: 20, mean: 51.2, q1: 38, median: 52, q3: 66 },
  },
  sections: [
    {
      title: 'Energy and emissions',
      yours: 75,
      percentile: 80,
      peers: { count: 20, mean: 55, q1: 40, median: 57, q3: 70 },
    },
  ],
};

const RECEIVED: InsightsAnswer = {
  survey: { id: 'business-quickscan', title: 'Sustainability Quickscan for your business' },
  started: 40,
  completed: 30,
  organisations: 25,
  overall: { histogram: { '50': 30 }, summary: { count: 30, mean: 50, q1: 40, median: 50, q3: 61 } },
  sections: [
    { sectionIndex: 0, title: 'Your business', histogram: {}, summary: null },
    {
      sectionIndex: 1,
      title: 'Energy and emissions',
      histogram: { '45': 30 },
      summary: { count: 30, mean: 45, q1: 30, median: 45, q3: 60 },
    },
  ],
  questions: [
    {
      id: 'industry-sector',
      title: 'Which sector are you in?',
      type: 'dropdown',
      answers: [
        { key: 'retail', label: 'Retail', count: 18 },
        { key: 'hospitality', label: 'Hospitality', count: 12 },
      ],
    },
  ],
  trend: [
    { day: '2025-03-01', completed: 10 },
    { day: '2025-03-02', completed: 20 },
  ],
};

function setup(handlers: FakeHandlers, tenantId = 'tenant-1', path = '/dashboard/insights') {
  const api = createFakeApi(handlers);
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
  it('asks as the opened Insights screen and invites a first completion when there is no result', async () => {
    const { api } = setup({
      [API.getBenchmark]: () => ({
        surveyId: 'business-quickscan',
        history: [],
        benchmark: null,
        priorities: [],
      }),
    });
    expect(await screen.findByRole('link', { name: 'Complete the survey' })).toHaveAttribute(
      'href',
      '/survey/demo-publisher/business-quickscan',
    );
    expect(api.callsTo(API.getBenchmark)).toEqual([{ surveyId: 'business-quickscan', opened: true }]);
    // Not a publisher: nothing is asked about received results.
    expect(api.callsTo(API.getSurveyInsights)).toEqual([]);
  });

  it('shows results over time and says how many organisations the benchmark still needs', async () => {
    setup({
      [API.getBenchmark]: () => ({
        surveyId: 'business-quickscan',
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
      [API.getBenchmark]: () => ({
        surveyId: 'business-quickscan',
        history: HISTORY,
        benchmark: SHOWN,
        priorities: [],
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Download your results (CSV)' }));
    const csv = await textOf(files.get('sustainability-quickscan-for-your-business-your-results.csv')!);
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFCompleted,Overall %,Band,Your business %,Energy and emissions %,Waste and materials %',
      '2025-01-10T10:00:00.000Z,40,Making progress,0,75,50',
      '2025-03-02T10:00:00.000Z,62.5,Making progress,0,75,50',
      '',
    ]);
  });

  it('lists the priority ESG topics with their suggested actions and downloads them, recording the milestone', async () => {
    const files = captureDownloads();
    const { api, user } = setup({
      [API.getBenchmark]: () => ({
        surveyId: 'business-quickscan',
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
    // Each file's priorities are asked of the server for the download: its download-actions milestone.
    expect(api.callsTo(API.getBenchmark).slice(-2)).toEqual([
      { surveyId: 'business-quickscan', downloading: true },
      { surveyId: 'business-quickscan', downloading: true },
    ]);
    expect(api.callsTo(API.setMilestone)).toEqual([]);
  });

  it('shows the benchmark as a chart with every value in its name, and as a table', async () => {
    setup({
      [API.getBenchmark]: () => ({
        surveyId: 'business-quickscan',
        history: HISTORY,
        benchmark: SHOWN,
        priorities: [],
      }),
    });
    expect(await screen.findByText(/Compared with 14 organisations/)).toHaveTextContent(
      'higher than 71% of theirs',
    );
    const chart = screen.getByRole('img');
    expect(chart).toHaveAccessibleName(
      "Your scores beside your peers' out of 100%. Overall: you 62.5%, peers' median 52%, middle half 38–66%; " +
        "Energy and emissions: you 75%, peers' median 57%, middle half 40–70%.",
    );
    expect(chart.querySelector('circle.yours')).toHaveAttribute('cx', '62.5%');
    expect(rowsOf(screen.getByRole('table', { name: 'Your scores beside your peers’' }))).toEqual([
      ['Overall', '62.5%', '52%', '38–66%', '71'],
      ['Energy and emissions', '75%', '57%', '40–70%', '80'],
    ]);
  });

  it('offers a retry when the benchmark cannot be loaded', async () => {
    let failures = 1;
    const { user } = setup({
      [API.getBenchmark]: () => {
        if (failures-- > 0) serverError('unavailable', 'Service restarting');
        return { surveyId: 'business-quickscan', history: HISTORY, benchmark: SHOWN, priorities: [] };
      },
    });
    await user.click(await screen.findByRole('button', { name: /try again/i }));
    expect(await screen.findByText(/Compared with 14 organisations/)).toBeInTheDocument();
  });
});

const ROW = {
  resultId: 'r-9',
  completedAt: '2025-03-02T10:00:00.000Z',
  organisation: 'Harbour Bakery',
  respondent: 'Ada Baker',
  overallPercent: 48,
  band: 'Getting started',
  counted: true,
};

const MEMBERS = {
  members: [{ tenantId: 't-9', organisationName: 'Tidal Surf School', joinedAt: '2025-03-01T10:00:00.000Z' }],
};

const OPENED: ApiResponses[typeof API.getReceivedResult] = {
  ...ROW,
  surveyId: 'business-quickscan',
  startedAt: '2025-03-02T09:00:00.000Z',
  score: { ...SCORE, overall: { points: 48, max: 100, percent: 48 } },
  sections: [
    {
      title: 'Your business',
      answers: [{ questionId: 'industry-sector', title: 'Which sector are you in?', answer: 'Retail' }],
    },
  ],
};

describe('Insights screen for a publisher', () => {
  const publisher = (handlers: FakeHandlers = {}, path?: string) =>
    setup(
      {
        [API.listReceivedResults]: (data) => {
          const { limit } = data as { limit: number };
          const all = Array.from({ length: 30 }, (_, i) => ({ ...ROW, resultId: `r-${i}` }));
          return { results: all.slice(0, limit), more: limit < all.length };
        },
        [API.getReceivedResult]: () => OPENED,
        [API.listToolkitMembers]: () => MEMBERS,
        [API.getBenchmark]: () => ({
          surveyId: 'business-quickscan',
          history: [],
          benchmark: null,
          priorities: [],
        }),
        [API.getSurveyInsights]: (data) =>
          (data as { surveyId: string }).surveyId === RECEIVED.survey.id
            ? RECEIVED
            : { ...RECEIVED, survey: { id: 'supplier-assessment', title: SURVEYS[1]!.title }, started: 0 },
        ...handlers,
      },
      'demo-publisher',
      path,
    );

  it('shows counts, score spreads, the trend and closed answers of the first published survey', async () => {
    publisher();
    expect(
      await screen.findByRole('heading', { name: 'Received: Sustainability Quickscan for your business' }),
    ).toBeInTheDocument();
    const figures = Array.from(document.querySelectorAll('dl div'), (item) => item.textContent);
    expect(figures).toEqual(['Started40', 'Completed30', 'Completion rate75%', 'Organisations25']);
    expect(rowsOf(screen.getByRole('table', { name: 'Scores of the completed results' }))).toEqual([
      ['Overall', '50%', '50%', '40–61%'],
      ['Your business', 'No scores yet'],
      ['Energy and emissions', '45%', '45%', '30–60%'],
    ]);
    const trend = screen.getByRole('img', { name: /^Column chart of completed results per day/ });
    expect(trend).toHaveAccessibleName(
      'Column chart of completed results per day, 30 in all. 2025-03-01: 10; 2025-03-02: 20.',
    );
    // The busier day's column is the taller one.
    const [first, second] = Array.from(trend.querySelectorAll('rect.column'));
    expect(Number(second!.getAttribute('height'))).toBeGreaterThan(Number(first!.getAttribute('height')));
    expect(rowsOf(screen.getByRole('table', { name: 'Completed per day' }))).toEqual([
      ['2025-03-01', '10'],
      ['2025-03-02', '20'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Which sector are you in?' }))).toEqual([
      ['Retail', '18', '60%'],
      ['Hospitality', '12', '40%'],
    ]);
  });

  it('switches to another published survey and says when nobody has started it', async () => {
    const { api, user } = publisher();
    await screen.findByRole('heading', { name: /^Received: Sustainability Quickscan/ });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Survey' }), 'supplier-assessment');
    expect(await screen.findByText(/Nobody has started this survey yet/)).toBeInTheDocument();
    expect(api.callsTo(API.getSurveyInsights)).toEqual([
      { surveyId: 'business-quickscan' },
      { surveyId: 'supplier-assessment' },
    ]);
  });

  it('says what failed and retries', async () => {
    let failures = 1;
    const { user } = publisher({
      [API.getSurveyInsights]: () => {
        if (failures-- > 0) serverError('unavailable', 'Service restarting');
        return RECEIVED;
      },
    });
    expect(
      await screen.findByText(/We couldn't load what your survey received because the server did not answer/),
    ).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: /try again/i })[0]!);
    expect(await screen.findByRole('heading', { name: /^Received:/ })).toBeInTheDocument();
  });

  it('lists received results, shows more on request and opens one', async () => {
    const { api, user } = publisher();
    const table = await screen.findByRole('table', { name: 'Completed results, newest first' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 25);
    await user.click(screen.getByRole('button', { name: 'Show more results' }));
    expect(
      await within(
        await screen.findByRole('table', { name: 'Completed results, newest first' }),
      ).findAllByRole('row'),
    ).toHaveLength(1 + 30);
    expect(screen.queryByRole('button', { name: 'Show more results' })).not.toBeInTheDocument();
    expect(api.callsTo(API.listReceivedResults)).toEqual([
      { surveyId: 'business-quickscan', limit: 25 },
      { surveyId: 'business-quickscan', limit: 50 },
    ]);

    await user.click(screen.getAllByRole('link', { name: 'Open the result of Harbour Bakery' })[3]!);
    expect(await screen.findByRole('heading', { name: 'Result from Harbour Bakery' })).toBeInTheDocument();
    expect(api.callsTo(API.getReceivedResult)).toEqual([{ surveyId: 'business-quickscan', resultId: 'r-3' }]);
    expect(screen.getByText('Which sector are you in?').nextSibling).toHaveTextContent('Retail');
    await user.click(screen.getByRole('link', { name: 'Back to all results' }));
    expect(await screen.findByRole('table', { name: 'Completed results, newest first' })).toBeInTheDocument();
  });

  it('marks a result with no scored answer "not counted" in the list and when opened', async () => {
    const empty = {
      ...ROW,
      resultId: 'r-empty',
      organisation: 'Empty Co',
      overallPercent: 0,
      counted: false,
    };
    const { user } = publisher({
      [API.listReceivedResults]: () => ({ results: [ROW, empty], more: false }),
      [API.getReceivedResult]: () => ({ ...OPENED, ...empty }),
    });
    const table = await screen.findByRole('table', { name: 'Completed results, newest first' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'OrganisationCompletedScoreResult',
      expect.stringContaining('48%'),
      expect.stringContaining('No answers — not counted'),
    ]);
    expect(within(table).queryByText('0%')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Open the result of Empty Co' }));
    expect(await screen.findByText(/^No answers — not counted: no question that counts/)).toBeInTheDocument();
    expect(screen.queryByText(/Overall score/)).not.toBeInTheDocument();
  });

  it('keeps the results shown when more cannot be loaded, and Try again loads them', async () => {
    let failing = true;
    const { user } = publisher({
      [API.listReceivedResults]: ({ limit = 25 }) => {
        if (limit > 25 && failing) serverError('unavailable', 'Service restarting');
        const all = Array.from({ length: 30 }, (_, i) => ({ ...ROW, resultId: `r-${i}` }));
        return { results: all.slice(0, limit), more: limit < all.length };
      },
    });
    const rows = () =>
      within(screen.getByRole('table', { name: 'Completed results, newest first' })).getAllByRole('row');
    await screen.findByRole('table', { name: 'Completed results, newest first' });
    await user.click(screen.getByRole('button', { name: 'Show more results' }));
    expect(
      await screen.findByText(/We couldn't load more results because the server did not answer/),
    ).toBeInTheDocument();
    expect(rows()).toHaveLength(1 + 25);
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(1 + 30));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens the result the notification e-mail links to', async () => {
    const { api } = publisher({}, '/dashboard/insights?survey=business-quickscan&result=r-9');
    expect(await screen.findByRole('heading', { name: 'Result from Harbour Bakery' })).toBeInTheDocument();
    expect(screen.getByText(/Overall score: 48 out of 100 \(48%\) — Making progress/)).toBeInTheDocument();
    expect(api.callsTo(API.getReceivedResult)).toEqual([{ surveyId: 'business-quickscan', resultId: 'r-9' }]);
  });

  it('says so when the linked result cannot be found', async () => {
    publisher(
      {
        [API.getReceivedResult]: () =>
          serverError('not-found', 'This survey has no such result. It may have been removed.'),
      },
      '/dashboard/insights?survey=business-quickscan&result=gone',
    );
    expect(
      await screen.findByText(
        "We couldn't open this result: This survey has no such result. It may have been removed.",
      ),
    ).toBeInTheDocument();
  });

  it('downloads every received result as CSV, showing progress, and says when it fails', async () => {
    const files = captureDownloads();
    let fail = true;
    const { user } = publisher({
      [API.exportReceivedResults]: () => {
        if (fail) serverError('permission-denied', 'Insights need the view-insights permission.');
        return streamed([{ csv: '\uFEFFResult,Completed\r\n' }, { csv: 'r-1,2025-03-02\r\n' }], {
          rows: 1,
          csv: '',
        });
      },
    });
    const button = await screen.findByRole('button', { name: 'Download all results (CSV)' });
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't export the results: your account no longer has permission to do this.",
    );
    fail = false;
    await user.click(button);
    expect(await screen.findByText('Exported 1 result.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const csv = await textOf(files.get('sustainability-quickscan-for-your-business-results.csv')!);
    expect(csv).toBe('\uFEFFResult,Completed\r\nr-1,2025-03-02\r\n');
  });

  it('lists the organisations that joined through its toolkit', async () => {
    const { api } = publisher();
    const table = await screen.findByRole('table', { name: '1 organisation, newest first' });
    expect(rowsOf(table)).toEqual([['Tidal Surf School', formatDate('2025-03-01T10:00:00.000Z')]]);
    expect(api.callsTo(API.listToolkitMembers)).toEqual([{ toolkit: 'quickscan' }]);
  });
});
