import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, COMMENTS_SEARCH_MAX, type ApiRequest, type ApiResponses } from '@toolkit/domain';
import { api as dataApi } from '@toolkit/data';
import { serverError, type FakeHandlers } from '@toolkit/platform/testing';
import { formatDate, trendRangeProblem } from '@toolkit/domain';
import { createFakeApi, renderDashboard, SURVEYS } from '../../testing/fake-api';

type InsightsAnswer = ApiResponses[typeof API.getSurveyInsights];
type CommentsRequest = ApiRequest<typeof API.listComments>;

const RECEIVED: InsightsAnswer = {
  survey: { id: 'business-quickscan', title: 'Sustainability Quickscan for your business' },
  started: 40,
  completed: 30,
  organisations: 25,
  overall: {
    histogram: { '50': 20, '95': 10 },
    summary: { count: 30, mean: 50, q1: 40, median: 50, q3: 61 },
  },
  sections: [
    { sectionIndex: 0, title: 'Your business', scored: false, histogram: {}, summary: null },
    {
      sectionIndex: 1,
      title: 'Energy and emissions',
      scored: true,
      histogram: { '45': 30 },
      summary: { count: 30, mean: 45, q1: 30, median: 45, q3: 60 },
    },
  ],
  questions: [
    {
      id: 'industry-sector',
      title: 'Which sector are you in?',
      type: 'dropdown',
      sectionIndex: 0,
      answered: 30,
      answers: [
        { key: 'retail', label: 'Retail', count: 18, share: 0.6 },
        { key: 'hospitality', label: 'Hospitality', count: 12, share: 0.4 },
      ],
      slider: null,
    },
    {
      id: 'renewable-share',
      title: 'How much of your energy is renewable?',
      type: 'slider',
      sectionIndex: 1,
      answered: 20,
      answers: [
        { key: '0', label: 'None', count: 5, share: 0.25 },
        { key: '2', label: 'About half', count: 15, share: 0.75 },
      ],
      slider: {
        min: 0,
        max: 4,
        captions: [
          { value: 0, label: 'None' },
          { value: 2, label: 'About half' },
          { value: 4, label: 'All of it' },
        ],
      },
    },
  ],
  range: { from: '2025-01-01', to: '2025-03-31', granularity: 'month' },
  trend: [
    { period: '2025-01', completed: 0, meanPercent: null },
    { period: '2025-02', completed: 10, meanPercent: 42.5 },
    { period: '2025-03', completed: 20, meanPercent: 55 },
  ],
  comments: [
    { questionId: 'energy-comments', title: 'Anything else about your energy use?', count: 12 },
    { questionId: 'waste-notes', title: 'Anything else about waste?', count: 0 },
  ],
};

/** Twelve comments, newest first, paged by the index of the next one. */
const COMMENTS = Array.from({ length: 12 }, (_, index) => ({
  resultId: `r-${index}`,
  text: index === 4 ? 'We installed solar panels last spring' : `Comment number ${index}`,
  completedAt: '2025-03-02T10:00:00.000Z',
}));

function listComments({ search, cursor, limit = 10 }: CommentsRequest) {
  const matching = COMMENTS.filter(
    (comment) =>
      !search ||
      comment.text
        .toLowerCase()
        .split(/\s+/)
        .some((word) => word.startsWith(search.toLowerCase())),
  );
  const start = cursor ? Number(cursor) : 0;
  const next = start + limit < matching.length ? String(start + limit) : null;
  return { comments: matching.slice(start, start + limit), next };
}

function publisher(handlers: FakeHandlers = {}, path = '/dashboard/survey-insights') {
  const api = createFakeApi({
    [API.getSurveyInsights]: ({ surveyId }) =>
      surveyId === RECEIVED.survey.id
        ? RECEIVED
        : {
            ...RECEIVED,
            survey: { id: 'supplier-assessment', title: SURVEYS[1]!.title },
            started: 0,
            completed: 0,
          },
    [API.listComments]: listComments,
    ...handlers,
  });
  const { store } = renderDashboard(path, api, { claims: { role: 'owner', tenantId: 'demo-publisher' } });
  return { api, store, user: userEvent.setup() };
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.children, (cell) => cell.textContent));

