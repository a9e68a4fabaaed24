import { API, INITIAL_PROGRESS, type ApiResponses, type ResultSummary } from '@toolkit/domain';
import { readAggregate } from '../../repositories/aggregates';
import { paths } from '../../repositories/paths';
import {
  errorOf,
  resultOf,
  snapshotStore,
  startTestEnv,
  type TestAccount,
  type TestEnv,
} from '../../testing';

const PUBLISHER = 'demo-publisher';
const SURVEY = 'quickscan';
const HOSTILE = '<img src=x onerror=alert(1)>';

let env: TestEnv;

beforeAll(async () => {
  env = await startTestEnv({ content: true, appUrl: 'http://app.test' });
}, 120_000);

afterAll(() => env?.stop(), 60_000);

type Started = ApiResponses[typeof API.startResult];

const start = async (account: TestAccount, extra: Record<string, unknown> = {}) =>
  resultOf<Started>(
    await env.call(API.startResult, { tenantId: PUBLISHER, surveyId: SURVEY, ...extra }, account.token),
  );

const save = (account: TestAccount, resultId: string, questionId: string, answer: unknown, seq: number) =>
  env.call(
    API.saveAnswer,
    { tenantId: PUBLISHER, surveyId: SURVEY, resultId, questionId, answer, seq },
    account.token,
  );

const complete = (account: TestAccount, resultId: string) =>
  env.call(API.completeResult, { tenantId: PUBLISHER, surveyId: SURVEY, resultId }, account.token);

/** Completes with one scored question answered (an empty result is refused), at its lowest: 0 points. */
const answerAndComplete = async (account: TestAccount, resultId: string) => {
  resultOf(await save(account, resultId, 'energy-tracking', 0, 100));
  return complete(account, resultId);
};

const result = async (resultId: string) =>
  (await env.store.get(paths.result(PUBLISHER, SURVEY, resultId))).data;

