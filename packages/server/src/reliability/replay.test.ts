// Replays and races: a completion sent by three tabs at once and once more late is one
// completion with one notification e-mail; an invite link opened twenty times at once is redeemed
// once. Against the real Auth emulator, PGlite and the local content service.
import { API, SERVER_ERRORS } from '@toolkit/domain';
import { paths } from '../repositories/paths';
import { errorOf, inviteSentTo, resultOf, startTestEnv, uniqueEmail, type TestEnv } from '../testing';

const PUBLISHER = 'demo-publisher';
const SURVEY = 'quickscan';

let env: TestEnv;

beforeAll(async () => {
  env = await startTestEnv({ content: true });
}, 120_000);

afterAll(() => env?.stop(), 60_000);

it('three concurrent completions and a late one complete the result once and send one e-mail', async () => {
  const respondent = await env.anonymous();
  const { resultId } = resultOf<{ resultId: string }>(
    await env.call(API.startResult, { tenantId: PUBLISHER, surveyId: SURVEY }, respondent.token),
  );
  resultOf(
    await env.call(
      API.saveAnswer,
      {
        tenantId: PUBLISHER,
        surveyId: SURVEY,
        resultId,
        questionId: 'company-name',
        answer: 'Replay Ltd',
        seq: 1,
      },
      respondent.token,
    ),
  );
  // One scored answer, so the completion is not refused as empty.
  resultOf(
    await env.call(
      API.saveAnswer,
      { tenantId: PUBLISHER, surveyId: SURVEY, resultId, questionId: 'energy-tracking', answer: 0, seq: 2 },
      respondent.token,
    ),
  );
  const request = { tenantId: PUBLISHER, surveyId: SURVEY, resultId };
  const mailsAbout = async () =>
    (await env.store.query(paths.mail())).filter((mail) => JSON.stringify(mail.data).includes(resultId));

  const racing = await Promise.all(
    [1, 2, 3].map(() => env.call(API.completeResult, request, respondent.token)),
  );
  const late = await env.call(API.completeResult, request, respondent.token);
  const outcomes = [...racing, late].map((response) =>
    resultOf<{ alreadyCompleted: boolean; completedAt: string }>(response),
  );
  expect(outcomes.filter((outcome) => !outcome.alreadyCompleted)).toHaveLength(1);
  // Every answer names the one completion time.
  expect(new Set(outcomes.map((outcome) => outcome.completedAt)).size).toBe(1);
  expect(await mailsAbout()).toHaveLength(1);
  expect((await env.store.get(paths.result(PUBLISHER, SURVEY, resultId))).data).toMatchObject({
    isCompleted: true,
    completedAt: outcomes[0]?.completedAt,
  });
});

it('twenty parallel redemptions of one invite give one session', async () => {
  const owner = await env.member('tenant-replay', 'owner');
  await env.onPlan('tenant-replay', 'leader');
  const email = uniqueEmail('invitee');
  resultOf(await env.call(API.createInvite, { email, surveyId: SURVEY }, owner.token));
  const { inviteId, key } = await inviteSentTo(env.store, email);

  const responses = await Promise.all(
    Array.from({ length: 20 }, () => env.call(API.verifyAndLoginWithInvite, { inviteId, key })),
  );
  const succeeded = responses.filter((response) => response.status === 200);
  expect(succeeded).toHaveLength(1);
  for (const refused of responses.filter((response) => response.status !== 200))
    expect(errorOf(refused)).toEqual({ status: 'FAILED_PRECONDITION', message: SERVER_ERRORS.inviteOpened });
  expect((await env.store.get(paths.invite(inviteId))).data).toMatchObject({
    redeemedBy: expect.any(String),
  });
});