describe('Survey insights', () => {
  it('shows counts, score spreads and the trend of the first published survey, each chart with its table', async () => {
    const { api } = publisher();
    expect(
      await screen.findByRole('heading', { name: 'Received: Sustainability Quickscan for your business' }),
    ).toBeInTheDocument();
    const figures = Array.from(document.querySelectorAll('dl div'), (item) => item.textContent);
    expect(figures).toEqual(['Started40', 'Completed30', 'Completion rate75%', 'Organisations25']);
    expect(rowsOf(screen.getByRole('table', { name: 'Scores of the completed results' }))).toEqual([
      // "Your business" is not scored: it has no row, which would say "No scores yet" forever.
      ['Overall', '50%', '50%', '40–61%'],
      ['Energy and emissions', '45%', '45%', '30–60%'],
    ]);
    // Asked with the server's default range, which the screen then shows.
    expect(api.callsTo(API.getSurveyInsights)).toEqual([{ surveyId: 'business-quickscan' }]);
    expect(screen.getByLabelText('From')).toHaveValue('2025-01-01');
    expect(screen.getByLabelText('To')).toHaveValue('2025-03-31');
    expect(screen.getByRole('combobox', { name: 'Per' })).toHaveValue('month');

    const trend = screen.getByRole('figure', { name: 'Completed results and mean score per month' });
    // Every month of the range has its column, the busier one the taller; the empty one has none.
    const heights = Array.from(trend.querySelectorAll('rect.column'), (column) =>
      Number(column.getAttribute('height')),
    );
    expect(heights).toHaveLength(3);
    expect(heights[0]).toBe(0);
    expect(heights[2]).toBeGreaterThan(heights[1]!);
    // The mean score's line has a point for each month with results only.
    expect(trend.querySelectorAll('circle')).toHaveLength(2);
    expect(
      rowsOf(within(trend).getByRole('table', { name: 'Completed results and mean score per month' })),
    ).toEqual([
      ['Jan 2025', '0', '–'],
      ['Feb 2025', '10', '42.5%'],
      ['Mar 2025', '20', '55%'],
    ]);

    const overall = screen.getByRole('figure', { name: 'Overall: results per score band' });
    expect(rowsOf(within(overall).getByRole('table'))).toEqual(
      expect.arrayContaining([
        ['50–59%', '20'],
        ['90–100%', '10'],
        ['0–9%', '0'],
      ]),
    );
    // A section not scored has no distribution to draw.
    expect(
      screen.queryByRole('figure', { name: 'Your business: results per score band' }),
    ).not.toBeInTheDocument();
  });

  it('shows each choice with its count and share, and a slider along its scale with its captions', async () => {
    publisher();
    const sector = await screen.findByRole('figure', { name: 'Which sector are you in? (30 answered)' });
    expect(rowsOf(within(sector).getByRole('table', { name: 'Which sector are you in?' }))).toEqual([
      ['Retail', '18', '60%'],
      ['Hospitality', '12', '40%'],
    ]);
    expect(sector).toHaveTextContent('Retail: 18 (60%)');

    const slider = screen.getByRole('figure', {
      name: 'How much of your energy is renewable? (20 answered)',
    });
    expect(rowsOf(within(slider).getByRole('table'))).toEqual([
      ['None', '5', '25%'],
      ['About half', '15', '75%'],
    ]);
    // One column per value of the scale (0–4), answered or not, and the slide's captions under them.
    const heights = Array.from(slider.querySelectorAll('rect.column'), (column) =>
      Number(column.getAttribute('height')),
    );
    expect(heights).toHaveLength(5);
    expect(heights[2]).toBeGreaterThan(heights[0]!);
    expect([heights[1], heights[3], heights[4]]).toEqual([0, 0, 0]);
    expect(slider).toHaveTextContent(/None.*About half.*All of it/);
  });

  it('keeps the survey, range and granularity in the address and asks the server for them', async () => {
    const { api, user } = publisher(
      {},
      '/dashboard/survey-insights?survey=business-quickscan&from=2025-02-01&to=2025-03-31&per=week',
    );
    await screen.findByRole('heading', { name: /^Received:/ });
    expect(api.callsTo(API.getSurveyInsights)).toEqual([
      { surveyId: 'business-quickscan', from: '2025-02-01', to: '2025-03-31', granularity: 'week' },
    ]);
    expect(screen.getByLabelText('From')).toHaveValue('2025-02-01');
    expect(screen.getByRole('combobox', { name: 'Per' })).toHaveValue('week');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Per' }), 'month');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Survey' }), 'supplier-assessment');
    await waitFor(() =>
      expect(api.callsTo(API.getSurveyInsights).slice(1)).toEqual([
        { surveyId: 'business-quickscan', from: '2025-02-01', to: '2025-03-31', granularity: 'month' },
        { surveyId: 'supplier-assessment', from: '2025-02-01', to: '2025-03-31', granularity: 'month' },
      ]),
    );
  });

  it('counts verified results only when the address says so, and the box changes it', async () => {
    const { api, user } = publisher({}, '/dashboard/survey-insights?per=week&verified=1');
    await screen.findByRole('heading', { name: /^Received:/ });
    const box = screen.getByRole('checkbox', { name: 'Verified results only' });
    expect(box).toBeChecked();
    await user.click(box);
    expect(box).not.toBeChecked();
    await waitFor(() =>
      expect(api.callsTo(API.getSurveyInsights)).toEqual([
        { surveyId: 'business-quickscan', granularity: 'week', verifiedOnly: true },
        { surveyId: 'business-quickscan', granularity: 'week' },
      ]),
    );
  });

  it('ticks "Verified results only" from the keyboard', async () => {
    const { api, user } = publisher();
    await screen.findByRole('heading', { name: /^Received:/ });
    const box = screen.getByRole('checkbox', { name: 'Verified results only' });
    box.focus();
    await user.keyboard(' ');
    expect(box).toBeChecked();
    await waitFor(() =>
      expect(api.callsTo(API.getSurveyInsights)).toEqual([
        { surveyId: 'business-quickscan' },
        { surveyId: 'business-quickscan', verifiedOnly: true },
      ]),
    );
  });

  it('says when no result of the survey is verified yet', async () => {
    publisher(
      { [API.getSurveyInsights]: () => ({ ...RECEIVED, started: 0, completed: 0, organisations: 0 }) },
      '/dashboard/survey-insights?verified=1',
    );
    expect(await screen.findByText(/No result of this survey is verified yet/)).toBeInTheDocument();
    expect(screen.queryByText(/Nobody has started this survey yet/)).not.toBeInTheDocument();
  });

  it('switches to another published survey and says when nobody has started it', async () => {
    const { api, user } = publisher();
    await screen.findByRole('heading', { name: /^Received: Sustainability Quickscan/ });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Survey' }), 'supplier-assessment');
    expect(await screen.findByText(/Nobody has started this survey yet/)).toBeInTheDocument();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
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
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('heading', { name: /^Received:/ })).toBeInTheDocument();
  });

  it('says so when asking again fails (a result excluded elsewhere), instead of keeping the old figures', async () => {
    const { api, store } = publisher();
    expect(await screen.findByRole('heading', { name: /^Received:/ })).toBeInTheDocument();
    api.handlers.set(API.getSurveyInsights, () => serverError('internal', 'Aggregate unreadable'));
    act(() => {
      store.dispatch(dataApi.util.invalidateTags(['Results']));
    });
    expect(
      await screen.findByText("We couldn't load what your survey received: Aggregate unreadable."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^Received:/ })).not.toBeInTheDocument();
  });

  it('refuses a range that ends before it starts beside the end, without asking the server', async () => {
    const { api } = publisher();
    expect(await screen.findByRole('heading', { name: /^Received:/ })).toBeInTheDocument();
    const to = screen.getByLabelText('To');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-01' } });
    await waitFor(() => expect(api.callsTo(API.getSurveyInsights)).toHaveLength(2));
    fireEvent.change(to, { target: { value: '2025-02-01' } });

    const why = trendRangeProblem('2025-03-01', '2025-02-01')!;
    expect(await screen.findByText(why)).toBeInTheDocument();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription(why);
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByRole('heading', { name: /^Received:/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/something went wrong/i)).not.toBeInTheDocument();
    expect(api.callsTo(API.getSurveyInsights)).toHaveLength(2);

    // Put right, the range is asked for.
    fireEvent.change(to, { target: { value: '2025-04-30' } });
    expect(await screen.findByRole('heading', { name: /^Received:/ })).toBeInTheDocument();
    expect(to).toHaveAttribute('aria-invalid', 'false');
    expect(api.callsTo(API.getSurveyInsights).at(-1)).toEqual({
      surveyId: 'business-quickscan',
      from: '2025-03-01',
      to: '2025-04-30',
    });
  });

  it('refuses a shared address whose range the server would refuse, and a longer one too', async () => {
    const { api } = publisher({}, '/dashboard/survey-insights?from=2025-05-01&to=2025-03-31');
    const why = trendRangeProblem('2025-05-01', '2025-03-31')!;
    expect(await screen.findByLabelText('To')).toHaveAccessibleDescription(why);
    expect(screen.getByLabelText('From')).toHaveValue('2025-05-01');
    expect(screen.queryByRole('heading', { name: /^Received:/ })).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2015-01-01' } });
    expect(await screen.findByText(trendRangeProblem('2015-01-01', '2025-03-31')!)).toBeInTheDocument();
    expect(api.callsTo(API.getSurveyInsights)).toEqual([]);
  });

  it('refuses beside its field a day the server could not read, and keeps the figures shown', async () => {
    const { api } = publisher();
    expect(await screen.findByRole('heading', { name: /^Received:/ })).toBeInTheDocument();
    const from = screen.getByLabelText('From');
    fireEvent.change(from, { target: { value: '275760-01-01' } });
    expect(from).toHaveAccessibleDescription('Give a day as YYYY-MM-DD, e.g. 2026-11-26.');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { name: /^Received:/ })).toBeInTheDocument();
    expect(api.callsTo(API.getSurveyInsights)).toHaveLength(1);
  });
});

