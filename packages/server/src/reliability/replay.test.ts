// Replays and races, as a phone that was offline sends its queued requests: each request twice and
// out of order. Saves keep the newest answer of each question whatever the arrival order, a start
// sent twice resumes one result, a completion is one completion with one notification e-mail, and a
// save arriving after it is refused and changes nothing, in the survey and the invite journey
// alike; an invite link opened twenty times at once is redeemed once. Against the real Auth
// emulator, PGlite and the local content service.
import { API, MESSAGES, SERVER_ERRORS, type AnswerValue, type ApiResponses } from '@toolkit/domain';
import { errorResponse } from '../api/errors';
import type { ApiResponse } from '../api/router';
import { loadSurvey } from '../content';
import { paths } from '../repositories/paths';
import { scoreResult } from '../scoring';
import {
  errorOf,
  inviteSentTo,
  openInvite,
  resultOf,
  snapshotStore,
  startTestEnv,
  uniqueEmail,
  type TestAccount,
  type TestEnv,
} from '../testing';

const PUBLISHER = 'demo-publisher';
const SURVEY = 'quickscan';

let env: TestEnv;

beforeAll(async () => {
  env = await startTestEnv({ content: true });
}, 120_000);

afterAll(() => env?.stop(), 60_000);

interface Save {
  questionId: string;
  answer: AnswerValue;
  seq: number;
}

/** Each question's answers as the respondent changed them, oldest first; a scored one's each score differently. */
const VERSIONS: Record<string, readonly AnswerValue[]> = {
  'company-name': ['Draft Ltd', 'Replay Ltd', 'Replay Holdings Ltd'],
  'renewable-electricity': ['none', 'half', 'all'],
  'energy-tracking': [0, 1, 4],
  'single-use-items': ['eliminated', 'not-started', 'some'],
  'fair-pay': ['no', 'including-contractors', 'employees'],
  'local-spend': ['most', 'unknown', 'little'],
  'sustainability-policy': ['drafting', 'plan-with-targets', 'no'],
};

/** The saves in the order the respondent gave them: each question's first answer, then its changes. */
const GIVEN: Save[] = [0, 1, 2].flatMap((version) =>
  Object.entries(VERSIONS).map(([questionId, answers]) => ({
    questionId,
    answer: answers[version]!,
    seq: version + 1,
  })),
);

const answersAt = (version: number) =>
  Object.fromEntries(
    Object.entries(VERSIONS).map(([questionId, answers]) => [questionId, answers[version]!]),
  );
const NEWEST = answersAt(2);
const NEWEST_SEQS = Object.fromEntries(Object.keys(VERSIONS).map((questionId) => [questionId, 3]));

/** A fixed shuffle (Fisher–Yates on a seeded generator), so a failing order is the same next run. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let index = out.length - 1; index > 0; index--) {
    const other = Math.floor(next() * (index + 1));
    [out[index], out[other]] = [out[other]!, out[index]!];
  }
  return out;
}

/** Every save twice, in a shuffled order in which some newer answer arrives before an older one. */
function replayBurst(seed: number): Save[] {
  const arrivals = shuffled([...GIVEN, ...GIVEN], seed);
  const overtaken = arrivals.some((save, index) =>
    arrivals.slice(index + 1).some((later) => later.questionId === save.questionId && later.seq < save.seq),
  );
  if (!overtaken) throw new Error(`Seed ${seed} sends every save in order: pick another.`);
  return arrivals;
}

type Started = ApiResponses[typeof API.startResult];

const startRequest = { tenantId: PUBLISHER, surveyId: SURVEY };

const start = async (account: TestAccount) =>
  resultOf<Started>(await env.call(API.startResult, startRequest, account.token));

const saveRequest = (resultId: string, { questionId, answer, seq }: Save) => ({
  tenantId: PUBLISHER,
  surveyId: SURVEY,
  resultId,
  questionId,
  answer,
  seq,
});

