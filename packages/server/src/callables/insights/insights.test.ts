// Insights over real completions: the sharded aggregate stays exact under concurrent completions
// and unchanged by a refused one; the publisher reads it, the peer benchmark keeps k-anonymity.
import {
  API,
  BENCHMARK_MIN_ORGANISATIONS,
  completionCounts,
  SERVER_ERRORS,
  type AnswerValue,
  type ApiResponses,
} from '@toolkit/domain';
import { COMPLETION_LIMITS } from '../../abuse/limits';
import { runBackfill } from '../../backfill/run';
import { loadSurvey } from '../../content';
import {
  addToAggregate,
  countOrganisation,
  organisationKey,
  readAggregate,
} from '../../repositories/aggregates';
import { paths } from '../../repositories/paths';
import { addToolkitMember } from '../../repositories/toolkit-members';
import { scoreResult } from '../../scoring';
import { FieldValue } from '../../store/port';
import {
  answerSurvey,
  errorOf,
  resultOf,
  snapshotStore,
  startTestEnv,
  type TestAccount,
  type TestEnv,
} from '../../testing';

const PUBLISHER = 'demo-publisher';
const SURVEY = 'quickscan';

let env: TestEnv;
let publisherOwner: TestAccount;

beforeAll(async () => {
  env = await startTestEnv({ content: true });
  publisherOwner = await env.member(PUBLISHER, 'owner');
}, 120_000);

afterAll(() => env?.stop(), 60_000);

/** A scored answer every response gives besides its own, since an empty one is refused. */
const SCORED_ANSWER = { 'local-spend': 'some' };

/** Starts, answers and completes the quickscan as `account`; returns the completion's response. */
async function respond(account: TestAccount, own: Record<string, unknown>) {
  const answers = { ...SCORED_ANSWER, ...own };
  return (await answerSurvey(env, account, { tenantId: PUBLISHER, surveyId: SURVEY }, answers)).completion;
}

const insights = async (account: TestAccount) =>
  resultOf<ApiResponses[typeof API.getSurveyInsights]>(
    await env.call(API.getSurveyInsights, { surveyId: SURVEY }, account.token),
  );

const benchmarkOf = async (account: TestAccount) =>
  resultOf<ApiResponses[typeof API.getBenchmark]>(
    await env.call(API.getBenchmark, { surveyId: SURVEY }, account.token),
  );