describe('survey-startResult', () => {
  it('creates a result for an anonymous respondent, linked to them, with a user survey result', async () => {
    const anonymous = await env.anonymous();
    const started = await start(anonymous);
    expect(started).toEqual({
      resultId: expect.any(String),
      status: 1,
      created: true,
      questions: {},
      seqs: {},
      scoredQuestions: expect.arrayContaining(['energy-tracking', 'renewable-electricity']),
    });
    // The business's own details count for no score.
    expect(started.scoredQuestions).not.toContain('company-name');
    expect(await result(started.resultId)).toMatchObject({
      startedAt: expect.stringMatching(/^\d{4}-/),
      userId: anonymous.uid,
      isCompleted: false,
      questions: {},
      respondentTenantId: null,
    });
    // Without a tenant of their own, the record lives in the survey's tenant.
    const record = await env.store.get(paths.userSurveyResult(PUBLISHER, anonymous.uid, started.resultId));
    expect(record.data).toEqual({
      actionPlans: [],
      active: true,
      progress: INITIAL_PROGRESS,
      surveyId: SURVEY,
      surveyTenantId: PUBLISHER,
      resultId: started.resultId,
      startedAt: expect.any(String),
      updatedAt: expect.any(String),
      isCompleted: false,
      completedAt: null,
    });
  });

  it('resumes the latest unfinished result, and starts a new one after completion', async () => {
    const anonymous = await env.anonymous();
    const first = await start(anonymous);
    resultOf(await save(anonymous, first.resultId, 'renewable-electricity', 'half', 4));

    const resumed = await start(anonymous);
    expect(resumed).toEqual({
      resultId: first.resultId,
      status: 1,
      created: false,
      questions: { 'renewable-electricity': 'half' },
      seqs: { 'renewable-electricity': 4 },
      scoredQuestions: first.scoredQuestions,
    });
    expect(await start(anonymous, { resultId: first.resultId })).toMatchObject({
      resultId: first.resultId,
      created: false,
    });

    resultOf(await complete(anonymous, first.resultId));
    const next = await start(anonymous);
    expect(next.created).toBe(true);
    expect(next.resultId).not.toBe(first.resultId);
    // Asking for the completed one by id also starts afresh.
    const again = await start(anonymous, { resultId: first.resultId });
    expect(again.created).toBe(true);
    expect(again.resultId).not.toBe(first.resultId);
  });

  it('refuses another user’s result id and writes nothing', async () => {
    const owner = await env.anonymous();
    const other = await env.anonymous();
    const { resultId } = await start(owner);
    const before = await snapshotStore(env.store);
    const refused = await env.call(
      API.startResult,
      { tenantId: PUBLISHER, surveyId: SURVEY, resultId },
      other.token,
    );
    expect(errorOf(refused)).toEqual({
      status: 'PERMISSION_DENIED',
      message: 'This survey result belongs to someone else.',
    });
    expect(errorOf(await save(other, resultId, 'renewable-electricity', 'all', 1)).status).toBe(
      'PERMISSION_DENIED',
    );
    expect(errorOf(await complete(other, resultId)).status).toBe('PERMISSION_DENIED');
    expect(await snapshotStore(env.store)).toBe(before);
  });

  it('creates no result for an empty survey id, an unknown survey or the wrong tenant', async () => {
    const anonymous = await env.anonymous();
    const before = await snapshotStore(env.store);
    const empty = errorOf(
      await env.call(API.startResult, { tenantId: PUBLISHER, surveyId: '' }, anonymous.token),
    );
    expect(empty.status).toBe('INVALID_ARGUMENT');
    expect(empty.message).toContain('surveyId');
    for (const request of [
      { tenantId: PUBLISHER, surveyId: 'no-such-survey' },
      { tenantId: 'another-tenant', surveyId: SURVEY },
    ]) {
      expect(errorOf(await env.call(API.startResult, request, anonymous.token))).toEqual({
        status: 'NOT_FOUND',
        message: 'Survey not found',
      });
    }
    expect(errorOf(await env.call(API.startResult, { tenantId: PUBLISHER, surveyId: SURVEY })).status).toBe(
      'UNAUTHENTICATED',
    );
    expect(await snapshotStore(env.store)).toBe(before);
  });

  it('refuses anonymous respondents on a survey that requires an account, but not account holders', async () => {
    const anonymous = await env.anonymous();
    const before = await snapshotStore(env.store);
    const request = { tenantId: PUBLISHER, surveyId: 'supplier-assessment' };
    expect(errorOf(await env.call(API.startResult, request, anonymous.token)).status).toBe(
      'PERMISSION_DENIED',
    );
    expect(await snapshotStore(env.store)).toBe(before);
    const account = await env.account();
    expect(resultOf<Started>(await env.call(API.startResult, request, account.token)).created).toBe(true);
  });

  it('stores prefilled answers and custom parameters on creation only, and refuses unknown prefill', async () => {
    const anonymous = await env.anonymous();
    const prefill = { answers: { 'company-name': 'Green Cafe' }, custom: { custom_campaign: 'spring' } };
    const started = await start(anonymous, { prefill });
    expect(started.questions).toEqual({ 'company-name': 'Green Cafe' });
    expect(await result(started.resultId)).toMatchObject({
      questions: prefill.answers,
      custom: prefill.custom,
    });

    const resumed = await start(anonymous, { prefill: { answers: { 'company-name': 'Other' } } });
    expect(resumed.questions).toEqual({ 'company-name': 'Green Cafe' });

    const stranger = await env.anonymous();
    const refused = await env.call(
      API.startResult,
      { tenantId: PUBLISHER, surveyId: SURVEY, prefill: { answers: { 'not-a-question': 'x' } } },
      stranger.token,
    );
    expect(errorOf(refused).status).toBe('INVALID_ARGUMENT');
  });
});