describe('Survey insights: comments', () => {
  const commentsOf = () =>
    within(screen.getByRole('region', { name: 'Anything else about your energy use? (12 comments)' }));

  it('lists the newest comments and loads more on request', async () => {
    const { api, user } = publisher();
    const list = await screen.findByRole('list', { name: 'Comments, newest first' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Comment number 0');
    // A question nobody commented on is only named: nothing to search or ask for.
    expect(screen.getByText('Anything else about waste?')).toBeInTheDocument();
    expect(screen.getAllByRole('search')).toHaveLength(1);
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(
      formatDate('2025-03-02T10:00:00.000Z'),
    );
    await user.click(commentsOf().getByRole('button', { name: /^Load more/ }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(12));
    expect(commentsOf().queryByRole('button', { name: /^Load more/ })).not.toBeInTheDocument();
    expect(api.callsTo(API.listComments)).toEqual([
      { surveyId: 'business-quickscan', questionId: 'energy-comments', limit: 10 },
      { surveyId: 'business-quickscan', questionId: 'energy-comments', limit: 10, cursor: '10' },
    ]);
  });

  it('searches the comments by the start of a word, and says when none has it', async () => {
    const { api, user } = publisher();
    await screen.findByRole('list', { name: 'Comments, newest first' });
    await user.type(commentsOf().getByRole('searchbox', { name: 'Words in the comment' }), 'sol');
    await user.click(commentsOf().getByRole('button', { name: 'Search' }));
    const found = await screen.findByRole('list', { name: 'Comments with “sol”' });
    expect(
      within(found)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('blockquote')?.textContent),
    ).toEqual(['We installed solar panels last spring']);
    expect(api.callsTo(API.listComments).at(-1)).toEqual({
      surveyId: 'business-quickscan',
      questionId: 'energy-comments',
      limit: 10,
      search: 'sol',
    });
    await user.clear(commentsOf().getByRole('searchbox', { name: 'Words in the comment' }));
    await user.type(commentsOf().getByRole('searchbox', { name: 'Words in the comment' }), 'wind');
    await user.click(commentsOf().getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No comment has a word starting with “wind”.')).toBeInTheDocument();
  });

  it('takes no longer a search than the server does, so a pasted one is never refused', async () => {
    const { api, user } = publisher();
    await screen.findByRole('list', { name: 'Comments, newest first' });
    const box = commentsOf().getByRole('searchbox', { name: 'Words in the comment' });
    await user.click(box);
    await user.paste('solar '.repeat(30));
    await user.click(commentsOf().getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.callsTo(API.listComments).at(-1)).toHaveProperty('search'));
    const { search } = api.callsTo(API.listComments).at(-1) as CommentsRequest;
    expect(search).toBe('solar '.repeat(30).slice(0, COMMENTS_SEARCH_MAX).trim());
  });

  it('keeps the comments shown when more cannot be loaded, and Try again loads them', async () => {
    let failing = true;
    const { user } = publisher({
      [API.listComments]: (request) => {
        if (request.cursor && failing) serverError('unavailable', 'Service restarting');
        return listComments(request);
      },
    });
    const list = await screen.findByRole('list', { name: 'Comments, newest first' });
    await user.click(commentsOf().getByRole('button', { name: /^Load more/ }));
    expect(
      await screen.findByText(/We couldn't load more comments because the server did not answer/),
    ).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    failing = false;
    await user.click(commentsOf().getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(12));
  });
});