// First in the file: it needs the survey's aggregate to start empty.
describe('insights-getBenchmark', () => {
  it(`shows the peer distribution only from ${BENCHMARK_MIN_ORGANISATIONS} organisations, naming none`, async () => {
    const business = await env.member('tenant-business', 'owner');
    expect(await benchmarkOf(business)).toEqual({
      surveyId: SURVEY,
      history: [],
      benchmark: null,
      priorities: [],
      groups: [],
      group: null,
    });
    expect((await readAggregate(env.store, PUBLISHER, SURVEY)).organisations).toBe(0);

    const peers = BENCHMARK_MIN_ORGANISATIONS - 2;
    for (let i = 0; i < peers; i++) {
      resultOf(
        await respond(await env.anonymous(), { 'company-name': `Peer ${i}`, 'energy-tracking': i % 5 }),
      );
    }
    const own = resultOf<ApiResponses[typeof API.completeResult]>(
      await respond(business, { 'energy-tracking': 4, 'renewable-electricity': 'all' }),
    );
    const tooFew = await benchmarkOf(business);
    expect(tooFew.history).toEqual([
      { resultId: expect.any(String), completedAt: own.completedAt, score: own.score },
    ]);
    expect(tooFew.benchmark).toEqual({
      status: 'too-few',
      organisations: BENCHMARK_MIN_ORGANISATIONS - 1,
      needed: BENCHMARK_MIN_ORGANISATIONS,
    });

    resultOf(await respond(await env.anonymous(), { 'company-name': 'The tenth' }));
    const shown = await benchmarkOf(business);
    expect(shown.benchmark).toMatchObject({
      status: 'shown',
      organisations: BENCHMARK_MIN_ORGANISATIONS,
      overall: {
        yours: own.score!.overall.percent,
        peers: { count: BENCHMARK_MIN_ORGANISATIONS, median: expect.any(Number) },
      },
    });
    const energy = shown.benchmark?.status === 'shown' ? shown.benchmark.sections : [];
    expect(energy.find((row) => row.title === 'Energy and emissions')?.yours).toBe(
      own.score!.sections[1]!.percent,
    );
    expect(JSON.stringify(shown)).not.toMatch(/Peer \d|The tenth/);
    // Priority topics: the lowest-scoring tagged sections of the business's own result.
    expect(shown.priorities).toHaveLength(3);
    const percents = shown.priorities.map((priority) => priority.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(new Set(shown.priorities.map((priority) => priority.topic)).size).toBe(3);
    // Reading the insights records no milestone: the screen's visit does (milestones-recordVisit).
    expect(
      (await env.store.get(paths.organisationMilestone('tenant-business', 'view-insights'))).data,
    ).toBeNull();
  });
});

describe('the survey aggregate', () => {
  it('counts every one of 12 concurrent completions exactly once', async () => {
    const before = await readAggregate(env.store, PUBLISHER, SURVEY);
    const respondents = await Promise.all(Array.from({ length: 12 }, () => env.anonymous()));
    const responses = await Promise.all(
      respondents.map((respondent, i) =>
        respond(respondent, { 'company-name': `Concurrent ${i}`, 'energy-tracking': 4 }),
      ),
    );
    for (const response of responses) resultOf(response);
    const after = await readAggregate(env.store, PUBLISHER, SURVEY);
    expect(after.started).toBe(before.started + 12);
    expect(after.completed).toBe(before.completed + 12);
    expect(after.organisations).toBe(before.organisations + 12);
    expect(after.answers['energy-tracking']?.['4']).toBe(
      (before.answers['energy-tracking']?.['4'] ?? 0) + 12,
    );
    const sectionCounts = Object.values(after.sections['1'] ?? {}).reduce((sum, n) => sum + n, 0);
    expect(sectionCounts).toBe(after.completed);
    // No single document took every completion.
    expect((await env.store.query(paths.aggregateShards(PUBLISHER, SURVEY))).length).toBeGreaterThan(1);
  });

  it('is left exactly as it was by a completion the abuse limit refuses', async () => {
    const respondent = await env.anonymous();
    for (let i = 0; i < COMPLETION_LIMITS.session.max; i++) {
      resultOf(await respond(respondent, { 'company-name': `Limited ${i}` }));
    }
    const { resultId } = resultOf<ApiResponses[typeof API.startResult]>(
      await env.call(API.startResult, { tenantId: PUBLISHER, surveyId: SURVEY }, respondent.token),
    );
    const before = await env.store.query(paths.aggregateShards(PUBLISHER, SURVEY));
    const refused = await env.call(
      API.completeResult,
      { tenantId: PUBLISHER, surveyId: SURVEY, resultId },
      respondent.token,
    );
    expect(errorOf(refused).status).toBe('RESOURCE_EXHAUSTED');
    expect(await env.store.query(paths.aggregateShards(PUBLISHER, SURVEY))).toEqual(before);
  });

  it('counts an organisation once, however its name is spelt, and nameless respondents not at all', async () => {
    const before = await readAggregate(env.store, PUBLISHER, SURVEY);
    resultOf(await respond(await env.anonymous(), { 'company-name': 'Harbour  Bakery' }));
    resultOf(await respond(await env.anonymous(), { 'company-name': ' harbour bakery ' }));
    resultOf(await respond(await env.anonymous(), {}));
    const after = await readAggregate(env.store, PUBLISHER, SURVEY);
    expect(after.completed).toBe(before.completed + 3);
    expect(after.organisations).toBe(before.organisations + 1);
  });
});

describe('insights-getSurveyInsights', () => {
  it('gives the publisher counts, distributions, closed answers and the trend, never free text', async () => {
    resultOf(
      await respond(await env.anonymous(), {
        'company-name': 'Secret Name Pty Ltd',
        'industry-sector': 'retail',
        'energy-next-step': 'Our confidential plan',
      }),
    );
    const seen = await insights(publisherOwner);
    const aggregate = await readAggregate(env.store, PUBLISHER, SURVEY);
    expect(seen).toMatchObject({
      survey: { id: SURVEY, title: expect.any(String) },
      started: aggregate.started,
      completed: aggregate.completed,
      organisations: aggregate.organisations,
    });
    expect(seen.overall.summary?.count).toBe(aggregate.completed);
    // "Your business" (weight 0) has no score to spread: a spread would read as everyone at 0%.
    expect(seen.sections.find((section) => section.title === 'Your business')).toEqual({
      sectionIndex: 0,
      title: 'Your business',
      scored: false,
      histogram: {},
      summary: null,
    });
    const scored = seen.sections.filter((section) => section.scored);
    expect(scored.map((section) => section.title)).toContain('Energy and emissions');
    expect(scored.every((section) => section.summary?.count === aggregate.completed)).toBe(true);
    expect(seen.questions.find((question) => question.id === 'industry-sector')?.answers).toContainEqual({
      key: 'retail',
      label: expect.any(String),
      count: expect.any(Number),
      share: expect.any(Number),
    });
    const today = new Date().toISOString().slice(0, 10);
    // The trend's last period is the current ISO week (from its Monday, UTC).
    const monday = new Date(Date.parse(today) - ((new Date(today).getUTCDay() + 6) % 7) * 86_400_000);
    expect(seen.trend.at(-1)).toEqual({
      period: monday.toISOString().slice(0, 10),
      completed: expect.any(Number),
      meanPercent: expect.any(Number),
    });
    const text = JSON.stringify(seen);
    expect(text).not.toContain('Secret Name');
    expect(text).not.toContain('confidential');
  });

  it('refuses a viewer of another organisation and a member without view-insights', async () => {
    const otherViewer = await env.member('tenant-elsewhere', 'viewer');
    expect(errorOf(await env.call(API.getSurveyInsights, { surveyId: SURVEY }, otherViewer.token))).toEqual({
      status: 'PERMISSION_DENIED',
      message: SERVER_ERRORS.notYourSurvey,
    });
    const user = await env.member(PUBLISHER, 'user');
    expect(errorOf(await env.call(API.getSurveyInsights, { surveyId: SURVEY }, user.token))).toEqual({
      status: 'PERMISSION_DENIED',
      message: SERVER_ERRORS.viewInsightsRequired,
    });
    const viewer = await env.member(PUBLISHER, 'viewer');
    expect((await insights(viewer)).survey.id).toBe(SURVEY);
  });
});

describe('insights-listResults and insights-getResult', () => {
  it('lists completed results newest first and opens one with every answer in words', async () => {
    const respondent = await env.anonymous();
    const done = resultOf<ApiResponses[typeof API.completeResult]>(
      await respond(respondent, {
        'company-name': 'Drill Down Co',
        'industry-sector': 'retail',
        'efficiency-measures': ['led-lighting', 'insulation'],
        'energy-tracking': 3,
        'energy-next-step': 'Solar panels next year',
      }),
    );
    // A started, unfinished result is not listed.
    await env.call(API.startResult, { tenantId: PUBLISHER, surveyId: SURVEY }, (await env.anonymous()).token);

    const listed = resultOf<ApiResponses[typeof API.listReceivedResults]>(
      await env.call(API.listReceivedResults, { surveyId: SURVEY, limit: 2 }, publisherOwner.token),
    );
    expect(listed.more).toBe(true);
    expect(listed.results).toHaveLength(2);
    expect(listed.results[0]).toEqual({
      resultId: expect.any(String),
      completedAt: done.completedAt,
      organisation: 'Drill Down Co',
      respondent: null,
      overallPercent: done.score!.overall.percent,
      band: done.score!.band?.label ?? null,
      counted: true,
      completed: true,
      excluded: false,
      excludedReason: null,
    });
    const all = resultOf<ApiResponses[typeof API.listReceivedResults]>(
      await env.call(API.listReceivedResults, { surveyId: SURVEY, limit: 100 }, publisherOwner.token),
    );
    const completedAt = all.results.map((row) => row.completedAt ?? '');
    expect(completedAt).toEqual([...completedAt].sort().reverse());
    expect(all.results.length).toBe((await readAggregate(env.store, PUBLISHER, SURVEY)).completed);

    const opened = resultOf<ApiResponses[typeof API.getReceivedResult]>(
      await env.call(
        API.getReceivedResult,
        { surveyId: SURVEY, resultId: listed.results[0]!.resultId },
        publisherOwner.token,
      ),
    );
    expect(opened.score).toEqual(done.score);
    const answers = Object.fromEntries(
      opened.sections
        .flatMap((section) => section.answers)
        .map((answer) => [answer.questionId, answer.answer]),
    );
    expect(answers).toMatchObject({
      'company-name': 'Drill Down Co',
      // A slider reads as on the slide: the caption its value sits on.
      'energy-tracking': 'We meter and review usage',
      'energy-next-step': 'Solar panels next year',
      'business-description': 'Not answered',
    });
    expect(answers['industry-sector']).not.toBe('retail');
    expect(answers['efficiency-measures']).toMatch(/, /);
    expect(answers).not.toHaveProperty('waste-hierarchy');
  });

  it('says plainly when a result does not exist', async () => {
    expect(
      errorOf(
        await env.call(
          API.getReceivedResult,
          { surveyId: SURVEY, resultId: 'no-such-result' },
          publisherOwner.token,
        ),
      ),
    ).toEqual({ status: 'NOT_FOUND', message: SERVER_ERRORS.receivedResultNotFound });
  });
});

describe('insights-exportResults', () => {
  it('exports every completed result as CSV, one column per question, streamed page by page', async () => {
    resultOf(
      await respond(await env.anonymous(), {
        'company-name': '=cmd|calc, "Ltd"',
        'industry-sector': 'retail',
        'energy-next-step': 'Line one\nline two',
        'recycling-rate': 15,
        'training-hours': 15,
      }),
    );
    const completed = (await readAggregate(env.store, PUBLISHER, SURVEY)).completed;
    const messages: string[] = [];
    const controller = new AbortController();
    const streamed = await env.router.call(
      API.exportReceivedResults,
      { data: { surveyId: SURVEY } },
      `Bearer ${publisherOwner.token}`,
      {
        stream: {
          send: async (message) => {
            messages.push((message as { csv: string }).csv);
            return true;
          },
          signal: controller.signal,
        },
      },
    );
    expect(streamed.body).toEqual({ result: { rows: completed, csv: '' } });
    const csv = messages.join('');
    expect(
      csv.startsWith(
        '\uFEFFResult,Completed,Organisation,Respondent name,Respondent e-mail,Excluded,Excluded reason,Overall %,Band,Your business %',
      ),
    ).toBe(true);
    // Header, one line per result; the multi-line answer stays inside its quoted cell.
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(1 + completed);
    expect(csv).toContain(`"'=cmd|calc, ""Ltd"""`);
    expect(csv).toContain('"Line one\nline two"');
    // Sliders read as on the slide: a share as a percentage, hours with their unit.
    expect(csv).toMatch(/,15%,.*,15 hours,/);
    expect(csv).not.toMatch(/\d+: /);

    // Without a stream the answer holds the same file.
    const whole = resultOf<ApiResponses[typeof API.exportReceivedResults]>(
      await env.call(API.exportReceivedResults, { surveyId: SURVEY }, publisherOwner.token),
    );
    expect(whole).toEqual({ rows: completed, csv });
  });
});

describe('results stored with no scored answer, completed before that was refused', () => {
  const SUPPLIER = 'supplier-assessment';

  /** Completes a result as the completion did before it refused an empty one. */
  async function storeAsBefore(account: TestAccount, tenantId: string, answers: Record<string, AnswerValue>) {
    const { resultId } = resultOf<ApiResponses[typeof API.startResult]>(
      await env.call(API.startResult, { tenantId: PUBLISHER, surveyId: SUPPLIER }, account.token),
    );
    const definition = await loadSurvey(env.deps, SUPPLIER);
    const score = scoreResult(definition, answers);
    const ref = { tenantId: PUBLISHER, surveyId: SUPPLIER, resultId };
    const completedAt = new Date().toISOString();
    await env.store.transaction(async (tx) => {
      tx.update(paths.result(PUBLISHER, SUPPLIER, resultId), {
        questions: answers,
        isCompleted: true,
        completedAt,
        score,
        updatedAt: FieldValue.serverTimestamp(),
      });
      const questions = definition.sections.flatMap((section) => section.questions);
      const day = completedAt.slice(0, 10);
      addToAggregate(tx, ref, completionCounts({ score, answers, questions, day, newOrganisation: true }));
      countOrganisation(tx, ref, organisationKey(tenantId, null)!);
    });
    return resultId;
  }

  const supplierInsights = async () =>
    resultOf<ApiResponses[typeof API.getSurveyInsights]>(
      await env.call(API.getSurveyInsights, { surveyId: SUPPLIER }, publisherOwner.token),
    );

  it('are marked "not counted" where listed and leave the insights, the CSV and the benchmark', async () => {
    const emptyBusiness = await env.member('tenant-empty-before', 'owner');
    const emptyId = await storeAsBefore(emptyBusiness, 'tenant-empty-before', {
      'company-name': 'Empty Before Ltd',
    });
    const counted = await env.member('tenant-counted', 'owner');
    const { resultId: countedId } = resultOf<ApiResponses[typeof API.startResult]>(
      await env.call(API.startResult, { tenantId: PUBLISHER, surveyId: SUPPLIER }, counted.token),
    );
    resultOf(
      await env.call(
        API.saveAnswer,
        {
          tenantId: PUBLISHER,
          surveyId: SUPPLIER,
          resultId: countedId,
          questionId: 'company-name',
          answer: 'Counted Co',
          seq: 1,
        },
        counted.token,
      ),
    );
    const definition = await loadSurvey(env.deps, SUPPLIER);
    const scored = definition.sections[1]!.questions.find((question) => question.type === 'slider')!;
    resultOf(
      await env.call(
        API.saveAnswer,
        {
          tenantId: PUBLISHER,
          surveyId: SUPPLIER,
          resultId: countedId,
          questionId: scored.id,
          answer: scored.scoreMax,
          seq: 1,
        },
        counted.token,
      ),
    );
    const done = resultOf<ApiResponses[typeof API.completeResult]>(
      await env.call(
        API.completeResult,
        { tenantId: PUBLISHER, surveyId: SUPPLIER, resultId: countedId },
        counted.token,
      ),
    );
    // Stored as before: the empty result is in the aggregate until the backfill runs.
    expect((await readAggregate(env.store, PUBLISHER, SUPPLIER)).completed).toBe(2);
    await runBackfill({ store: env.store, content: env.deps.content, surveyIds: [SUPPLIER], log: () => {} });

    const listed = resultOf<ApiResponses[typeof API.listReceivedResults]>(
      await env.call(API.listReceivedResults, { surveyId: SUPPLIER }, publisherOwner.token),
    );
    expect(listed.results.map((row) => [row.resultId, row.counted])).toEqual([
      [countedId, true],
      [emptyId, false],
    ]);

    const seen = await supplierInsights();
    expect(seen).toMatchObject({ started: 2, completed: 1, organisations: 1 });
    expect(seen.overall.histogram).toEqual({ [String(Math.floor(done.score!.overall.percent))]: 1 });
    expect(seen.overall.summary?.count).toBe(1);
    // Every week of the range is listed; only the counted result's holds a completion.
    expect(seen.trend.filter((point) => point.completed > 0)).toEqual([
      {
        period: expect.any(String),
        completed: 1,
        meanPercent: Math.round(done.score!.overall.percent * 10) / 10,
      },
    ]);
    // Taken out once: a second read, the benchmark's and a second backfill change nothing more.
    await runBackfill({ store: env.store, content: env.deps.content, surveyIds: [SUPPLIER], log: () => {} });
    expect(await supplierInsights()).toEqual(seen);

    const exported = resultOf<ApiResponses[typeof API.exportReceivedResults]>(
      await env.call(API.exportReceivedResults, { surveyId: SUPPLIER }, publisherOwner.token),
    );
    expect(exported.rows).toBe(1);
    expect(exported.csv).not.toContain('Empty Before Ltd');
    const [header, row] = exported.csv.split('\r\n').map((line) => line.split(','));
    // "Supplier details" is shown "not scored": an empty cell, not 0.
    const notScored = header!.indexOf('Supplier details %');
    expect(row![notScored]).toBe('');
    expect(row![notScored + 1]).toBe(String(done.score!.sections[1]!.percent));

    const own = resultOf<ApiResponses[typeof API.getBenchmark]>(
      await env.call(API.getBenchmark, { surveyId: SUPPLIER }, emptyBusiness.token),
    );
    expect(own).toEqual({
      surveyId: SUPPLIER,
      history: [],
      benchmark: null,
      priorities: [],
      groups: [],
      group: null,
    });
    const peer = resultOf<ApiResponses[typeof API.getBenchmark]>(
      await env.call(API.getBenchmark, { surveyId: SUPPLIER }, counted.token),
    );
    expect(peer.benchmark).toEqual({
      status: 'too-few',
      organisations: 1,
      needed: BENCHMARK_MIN_ORGANISATIONS,
    });
    expect(await supplierInsights()).toEqual(seen);
  });
});

describe('insights-listMembers', () => {
  it('shows the publisher the organisations that signed up through its toolkit, and nobody else', async () => {
    const joining = await env.account({ email: 'joining-owner@example.com' });
    const { sessionToken } = resultOf<{ sessionToken: string }>(
      await env.call(
        API.completeSignup,
        { toolkit: 'quickscan', organisationName: 'Tidal Surf School' },
        joining.token,
      ),
    );
    const listed = resultOf<ApiResponses[typeof API.listToolkitMembers]>(
      await env.call(API.listToolkitMembers, { toolkit: 'quickscan' }, publisherOwner.token),
    );
    expect(listed.members[0]).toEqual({
      tenantId: expect.any(String),
      organisationName: 'Tidal Surf School',
      joinedAt: expect.stringMatching(/^\d{4}-/),
    });

    // The new business itself belongs to the toolkit but does not publish it.
    // Signing up ended the earlier session: the browser goes on with the one it was handed.
    const business = await env.signInWithCustomToken(sessionToken);
    expect(errorOf(await env.call(API.listToolkitMembers, { toolkit: 'quickscan' }, business))).toEqual({
      status: 'PERMISSION_DENIED',
      message: SERVER_ERRORS.notYourToolkit,
    });
    expect(
      errorOf(await env.call(API.listToolkitMembers, { toolkit: 'coastal' }, publisherOwner.token)),
    ).toEqual({
      status: 'PERMISSION_DENIED',
      message: SERVER_ERRORS.notYourToolkit,
    });
  });
});

describe('insights-listMembers with hundreds of members', () => {
  const TOOLKIT = 'coastal';
  const KINDS = ['Harbour Bakery', 'Reef Café', 'Dune Builders', 'Tide Motors'];
  const TOTAL = 312;
  /** Members recorded before members carried search terms: the first listing gives them theirs. */
  const OLD = 3;
  let publisher: TestAccount;
  /** Every member's id, newest first. */
  let newestFirst: string[];

  const list = async (request: Record<string, unknown>) =>
    resultOf<ApiResponses[typeof API.listToolkitMembers]>(
      await env.call(API.listToolkitMembers, { toolkit: TOOLKIT, ...request }, publisher.token),
    );

  /** Every page of a request, following `next`. */
  async function walk(request: Record<string, unknown>) {
    const pages: ApiResponses[typeof API.listToolkitMembers][] = [];
    let cursor: string | null | undefined;
    do {
      const page = await list({ ...request, ...(cursor ? { cursor } : {}) });
      pages.push(page);
      cursor = page.next;
    } while (cursor);
    return pages;
  }

  beforeAll(async () => {
    publisher = await env.member('coastal-council', 'owner');
    const start = Date.parse('2026-01-01T00:00:00Z');
    const members = Array.from({ length: TOTAL }, (_, index) => ({
      tenantId: `coastal-member-${String(index).padStart(3, '0')}`,
      organisationName: `${KINDS[index % KINDS.length]} ${index}`,
      joinedAt: new Date(start + index * 60_000),
    }));
    for (let from = 0; from < TOTAL - OLD; from += 200) {
      await env.store.transaction(async (tx) => {
        for (const member of members.slice(from, Math.min(from + 200, TOTAL - OLD))) {
          addToolkitMember(tx, TOOLKIT, member);
        }
      });
    }
    for (const member of members.slice(TOTAL - OLD)) {
      await env.store.set(paths.toolkitMember(TOOLKIT, member.tenantId), member);
    }
    newestFirst = members.map((member) => member.tenantId).reverse();
  });

  it('lists 25 a page, newest first, with the count of all, and walks every page once', async () => {
    const first = await list({});
    expect(first.total).toBe(TOTAL);
    expect(first.members).toHaveLength(25);
    expect(first.members[0]).toEqual({
      tenantId: 'coastal-member-311',
      organisationName: 'Tide Motors 311',
      joinedAt: '2026-01-01T05:11:00.000Z',
    });

    const pages = await walk({});
    expect(pages).toHaveLength(Math.ceil(TOTAL / 25));
    expect(pages.every((page) => page.total === TOTAL)).toBe(true);
    expect(pages.flatMap((page) => page.members.map((member) => member.tenantId))).toEqual(newestFirst);
    expect(pages.at(-1)!.members).toHaveLength(TOTAL % 25);
    expect(pages.at(-1)!.next).toBeNull();
  });

  it('searches by a word of the name, from its start, whatever the case and accents', async () => {
    const reefs = newestFirst.filter((id) => Number(id.slice(-3)) % KINDS.length === 1);
    for (const search of ['reef', 'CAFE', 'Café', 'caf']) {
      const pages = await walk({ search });
      expect(pages[0]!.total).toBe(reefs.length);
      expect(pages.flatMap((page) => page.members.map((member) => member.tenantId))).toEqual(reefs);
    }
    // The members recorded before terms are found too (Reef Café 309 is among the reefs above).
    expect((await list({ search: '311' })).members.map((member) => member.organisationName)).toEqual([
      'Tide Motors 311',
    ]);
    const bigger = await list({ search: 'harbour', limit: 50 });
    expect(bigger.members).toHaveLength(50);
    expect(bigger.total).toBe(TOTAL / KINDS.length);
    const none = await list({ search: 'lighthouse' });
    expect(none).toEqual({ members: [], next: null, total: 0 });
  });

  it('refuses a bad page size or search in words, changing nothing', async () => {
    const before = await snapshotStore(env.store);
    const refusals = [
      [{ limit: 0 }, 'limit', 'List 1 to 100 members.'],
      [{ limit: 101 }, 'limit', 'List 1 to 100 members.'],
      [{ search: 'x'.repeat(101) }, 'search', SERVER_ERRORS.textTooLong(100)],
      [{ cursor: 'a/b' }, 'cursor', undefined],
    ] as const;
    for (const [request, field, message] of refusals) {
      const error = errorOf(
        await env.call(API.listToolkitMembers, { toolkit: TOOLKIT, ...request }, publisher.token),
      );
      expect(error.status).toBe('INVALID_ARGUMENT');
      expect(JSON.stringify(error)).toContain(field);
      if (message) expect(JSON.stringify(error)).toContain(message);
    }
    expect(
      errorOf(
        await env.call(API.listToolkitMembers, { toolkit: TOOLKIT, cursor: 'gone-member' }, publisher.token),
      ),
    ).toEqual({
      status: 'INVALID_ARGUMENT',
      message: SERVER_ERRORS.pageGone,
    });
    expect(await snapshotStore(env.store)).toBe(before);
  });
});
