// Crash under load: 40 anonymous respondents save answers as fast as the API takes
// them while the stack is killed with SIGKILL and started again on the same data. Each respondent
// does what the survey's outbox does: it sends each answer until the API acknowledges it, and a
// token the restarted Auth emulator refuses is refreshed. Every acknowledged answer is stored, and
// once all are sent each stored answer is the respondent's last.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@toolkit/local-services';
import { openPgliteStore } from '@toolkit/server/local';
import { startStackProcess } from './stack-process';

const RESPONDENTS = 40;
const SAVES_EACH = 40;
// Free ports, named (not 0) because the restarted stack must answer where the killed one did.
let PORTS: Record<'shell' | 'survey' | 'dashboard' | 'journey' | 'billing', 0> &
  Record<'auth' | 'content' | 'functions' | 'mail' | 'smtp', number>;
const QUESTIONS = ['company-name', 'business-description', 'energy-next-step'];
let api: string;
let auth: string;

let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-under-load-'));
  const [authPort, content, functions, mail, smtp] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  PORTS = {
    shell: 0,
    survey: 0,
    dashboard: 0,
    journey: 0,
    billing: 0,
    auth: authPort,
    content,
    functions,
    mail,
    smtp,
  };
  api = `http://127.0.0.1:${functions}/demo-toolkit/australia-southeast1`;
  auth = `http://127.0.0.1:${authPort}`;
});

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function post(url: string, body: unknown, token?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

interface Respondent {
  uid: string;
  token: string;
  refreshToken: string;
  resultId: string;
  /** The last answer the API acknowledged, by question. */
  acknowledged: Record<string, string>;
}

/** Sends one save until the API acknowledges it, as the outbox does (connection refused, 401, 5xx). */
async function saveUntilAcknowledged(
  respondent: Respondent,
  questionId: string,
  answer: string,
  seq: number,
) {
  for (;;) {
    try {
      const saved = await post(
        `${api}/survey-saveAnswer`,
        {
          data: {
            tenantId: 'demo-publisher',
            surveyId: 'quickscan',
            resultId: respondent.resultId,
            questionId,
            answer,
            seq,
          },
        },
        respondent.token,
      );
      if (saved.status === 200) {
        respondent.acknowledged[questionId] = answer;
        return;
      }
      if (saved.status === 401) {
        const refreshed = await post(`${auth}/securetoken.googleapis.com/v1/token?key=k`, {
          grant_type: 'refresh_token',
          refresh_token: respondent.refreshToken,
        });
        if (refreshed.status === 200) respondent.token = String(refreshed.body.id_token);
      } else if (saved.status < 500) {
        throw new Error(`A save was refused: ${JSON.stringify(saved.body)}`);
      }
    } catch (error) {
      // fetch failed (a TypeError of Node's realm, not jest's): the stack is down.
      if ((error as Error).name !== 'TypeError') throw error;
    }
    await pause(100);
  }
}

it('keeps every acknowledged answer when the stack is killed mid-load, and the rest arrive after the restart', async () => {
  let stack = await startStackProcess({ dataDir, ports: PORTS });
  try {
    const respondents: Respondent[] = [];
    for (let i = 0; i < RESPONDENTS; i += 1) {
      const signUp = await post(`${auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k`, {
        returnSecureToken: true,
      });
      const token = String(signUp.body.idToken);
      const started = await post(
        `${api}/survey-startResult`,
        { data: { tenantId: 'demo-publisher', surveyId: 'quickscan' } },
        token,
      );
      respondents.push({
        uid: String(signUp.body.localId),
        token,
        refreshToken: String(signUp.body.refreshToken),
        resultId: String((started.body.result as { resultId: string }).resultId),
        acknowledged: {},
      });
    }
    // The stack saves the Auth emulator's users every two seconds.
    await pause(2_500);

    let killed = false;
    const load = Promise.all(
      respondents.map(async (respondent, r) => {
        for (let n = 1; n <= SAVES_EACH; n += 1) {
          const questionId = QUESTIONS[n % QUESTIONS.length]!;
          await saveUntilAcknowledged(respondent, questionId, `respondent ${r}, save ${n}`, n);
        }
      }),
    );
    // Mid-load: some answers acknowledged, many not yet sent.
    while (respondents.reduce((sum, r) => sum + Object.keys(r.acknowledged).length, 0) < RESPONDENTS)
      await pause(20);
    const acknowledgedBeforeCrash = respondents.map((r) => ({ ...r.acknowledged }));
    await stack.kill();
    killed = true;
    stack = await startStackProcess({ dataDir, ports: PORTS });
    await load;
    expect(killed).toBe(true);
    await stack.stop();

    const store = await openPgliteStore({ dataDir: path.join(dataDir, 'db') });
    try {
      for (const [r, respondent] of respondents.entries()) {
        const stored = (
          await store.get(`tenants/demo-publisher/assessments/quickscan/results/${respondent.resultId}`)
        ).data;
        // Each question's last save (saves n, n+3, … go to one question) is what is stored.
        const last = Object.fromEntries(
          QUESTIONS.map((questionId, q) => {
            const lastN = Math.max(
              ...Array.from({ length: SAVES_EACH }, (_, i) => i + 1).filter(
                (n) => n % QUESTIONS.length === q,
              ),
            );
            return [questionId, `respondent ${r}, save ${lastN}`];
          }),
        );
        expect(stored).toMatchObject({ userId: respondent.uid, questions: last });
        // Nothing acknowledged before the crash went missing (a later save replaced it, never none).
        for (const questionId of Object.keys(acknowledgedBeforeCrash[r]!))
          expect(stored?.questions).toHaveProperty([questionId]);
      }
    } finally {
      await store.close();
    }
  } finally {
    await stack.stop();
  }
}, 180_000);
