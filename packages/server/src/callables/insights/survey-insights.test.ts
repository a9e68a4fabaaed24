// A publisher's survey insights over real completions: the trend over a chosen range, zero-filled
// per week or month with each period's mean score; each question's distribution with shares and a
// slider's captions; the comments of an open question, searched by word prefix, paged, excluded
// results' left out; refused ranges worded plainly.
import { API, SERVER_ERRORS, type ApiResponses, type SurveyInsights } from '@toolkit/domain';
import {
  completeSurvey,
  errorOf,
  resultOf,
  startTestEnv,
  type TestAccount,
  type TestEnv,
} from '../../testing';
import { NO_SUCH_OPEN_QUESTION } from './list-comments';

const PUBLISHER = 'demo-publisher';
const SURVEY = 'quickscan';

let env: TestEnv;
let publisher: TestAccount;

beforeAll(async () => {
  env = await startTestEnv({ content: true });
  publisher = await env.member(PUBLISHER, 'owner');
}, 120_000);

afterAll(() => env?.stop(), 60_000);

/** Completes the quickscan with a scored answer and `own`; returns the result id and overall percent. */
async function respond(own: Record<string, unknown>) {
  const { resultId, score } = await completeSurvey(
    env,
    await env.anonymous(),
    { tenantId: PUBLISHER, surveyId: SURVEY },
    { 'local-spend': 'some', ...own },
  );
  return { resultId, percent: score!.overall.percent };
}

const insights = async (range: { from?: string; to?: string; granularity?: 'week' | 'month' } = {}) =>
  resultOf<SurveyInsights>(
    await env.call(API.getSurveyInsights, { surveyId: SURVEY, ...range }, publisher.token),
  );

const comments = async (request: { questionId: string; search?: string; cursor?: string; limit?: number }) =>
  resultOf<ApiResponses[typeof API.listComments]>(
    await env.call(API.listComments, { surveyId: SURVEY, ...request }, publisher.token),
  );

const DAY_MS = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
const mondayOf = (day: string) => daysBefore(day, (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7);

const percents: number[] = [];
const ids: Record<string, string> = {};

beforeAll(async () => {
  const answers: Record<string, unknown>[] = [
    {
      'energy-tracking': 1,
      'employee-count': '1-4',
      'business-description': 'We recycle paper and cardboard',
    },
    { 'energy-tracking': 4, 'employee-count': '1-4', 'business-description': 'A bakery that recycles bread' },
    {
      'energy-tracking': 4,
      'employee-count': '5-19',
      'business-description': 'Recycled furniture, repaired',
    },
    { 'energy-tracking': 4, 'employee-count': '5-19', 'business-description': 'Plumbing for homes' },
    { 'wellbeing-support': ['flexible-work', 'eap'], 'business-description': '   ' },
  ];
  for (const [index, own] of answers.entries()) {
    const { resultId, percent } = await respond({ 'company-name': `Respondent ${index}`, ...own });
    ids[index] = resultId;
    percents.push(percent);
  }
}, 120_000);

describe('insights-getSurveyInsights: the trend', () => {
  it('gives every week of the range, zero-filled, with the mean overall percent of each', async () => {
    const to = today();
    const monday = mondayOf(to);
    // From the Thursday three weeks back: its week is listed, from its Monday.
    const from = daysBefore(monday, 18);
    const seen = await insights({ from, to, granularity: 'week' });
    expect(seen.range).toEqual({ from, to, granularity: 'week' });
    expect(seen.trend.map((point) => point.period)).toEqual(
      [21, 14, 7, 0].map((days) => daysBefore(monday, days)),
    );
    const mean = Math.round(percents.reduce((sum, p) => sum + Math.round(p * 10), 0) / percents.length) / 10;
    expect(seen.trend.at(-1)).toEqual({ period: mondayOf(to), completed: 5, meanPercent: mean });
    for (const point of seen.trend.slice(0, -1))
      expect(point).toEqual({ ...point, completed: 0, meanPercent: null });
  });

  it('gives months, the range defaulting to weeks back from today', async () => {
    const to = today();
    const byMonth = await insights({ from: `${to.slice(0, 4)}-01-01`, to, granularity: 'month' });
    expect(byMonth.trend).toHaveLength(Number(to.slice(5, 7)));
    expect(byMonth.trend.at(-1)).toMatchObject({ period: to.slice(0, 7), completed: 5 });
    const byDefault = await insights();
    expect(byDefault.range).toEqual({ from: daysBefore(to, 83), to, granularity: 'week' });
    expect(byDefault.trend).toHaveLength(12 + (mondayOf(daysBefore(to, 83)) === daysBefore(to, 83) ? 0 : 1));
  });

  it('refuses a range that ends before it starts, or spans more than 3 years, saying why', async () => {
    const backwards = errorOf(
      await env.call(
        API.getSurveyInsights,
        { surveyId: SURVEY, from: '2026-11-27', to: '2026-11-26' },
        publisher.token,
      ),
    );
    expect(backwards).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: SERVER_ERRORS.invalidField(
        'from',
        'The range starts (2026-11-27) after it ends (2026-11-26): pick a start on or before the end.',
      ),
    });
    const long = errorOf(
      await env.call(
        API.getSurveyInsights,
        { surveyId: SURVEY, from: '2022-01-01', to: '2026-01-01' },
        publisher.token,
      ),
    );
    expect(long.message).toContain('is longer than 3 years: pick a shorter one.');
    // Only a start, after today (the end it defaults to).
    const future = errorOf(
      await env.call(API.getSurveyInsights, { surveyId: SURVEY, from: '2999-01-01' }, publisher.token),
    );
    expect(future).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: expect.stringContaining('after it ends'),
    });
    const notADay = errorOf(
      await env.call(API.getSurveyInsights, { surveyId: SURVEY, to: '2026-02-30' }, publisher.token),
    );
    expect(notADay.message).toContain('Give a day as YYYY-MM-DD');
  });
});