describe('survey-saveAnswer', () => {
  it('keeps the newer answer when an older save arrives late', async () => {
    const anonymous = await env.anonymous();
    const { resultId } = await start(anonymous);
    expect(resultOf(await save(anonymous, resultId, 'renewable-electricity', 'all', 5))).toEqual({
      applied: true,
      updatedAt: expect.stringMatching(/^\d{4}-/),
    });
    const late = resultOf<{ applied: boolean }>(
      await save(anonymous, resultId, 'renewable-electricity', 'none', 3),
    );
    expect(late.applied).toBe(false);
    expect(
      resultOf<{ applied: boolean }>(await save(anonymous, resultId, 'renewable-electricity', 'some', 5))
        .applied,
    ).toBe(false);
    // Another question keeps its own order.
    resultOf(await save(anonymous, resultId, 'energy-tracking', 2, 1));
    expect(await result(resultId)).toMatchObject({
      questions: { 'renewable-electricity': 'all', 'energy-tracking': 2 },
      seqs: { 'renewable-electricity': 5, 'energy-tracking': 1 },
      updatedAt: expect.stringMatching(/^\d{4}-/),
    });
  });

  it('refuses an unknown question or an answer that does not fit, without writing', async () => {
    const anonymous = await env.anonymous();
    const { resultId } = await start(anonymous);
    const before = await snapshotStore(env.store);
    expect(errorOf(await save(anonymous, resultId, 'no-such-question', 'x', 1))).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'Invalid questionId: this survey has no question "no-such-question".',
    });
    expect(errorOf(await save(anonymous, resultId, 'energy-tracking', 9, 1))).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'Invalid answer to "energy-tracking": a slider answer runs from 0 to 4.',
    });
    expect(errorOf(await save(anonymous, 'no-such-result', 'energy-tracking', 1, 1)).status).toBe(
      'NOT_FOUND',
    );
    expect(await snapshotStore(env.store)).toBe(before);
  });

  it('refuses answers to a submitted survey', async () => {
    const anonymous = await env.anonymous();
    const { resultId } = await start(anonymous);
    resultOf(await answerAndComplete(anonymous, resultId));
    expect(errorOf(await save(anonymous, resultId, 'energy-tracking', 1, 101))).toEqual({
      status: 'FAILED_PRECONDITION',
      message: 'This survey was already submitted.',
    });
  });
});