const save = (account: TestAccount, resultId: string, each: Save) =>
  env.call(API.saveAnswer, saveRequest(resultId, each), account.token);

/** Sends the saves one after another, in the order given. */
async function saveInTurn(account: TestAccount, resultId: string, saves: readonly Save[]) {
  for (const each of saves) resultOf(await save(account, resultId, each));
}

/**
 * The same request sent `times` at once, handed to the router as onCall hands it a token it has
 * verified: with no token check between them, the copies reach the handler together.
 */
async function atOnce(times: number, name: string, data: unknown, token: string): Promise<ApiResponse[]> {
  const verified = await env.auth.verifyIdToken(token);
  const outcomes = await Promise.all(
    Array.from({ length: times }, () => env.router.callAs(name, data, verified)),
  );
  return outcomes.map((outcome) =>
    'error' in outcome ? errorResponse(outcome.error) : { status: 200, body: outcome },
  );
}

type Completed = ApiResponses[typeof API.completeResult];

const complete = (account: TestAccount, resultId: string) =>
  env.call(API.completeResult, { tenantId: PUBLISHER, surveyId: SURVEY, resultId }, account.token);

/** The ids of the survey's results the account started, as stored, with their user survey results. */
async function resultsStartedBy(account: TestAccount): Promise<string[]> {
  const documents = await env.store.exportAll();
  const results = documents
    .filter((doc) => doc.path === paths.result(PUBLISHER, SURVEY, doc.id) && doc.data?.userId === account.uid)
    .map((doc) => doc.id);
  const links = documents
    .filter((doc) => doc.path === paths.userSurveyResult(PUBLISHER, account.uid, doc.id))
    .map((doc) => doc.data?.resultId);
  expect(links.sort()).toEqual([...results].sort());
  return results;
}

const storedResult = async (tenantId: string, resultId: string) =>
  (await env.store.get(paths.result(tenantId, SURVEY, resultId))).data!;

const mailsAbout = async (resultId: string) =>
  (await env.store.query(paths.mail())).filter((mail) => JSON.stringify(mail.data).includes(resultId));

const scoreOf = async (answers: Record<string, AnswerValue>) =>
  scoreResult(await loadSurvey(env.deps, SURVEY), answers);