describe('insights-getSurveyInsights: questions and comments', () => {
  it('gives choices in the survey’s order with counts and shares, and a slider’s values with its captions', async () => {
    const seen = await insights();
    const size = seen.questions.find((question) => question.id === 'employee-count')!;
    expect(size).toMatchObject({ type: 'multipleChoice', sectionIndex: 0, answered: 4, slider: null });
    expect(size.answers).toEqual([
      { key: '1-4', label: '1 to 4', count: 2, share: 0.5 },
      { key: '5-19', label: '5 to 19', count: 2, share: 0.5 },
      { key: '20-49', label: '20 to 49', count: 0, share: 0 },
      { key: '50-199', label: '50 to 199', count: 0, share: 0 },
      { key: '200-plus', label: '200 or more', count: 0, share: 0 },
    ]);
    // A multi-select: each share is of the results that answered, so they add up to more than 1.
    const wellbeing = seen.questions.find((question) => question.id === 'wellbeing-support')!;
    expect(wellbeing.answered).toBe(1);
    expect(wellbeing.answers.filter((answer) => answer.share === 1).map((answer) => answer.key)).toEqual([
      'flexible-work',
      'eap',
    ]);
    const energy = seen.questions.find((question) => question.id === 'energy-tracking')!;
    expect(energy.answered).toBe(4);
    expect(energy.slider).toEqual({
      min: 0,
      max: 4,
      captions: [
        { value: 0, label: expect.any(String) },
        { value: 1, label: expect.any(String) },
        { value: 2, label: expect.any(String) },
        { value: 3, label: expect.any(String) },
        { value: 4, label: expect.any(String) },
      ],
    });
    expect(energy.answers).toEqual([
      { key: '1', label: energy.slider!.captions[1]!.label, count: 1, share: 0.25 },
      { key: '4', label: energy.slider!.captions[4]!.label, count: 3, share: 0.75 },
    ]);
    // Open questions by how many answered (blank text is no answer); the organisation's name is no comment.
    expect(seen.comments).toContainEqual({
      questionId: 'business-description',
      title: 'In a sentence or two, what does your business do?',
      count: 4,
    });
    expect(seen.comments.map((comment) => comment.questionId)).not.toContain('company-name');
    expect(JSON.stringify(seen)).not.toMatch(/Respondent \d|recycle/);
  });

  it('lists a question’s comments newest first, a page at a time, and searches them by word prefix', async () => {
    const all = await comments({ questionId: 'business-description' });
    expect(all.comments.map((comment) => comment.text)).toEqual([
      'Plumbing for homes',
      'Recycled furniture, repaired',
      'A bakery that recycles bread',
      'We recycle paper and cardboard',
    ]);
    expect(all.comments[0]).toEqual({
      resultId: ids[3],
      text: 'Plumbing for homes',
      completedAt: expect.any(String),
    });
    expect(all.next).toBeNull();

    const first = await comments({ questionId: 'business-description', limit: 2 });
    expect(first.comments.map((comment) => comment.resultId)).toEqual([ids[3], ids[2]]);
    const second = await comments({ questionId: 'business-description', limit: 2, cursor: first.next! });
    expect(second.comments.map((comment) => comment.resultId)).toEqual([ids[1], ids[0]]);
    // A full page may be the last: the next one is then empty and ends the list.
    const after = await comments({ questionId: 'business-description', limit: 2, cursor: second.next! });
    expect(after).toEqual({ comments: [], next: null });

    const recycl = await comments({ questionId: 'business-description', search: 'RECYCL' });
    expect(recycl.comments.map((comment) => comment.resultId)).toEqual([ids[2], ids[1], ids[0]]);
    // Every word must start a word of the comment.
    const both = await comments({ questionId: 'business-description', search: 'recycl pap' });
    expect(both.comments.map((comment) => comment.resultId)).toEqual([ids[0]]);
    expect((await comments({ questionId: 'business-description', search: 'cycle' })).comments).toEqual([]);
  });

  it('leaves out the comments of an excluded result, and lists no question that is not open', async () => {
    const before = await insights();
    resultOf(
      await env.call(
        API.setResultExcluded,
        { surveyId: SURVEY, resultId: ids[2], excluded: true, reason: 'A test run' },
        publisher.token,
      ),
    );
    // Out of every count: the trend, the question's answers and the open question's count.
    const after = await insights();
    expect(after.trend.at(-1)!.completed).toBe(before.trend.at(-1)!.completed - 1);
    const answered = (seen: SurveyInsights) =>
      seen.comments.find((comment) => comment.questionId === 'business-description')!.count;
    expect(answered(after)).toBe(answered(before) - 1);
    const energy = (seen: SurveyInsights) =>
      seen.questions.find((question) => question.id === 'energy-tracking')!;
    expect(energy(after).answered).toBe(energy(before).answered - 1);
    const listed = await comments({ questionId: 'business-description', limit: 2 });
    expect(listed.comments.map((comment) => comment.resultId)).toEqual([ids[3], ids[1]]);
    const rest = await comments({ questionId: 'business-description', limit: 2, cursor: listed.next! });
    expect(rest.comments.map((comment) => comment.resultId)).toEqual([ids[0]]);
    expect(rest.next).toBeNull();

    for (const questionId of ['company-name', 'energy-tracking', 'no-such-question']) {
      expect(
        errorOf(await env.call(API.listComments, { surveyId: SURVEY, questionId }, publisher.token)),
      ).toEqual({
        status: 'NOT_FOUND',
        message: NO_SUCH_OPEN_QUESTION,
      });
    }
    const elsewhere = await env.member('tenant-elsewhere', 'owner');
    expect(
      errorOf(
        await env.call(
          API.listComments,
          { surveyId: SURVEY, questionId: 'business-description' },
          elsewhere.token,
        ),
      ),
    ).toEqual({ status: 'PERMISSION_DENIED', message: SERVER_ERRORS.notYourSurvey });
  });

  it('refuses a page whose cursor names no comment, in words, changing nothing', async () => {
    expect(
      errorOf(
        await env.call(
          API.listComments,
          { surveyId: SURVEY, questionId: 'business-description', cursor: 'no-such-comment' },
          publisher.token,
        ),
      ),
    ).toEqual({ status: 'INVALID_ARGUMENT', message: SERVER_ERRORS.pageGone });
  });
});
