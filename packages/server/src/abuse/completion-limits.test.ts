// The abuse limits on survey-completeResult through the router: each completion queues one
// notification mail, so the limits bound the mails an anonymous caller can have sent.
import { API, MESSAGES, type ApiResponses } from '@toolkit/domain';
import { paths } from '../repositories/paths';
import { errorOf, resultOf, startTestEnv, type TestAccount, type TestEnv } from '../testing';
import { COMPLETION_LIMITS } from './limits';

const PUBLISHER = 'demo-publisher';
const SURVEY = 'quickscan';

let env: TestEnv;

beforeAll(async () => {
  env = await startTestEnv({ content: true });
}, 120_000);

afterAll(() => env?.stop(), 60_000);

// A fixed clock, a few minutes into an hour, so that no test straddles two windows.
let clock = new Date('2030-05-01T12:03:00.000Z');
beforeEach(() => {
  env.deps.now = () => clock;
});

/** A started result with one scored question answered, so completing it is not refused as empty. */
const start = async (account: TestAccount) => {
  const { resultId } = resultOf<ApiResponses[typeof API.startResult]>(
    await env.call(API.startResult, { tenantId: PUBLISHER, surveyId: SURVEY }, account.token),
  );
  resultOf(
    await env.call(
      API.saveAnswer,
      { tenantId: PUBLISHER, surveyId: SURVEY, resultId, questionId: 'energy-tracking', answer: 0, seq: 1 },
      account.token,
    ),
  );
  return resultId;
};

const complete = (account: TestAccount, resultId: string, ip?: string) =>
  env.router.call(
    API.completeResult,
    { data: { tenantId: PUBLISHER, surveyId: SURVEY, resultId } },
    `Bearer ${account.token}`,
    { ip },
  );

const mailCount = async () => (await env.store.query(paths.mail())).length;
const isCompleted = async (resultId: string) =>
  (await env.store.get(paths.result(PUBLISHER, SURVEY, resultId))).data?.isCompleted;

const expectLimited = (response: Awaited<ReturnType<typeof complete>>) => {
  expect(response.status).toBe(429);
  expect(errorOf(response)).toEqual({ status: 'RESOURCE_EXHAUSTED', message: MESSAGES.tooManyResults });
};

it('lets one session complete a handful of results an hour, each mailed once, then asks it to wait', async () => {
  const { max } = COMPLETION_LIMITS.session;
  const session = await env.anonymous();
  const mailsBefore = await mailCount();

  const first = await start(session);
  resultOf(await complete(session, first));
  // Repeating the request for a completed result neither counts nor mails again.
  for (let i = 0; i < 3; i += 1) {
    expect(resultOf<{ alreadyCompleted: boolean }>(await complete(session, first)).alreadyCompleted).toBe(
      true,
    );
  }
  for (let i = 1; i < max; i += 1) resultOf(await complete(session, await start(session)));

  const refused = await start(session);
  expectLimited(await complete(session, refused));
  expect(await isCompleted(refused)).toBe(false);
  expect(await mailCount()).toBe(mailsBefore + max);
  // A result completed before still answers as completed, limit or not.
  expect(resultOf<{ alreadyCompleted: boolean }>(await complete(session, first)).alreadyCompleted).toBe(true);

  // Next hour the saved result can be sent.
  clock = new Date(clock.getTime() + 60 * 60 * 1000);
  expect(resultOf<{ alreadyCompleted: boolean }>(await complete(session, refused)).alreadyCompleted).toBe(
    false,
  );
  expect(await mailCount()).toBe(mailsBefore + max + 1);
}, 60_000);

it('limits the results completed from one address across any number of sessions', async () => {
  const { max } = COMPLETION_LIMITS.ip;
  const address = '203.0.113.7';
  const mailsBefore = await mailCount();
  for (let i = 0; i < max; i += 1) {
    const session = await env.anonymous();
    resultOf(await complete(session, await start(session), address));
  }

  const session = await env.anonymous();
  const refused = await start(session);
  expectLimited(await complete(session, refused, address));
  expect(await isCompleted(refused)).toBe(false);
  expect(await mailCount()).toBe(mailsBefore + max);

  // Someone else, elsewhere, is not held up by it.
  const elsewhere = await env.anonymous();
  resultOf(await complete(elsewhere, await start(elsewhere), '198.51.100.20'));
}, 120_000);
