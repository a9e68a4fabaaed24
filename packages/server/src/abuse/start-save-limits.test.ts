// The abuse limits on starting results and saving answers, through the router: a respondent's pace
// is never limited, a runaway client is, with kind wording, and a refused request writes nothing.
import { API, MESSAGES, type ApiResponses } from '@toolkit/domain';
import { errorOf, resultOf, snapshotStore, startTestEnv, type TestAccount, type TestEnv } from '../testing';
import { SAVE_LIMITS, START_LIMITS } from './limits';

const PUBLISHER = 'demo-publisher';
const SURVEY = 'quickscan';

let env: TestEnv;

beforeAll(async () => {
  env = await startTestEnv({ content: true });
}, 120_000);

afterAll(() => env?.stop(), 60_000);

let clock = new Date('2030-05-01T12:03:00.000Z');
beforeEach(() => {
  clock = new Date('2030-05-01T12:03:00.000Z');
  env.deps.now = () => clock;
});

const start = (account: TestAccount, ip = '198.51.100.7') =>
  env.router.call(
    API.startResult,
    { data: { tenantId: PUBLISHER, surveyId: SURVEY } },
    `Bearer ${account.token}`,
    { ip },
  );

const save = (account: TestAccount, resultId: string, seq: number) =>
  env.call(
    API.saveAnswer,
    {
      tenantId: PUBLISHER,
      surveyId: SURVEY,
      resultId,
      questionId: 'company-name',
      answer: `Answer ${seq}`,
      seq,
    },
    account.token,
  );

it('never limits a respondent who saves every two seconds for half an hour', async () => {
  const session = await env.anonymous();
  const { resultId } = resultOf<ApiResponses[typeof API.startResult]>(await start(session));
  for (let seq = 1; seq <= 900; seq += 1) {
    clock = new Date(clock.getTime() + 2_000);
    resultOf(await save(session, resultId, seq));
  }
}, 120_000);

it('asks a client saving faster than anyone types to wait, keeping the last answer it stored', async () => {
  const session = await env.anonymous();
  const { resultId } = resultOf<ApiResponses[typeof API.startResult]>(await start(session));
  for (let seq = 1; seq <= SAVE_LIMITS.session.max; seq += 1) resultOf(await save(session, resultId, seq));
  const before = await snapshotStore(env.store);
  const refused = await save(session, resultId, SAVE_LIMITS.session.max + 1);
  expect(refused.status).toBe(429);
  expect(errorOf(refused)).toEqual({ status: 'RESOURCE_EXHAUSTED', message: MESSAGES.tooManySaves });
  expect(await snapshotStore(env.store)).toBe(before);
  // The next minute it saves again.
  clock = new Date(clock.getTime() + 60_000);
  resultOf(await save(session, resultId, SAVE_LIMITS.session.max + 1));
});

it('limits new results per network, never resuming one, and leaves other networks alone', async () => {
  const ip = '203.0.113.20';
  const sessions: TestAccount[] = [];
  for (let i = 0; i < START_LIMITS.ip.max; i += 1) {
    const session = await env.anonymous();
    sessions.push(session);
    expect(resultOf<ApiResponses[typeof API.startResult]>(await start(session, ip)).created).toBe(true);
  }
  const before = await snapshotStore(env.store);
  const refused = await start(await env.anonymous(), ip);
  expect(refused.status).toBe(429);
  expect(errorOf(refused)).toEqual({ status: 'RESOURCE_EXHAUSTED', message: MESSAGES.tooManyStarts });
  expect(await snapshotStore(env.store)).toBe(before);
  // A session that has its result resumes it: that is no new result, and is never refused.
  expect(resultOf<ApiResponses[typeof API.startResult]>(await start(sessions[0]!, ip)).created).toBe(false);
  // Another network is not affected, and the next hour the first may start again.
  resultOf(await start(await env.anonymous(), '192.0.2.44'));
  clock = new Date(clock.getTime() + 60 * 60 * 1000);
  resultOf(await start(await env.anonymous(), ip));
}, 240_000);