describe('survey', () => {
  it('three concurrent completions and a late one complete the result once and send one e-mail', async () => {
    const respondent = await env.anonymous();
    const { resultId } = await start(respondent);
    // One scored answer, so the completion is not refused as empty.
    await saveInTurn(respondent, resultId, [
      { questionId: 'company-name', answer: 'Replay Ltd', seq: 1 },
      { questionId: 'energy-tracking', answer: 0, seq: 2 },
    ]);
    const request = { tenantId: PUBLISHER, surveyId: SURVEY, resultId };

    const racing = await atOnce(3, API.completeResult, request, respondent.token);
    const late = await env.call(API.completeResult, request, respondent.token);
    const outcomes = [...racing, late].map((response) =>
      resultOf<{ alreadyCompleted: boolean; completedAt: string }>(response),
    );
    expect(outcomes.filter((outcome) => !outcome.alreadyCompleted)).toHaveLength(1);
    // Every answer names the one completion time.
    expect(new Set(outcomes.map((outcome) => outcome.completedAt)).size).toBe(1);
    expect(await mailsAbout(resultId)).toHaveLength(1);
    expect((await env.store.get(paths.result(PUBLISHER, SURVEY, resultId))).data).toMatchObject({
      isCompleted: true,
      completedAt: outcomes[0]?.completedAt,
    });
  });

  it('each save sent twice, one copy racing the other, stores what it stores sent once', async () => {
    const once = await env.anonymous();
    const onceId = (await start(once)).resultId;
    await saveInTurn(once, onceId, GIVEN);

    const twice = await env.anonymous();
    const twiceId = (await start(twice)).resultId;
    for (const each of GIVEN) {
      const copies = await atOnce(2, API.saveAnswer, saveRequest(twiceId, each), twice.token);
      // The first to arrive is applied; its copy is acknowledged as already there.
      const applied = copies.map((copy) => resultOf<{ applied: boolean }>(copy).applied);
      expect(applied.sort()).toEqual([false, true]);
    }
    // A late copy of everything, after the last answer.
    const before = await snapshotStore(env.store);
    await saveInTurn(twice, twiceId, GIVEN);
    expect(await snapshotStore(env.store)).toBe(before);

    const [stored, reference] = [
      await storedResult(PUBLISHER, twiceId),
      await storedResult(PUBLISHER, onceId),
    ];
    expect(stored).toMatchObject({ questions: NEWEST, seqs: NEWEST_SEQS });
    expect({ questions: stored.questions, seqs: stored.seqs }).toEqual({
      questions: reference.questions,
      seqs: reference.seqs,
    });
  });

  it('a save overtaken by the next of its question, and a shuffled burst sent twice, keep the newest', async () => {
    const respondent = await env.anonymous();
    const { resultId } = await start(respondent);
    const newer = { questionId: 'renewable-electricity', answer: 'all', seq: 2 };
    const older = { questionId: 'renewable-electricity', answer: 'none', seq: 1 };
    expect(resultOf(await save(respondent, resultId, newer))).toMatchObject({ applied: true });
    expect(resultOf(await save(respondent, resultId, older))).toMatchObject({ applied: false });
    expect(await storedResult(PUBLISHER, resultId)).toMatchObject({
      questions: { 'renewable-electricity': 'all' },
      seqs: { 'renewable-electricity': 2 },
    });

    const burst = await env.anonymous();
    const burstId = (await start(burst)).resultId;
    await saveInTurn(burst, burstId, replayBurst(11));
    const stored = await storedResult(PUBLISHER, burstId);
    expect(stored.questions).toEqual(NEWEST);
    expect(stored.seqs).toEqual(NEWEST_SEQS);
  });

  it('a start sent twice, and three at once, resume one result and never start a second', async () => {
    const respondent = await env.anonymous();
    const first = await start(respondent);
    const given = GIVEN.slice(0, 3);
    await saveInTurn(respondent, first.resultId, given);
    expect(await start(respondent)).toEqual({
      ...first,
      created: false,
      questions: Object.fromEntries(given.map(({ questionId, answer }) => [questionId, answer])),
      seqs: Object.fromEntries(given.map(({ questionId, seq }) => [questionId, seq])),
    });
    expect(await resultsStartedBy(respondent)).toEqual([first.resultId]);

    const racer = await env.anonymous();
    const racing = (await atOnce(3, API.startResult, startRequest, racer.token)).map((response) =>
      resultOf<Started>(response),
    );
    expect(racing.filter((started) => started.created)).toHaveLength(1);
    expect(new Set(racing.map((started) => started.resultId)).size).toBe(1);
    expect(await resultsStartedBy(racer)).toEqual([racing[0]!.resultId]);
  });

  it('a completion sent twice after a shuffled burst scores the newest answers once, with one e-mail', async () => {
    const respondent = await env.anonymous();
    const { resultId } = await start(respondent);
    await saveInTurn(respondent, resultId, replayBurst(23));

    const first = resultOf<Completed>(await complete(respondent, resultId));
    const replayed = resultOf<Completed>(await complete(respondent, resultId));
    expect(first.alreadyCompleted).toBe(false);
    expect(replayed).toEqual({ ...first, alreadyCompleted: true });
    const newest = await scoreOf(NEWEST);
    // Older answers score otherwise, so the score tells which answers it was taken from.
    expect(await scoreOf(answersAt(1))).not.toEqual(newest);
    expect(first.score).toEqual(newest);
    expect(await storedResult(PUBLISHER, resultId)).toMatchObject({
      isCompleted: true,
      completedAt: first.completedAt,
      questions: NEWEST,
      score: newest,
    });
    expect(await mailsAbout(resultId)).toHaveLength(1);
  });

  it('a save replayed after the completion is refused and changes nothing', async () => {
    const respondent = await env.anonymous();
    const { resultId } = await start(respondent);
    await saveInTurn(respondent, resultId, GIVEN);
    resultOf(await complete(respondent, resultId));
    const before = await snapshotStore(env.store);

    // The same saves again, and a newer answer queued after the completion was sent.
    const late = [...GIVEN, { questionId: 'renewable-electricity', answer: 'some', seq: 4 }];
    for (const each of late) {
      expect(errorOf(await save(respondent, resultId, each))).toEqual({
        status: 'FAILED_PRECONDITION',
        message: SERVER_ERRORS.alreadySubmitted,
      });
    }
    expect(await snapshotStore(env.store)).toBe(before);
    expect(await storedResult(PUBLISHER, resultId)).toMatchObject({
      isCompleted: true,
      questions: NEWEST,
      score: await scoreOf(NEWEST),
    });
  });
});