describe('survey-completeResult', () => {
  it('completes once: result, user result, score, aggregate, one mail and the milestone', async () => {
    const member = await env.member('tenant-complete', 'owner');
    await env.store.set(
      paths.tenantUser('tenant-complete', member.uid),
      { firstName: HOSTILE },
      { merge: true },
    );
    const { resultId } = await start(member, {
      prefill: { answers: { 'company-name': `Evil Corp\r\nBcc: x@example.com ${HOSTILE}` } },
    });
    resultOf(await save(member, resultId, 'renewable-electricity', 'all', 1));
    resultOf(await save(member, resultId, 'efficiency-measures', ['led-lighting', 'solar'], 1));
    const mailsBefore = (await env.store.query(paths.mail())).length;
    const aggregateBefore = await readAggregate(env.store, PUBLISHER, SURVEY);

    const first = resultOf<ApiResponses[typeof API.completeResult]>(await complete(member, resultId));
    expect(first).toMatchObject({ alreadyCompleted: false, completedAt: expect.stringMatching(/^\d{4}-/) });
    // Energy: (10 + 5) of 10 + 10 + 10 + 10 + 5 + 5 + 10 = 60 → 25 %; every other section 0.
    expect(first.score?.sections[1]).toMatchObject({
      title: 'Energy and emissions',
      points: 15,
      max: 60,
      percent: 25,
    });
    expect(first.score?.overall.points).toBe(7.5);
    expect(first.score?.band?.label).toBe('Getting started');

    const second = resultOf<ApiResponses[typeof API.completeResult]>(await complete(member, resultId));
    expect(second).toEqual({ alreadyCompleted: true, completedAt: first.completedAt, score: first.score });

    expect(await result(resultId)).toMatchObject({
      isCompleted: true,
      completedAt: first.completedAt,
      updatedAt: expect.any(String),
      score: first.score,
      respondentTenantId: 'tenant-complete',
    });
    // The respondent's own tenant holds their user survey result.
    expect(
      (await env.store.get(paths.userSurveyResult('tenant-complete', member.uid, resultId))).data,
    ).toMatchObject({
      isCompleted: true,
      completedAt: first.completedAt,
    });
    expect(
      (await env.store.get(paths.organisationMilestone('tenant-complete', 'complete-quickscan'))).data,
    ).toMatchObject({ id: 'complete-quickscan', completed: true, completedBy: member.uid });

    // Counted once in the publisher's aggregate, the energy section in its 25 % bucket.
    const aggregate = await readAggregate(env.store, PUBLISHER, SURVEY);
    expect(aggregate.completed).toBe(aggregateBefore.completed + 1);
    expect(aggregate.sections['1']?.['25']).toBe((aggregateBefore.sections['1']?.['25'] ?? 0) + 1);
    expect(aggregate.organisations).toBe(aggregateBefore.organisations + 1);

    const mails = await env.store.query(paths.mail());
    expect(mails).toHaveLength(mailsBefore + 1);
    const mail = mails.find((snapshot) => JSON.stringify(snapshot.data).includes('Evil Corp'))!.data!;
    expect(mail.to).toEqual(['sustainability-team@demo-publisher.example']);
    expect(mail.bcc).toEqual(['records@demo-publisher.example']);
    const message = mail.message as { subject: string; html: string };
    expect(message.subject).toMatch(/^New self-assessment result from Evil Corp Bcc: x@example.com/);
    expect(message.subject).not.toMatch(/[\r\n]/);
    expect(message.html).not.toContain(HOSTILE);
    expect(message.html).toContain('&lt;img src=x onerror=alert(1)&gt; Tester');
    expect(message.html).toContain(`href="http://app.test/dashboard/received/${SURVEY}/${resultId}"`);
  });

  it('names a respondent to the publisher by an address only once it is proven', async () => {
    const mailFor = async (account: TestAccount, company: string) => {
      const { resultId } = await start(account, { prefill: { answers: { 'company-name': company } } });
      resultOf(await answerAndComplete(account, resultId));
      const mails = await env.store.query(paths.mail());
      return JSON.stringify(mails.find((snapshot) => JSON.stringify(snapshot.data).includes(company))?.data);
    };
    const unproven = await env.account({ email: 'claimed@example.com', verified: false });
    expect(await mailFor(unproven, 'Unproven Pty')).not.toContain('claimed@example.com');
    const proven = await env.account({ email: 'proven@example.com' });
    expect(await mailFor(proven, 'Proven Pty')).toContain('proven@example.com');
  });

  it('completes concurrently requested twice only once', async () => {
    const anonymous = await env.anonymous();
    const { resultId } = await start(anonymous);
    resultOf(await save(anonymous, resultId, 'energy-tracking', 0, 1));
    const mailsBefore = (await env.store.query(paths.mail())).length;
    const outcomes = await Promise.all([complete(anonymous, resultId), complete(anonymous, resultId)]);
    const flags = outcomes.map(
      (outcome) => resultOf<{ alreadyCompleted: boolean }>(outcome).alreadyCompleted,
    );
    expect(flags.sort()).toEqual([false, true]);
    expect(await env.store.query(paths.mail())).toHaveLength(mailsBefore + 1);
  });
});

