// Soak: 200 anonymous respondents each give 30 answers over a handful of questions,
// changing some, while the network misbehaves: 10 % of saves are lost and sent again later, 5 %
// arrive twice and 5 % overtake the save before them. No answer is lost, no respondent gets a second
// result, and each stored answer is the respondent's latest by its order number (seq).
import fs from 'node:fs';
import path from 'node:path';
import { API } from '@toolkit/domain';
import { paths } from '../repositories/paths';
import { resultOf, startTestEnv, type TestAccount, type TestEnv } from '../testing';

const PUBLISHER = 'demo-publisher';
const SURVEY = 'quickscan';
const RESPONDENTS = 200;
const ANSWERS_EACH = 30;

// The Quickscan's free-text questions, read from the seed content the content service serves.
const QUESTIONS = (
  JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../content/content/quickscan.json'), 'utf8')) as {
    sections: { questions: { id: string; type: string }[] }[];
  }
).sections
  .flatMap((section) => section.questions)
  .filter((question) => question.type === 'comment')
  .map((question) => question.id);

let env: TestEnv;

beforeAll(async () => {
  env = await startTestEnv({ content: true });
}, 120_000);

afterAll(() => env?.stop(), 60_000);

interface Save {
  questionId: string;
  answer: string;
  seq: number;
}

/** A deterministic stream of numbers in [0, 1), so a failing run can be repeated. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** The saves as the network delivers them: some lost and sent again at the end, doubled, swapped. */
function deliver(saves: Save[], random: () => number): Save[] {
  const sent: Save[] = [];
  const retried: Save[] = [];
  for (const save of saves) {
    const roll = random();
    if (roll < 0.1) retried.push(save);
    else if (roll < 0.15) sent.push(save, save);
    else if (roll < 0.2 && sent.length > 0) sent.splice(sent.length - 1, 0, save);
    else sent.push(save);
  }
  return [...sent, ...retried];
}

it(`${RESPONDENTS} respondents × ${ANSWERS_EACH} answers through lost, doubled and reordered saves lose nothing`, async () => {
  expect(QUESTIONS.length).toBeGreaterThanOrEqual(3);
  const random = seeded(18);
  const respondents: { account: TestAccount; resultId: string; saves: Save[] }[] = [];
  for (let i = 0; i < RESPONDENTS; i += 1) {
    const account = await env.anonymous();
    const { resultId } = resultOf<{ resultId: string }>(
      await env.call(API.startResult, { tenantId: PUBLISHER, surveyId: SURVEY }, account.token),
    );
    const seqs: Record<string, number> = {};
    const saves = Array.from({ length: ANSWERS_EACH }, (_, n) => {
      const questionId = QUESTIONS[Math.floor(random() * QUESTIONS.length)]!;
      seqs[questionId] = (seqs[questionId] ?? 0) + 1;
      return { questionId, answer: `respondent ${i}, answer ${n}`, seq: seqs[questionId] };
    });
    respondents.push({ account, resultId, saves });
  }

  let refused = 0;
  await Promise.all(
    respondents.map(async ({ account, resultId, saves }) => {
      for (const save of deliver(saves, random)) {
        const response = await env.call(
          API.saveAnswer,
          { tenantId: PUBLISHER, surveyId: SURVEY, resultId, ...save },
          account.token,
        );
        if (response.status !== 200) refused += 1;
      }
    }),
  );
  expect(refused).toBe(0);

  for (const { account, resultId, saves } of respondents) {
    const latest: Record<string, string> = {};
    const latestSeq: Record<string, number> = {};
    for (const save of saves) {
      if (save.seq > (latestSeq[save.questionId] ?? 0)) {
        latestSeq[save.questionId] = save.seq;
        latest[save.questionId] = save.answer;
      }
    }
    const stored = (await env.store.get(paths.result(PUBLISHER, SURVEY, resultId))).data;
    expect(stored).toMatchObject({ userId: account.uid, questions: latest, seqs: latestSeq });
  }
  // One result per respondent: nothing a retry or a double created.
  const results = await env.store.query(paths.results(PUBLISHER, SURVEY));
  const byRespondent = new Map<string, number>();
  for (const result of results) {
    const userId = String(result.data?.userId);
    byRespondent.set(userId, (byRespondent.get(userId) ?? 0) + 1);
  }
  for (const { account } of respondents) expect(byRespondent.get(account.uid)).toBe(1);
}, 300_000);