describe('invite journey', () => {
  const TENANT = 'tenant-replay-journey';
  let owner: TestAccount;

  beforeAll(async () => {
    owner = await env.member(TENANT, 'owner');
    await env.onPlan(TENANT, 'leader');
  });

  /** An invite created by the owner and opened by the invited person, and what its session sends. */
  async function openReplayedInvite() {
    const { inviteId, tenantId, surveyResultId, token } = await openInvite(env, owner, SURVEY);
    const ids = { tenantId, surveyId: SURVEY, surveyResultId };
    return {
      inviteId,
      tenantId,
      surveyResultId,
      save: (each: Save) => env.call(API.saveInviteAnswer, { ...ids, ...each }, token),
      submit: () => env.call(API.submitInvite, { ...ids, inviteId }, token),
      submitAtOnce: (times: number) => atOnce(times, API.submitInvite, { ...ids, inviteId }, token),
    };
  }

  it('saves sent twice in a shuffled order keep the newest answer of each question', async () => {
    const invited = await openReplayedInvite();
    for (const each of replayBurst(37)) resultOf(await invited.save(each));
    const stored = await storedResult(invited.tenantId, invited.surveyResultId);
    expect(stored.answers).toEqual(NEWEST);
    expect(stored.seqs).toEqual(NEWEST_SEQS);
  });

  it('a submit sent twice completes once with one e-mail, and replays after it change nothing', async () => {
    const invited = await openReplayedInvite();
    for (const each of replayBurst(41)) resultOf(await invited.save(each));

    const racing = await invited.submitAtOnce(2);
    const succeeded = racing.filter((response) => response.status === 200);
    expect(succeeded.map((response) => resultOf(response))).toEqual([{ status: 'completed' }]);
    // The copy is refused whichever check it meets: the invite's session ended, or the result is in.
    const refusal = errorOf(racing.find((response) => response.status !== 200)!);
    expect([
      { status: 'UNAUTHENTICATED', message: MESSAGES.inviteSessionEnded },
      { status: 'FAILED_PRECONDITION', message: SERVER_ERRORS.alreadySubmitted },
    ]).toContainEqual(refusal);

    const before = await snapshotStore(env.store);
    const late = [await invited.submit(), ...(await Promise.all(GIVEN.map((each) => invited.save(each))))];
    for (const response of late) {
      expect(errorOf(response)).toEqual({ status: 'UNAUTHENTICATED', message: MESSAGES.inviteSessionEnded });
    }
    expect(await snapshotStore(env.store)).toBe(before);

    expect(await storedResult(invited.tenantId, invited.surveyResultId)).toMatchObject({
      isCompleted: true,
      answers: NEWEST,
      score: await scoreOf(NEWEST),
    });
    expect((await env.store.get(paths.invite(invited.inviteId))).data).toMatchObject({ status: 'completed' });
    expect(await mailsAbout(invited.surveyResultId)).toHaveLength(1);
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