describe('completing with no scored question answered', () => {
  it('is refused, naming the sections still empty: nothing completes, counts, mails or ticks', async () => {
    const member = await env.member('tenant-empty', 'owner');
    const { resultId } = await start(member, { prefill: { answers: { 'company-name': 'Empty Ltd' } } });
    // Answers that count for no score: the business's details and a comment.
    resultOf(await save(member, resultId, 'employee-count', '5-19', 1));
    resultOf(await save(member, resultId, 'energy-next-step', 'We will look into it', 1));
    const before = await snapshotStore(env.store);

    expect(errorOf(await complete(member, resultId))).toEqual({
      status: 'FAILED_PRECONDITION',
      message:
        'Answer at least one question before you finish: nothing that counts towards your score is answered yet ' +
        '(Energy and emissions, Waste and materials, People and wellbeing, Community, Governance).',
    });
    // No 0 % result, aggregate count, notification mail, milestone or quota use.
    expect(await snapshotStore(env.store)).toBe(before);

    resultOf(await save(member, resultId, 'community-activities', ['volunteering'], 1));
    const done = resultOf<ApiResponses[typeof API.completeResult]>(await complete(member, resultId));
    expect(done.alreadyCompleted).toBe(false);
    expect(JSON.stringify(await env.store.query(paths.mail()))).toContain('Empty Ltd');
  });
});

describe('results-listLatest and results-toggleActionPlan', () => {
  it('lists the latest completed result per survey with its score, else the caller’s open one, completing no milestone', async () => {
    const member = await env.member('tenant-list', 'viewer');
    const older = await start(member);
    resultOf(await answerAndComplete(member, older.resultId));
    const newer = await start(member);
    const supplier = resultOf<Started>(
      await env.call(API.startResult, { tenantId: PUBLISHER, surveyId: 'supplier-assessment' }, member.token),
    );

    const { results } = resultOf<{ results: ResultSummary[] }>(
      await env.call(API.listLatestResults, null, member.token),
    );
    // A result still open does not hide the organisation's completed one (docs/journey.md).
    expect(results.map((entry) => [entry.surveyId, entry.resultId, entry.isCompleted])).toEqual([
      [SURVEY, older.resultId, true],
      ['supplier-assessment', supplier.resultId, false],
    ]);
    expect(results[1]).toMatchObject({
      userResultId: supplier.resultId,
      score: null,
      actionPlans: [],
      completedAt: null,
    });
    expect((await env.store.get(paths.organisationMilestone('tenant-list', 'view-results'))).data).toBeNull();

    resultOf(await answerAndComplete(member, newer.resultId));
    const [latest] = resultOf<{ results: ResultSummary[] }>(
      await env.call(API.listLatestResults, null, member.token),
    ).results;
    expect(latest).toMatchObject({
      resultId: newer.resultId,
      isCompleted: true,
      score: { overall: { points: 0 } },
    });
  });

  it('adds and removes an action in the organisation’s result, for its members only', async () => {
    const member = await env.member('tenant-actions', 'editor');
    const { resultId } = await start(member);
    const toggle = (actionId: string, selected: boolean, token = member.token, userResultId = resultId) =>
      env.call(API.toggleActionPlan, { userResultId, actionId, selected }, token);

    expect(resultOf(await toggle('led-lighting', true))).toEqual({ actionPlans: ['led-lighting'] });
    expect(resultOf(await toggle('solar', true))).toEqual({ actionPlans: ['led-lighting', 'solar'] });
    expect(resultOf(await toggle('led-lighting', true))).toEqual({ actionPlans: ['led-lighting', 'solar'] });
    expect(resultOf(await toggle('led-lighting', false))).toEqual({ actionPlans: ['solar'] });

    // A colleague edits the same plan: the result is the organisation's.
    const colleague = await env.member('tenant-actions', 'admin');
    expect(resultOf(await toggle('led-lighting', true, colleague.token))).toEqual({
      actionPlans: ['solar', 'led-lighting'],
    });
    const stranger = await env.member('tenant-elsewhere', 'admin');
    const before = await snapshotStore(env.store);
    expect(errorOf(await toggle('solar', false, stranger.token)).status).toBe('NOT_FOUND');
    expect(await snapshotStore(env.store)).toBe(before);
    const anonymous = await env.anonymous();
    expect(errorOf(await toggle('solar', false, anonymous.token)).status).toBe('PERMISSION_DENIED');
  });
});
