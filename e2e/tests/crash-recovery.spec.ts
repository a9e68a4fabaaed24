// The local stack killed outright (SIGKILL) in the middle of a survey and started again on
// the same data. The respondent's answers given while it was down wait in the outbox; after the
// restart the Auth emulator still knows the respondent (its users are saved while it runs) but
// refuses their old ID token, so the app refreshes the token and the answers arrive in the same
// result. This stack runs in a process of its own, on ports of its own, so that it can be killed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPgliteStore } from '@toolkit/server/local';
import { expect, test } from '../support/stack';
import { startStackProcess } from '@toolkit/dev-stack';
import { SurveyPage, surveySlides, type Answer } from '../support/survey-page';

type StackProcess = Awaited<ReturnType<typeof startStackProcess>>;

const PORTS = {
  shell: 3400,
  survey: 3401,
  dashboard: 3402,
  journey: 3403,
  billing: 3404,
  auth: 9499,
  content: 4400,
  functions: 5401,
  mail: 1480,
  smtp: 1425,
};

/** The anonymous accounts in the Auth emulator's saved users (the seeded owners have addresses). */
function savedAnonymousUsers(dataDir: string): string[] {
  try {
    const saved = JSON.parse(
      fs.readFileSync(path.join(dataDir, 'auth', 'auth_export', 'accounts.json'), 'utf8'),
    ) as { users?: { localId: string; email?: string }[] };
    return (saved.users ?? []).filter((user) => !user.email).map((user) => user.localId);
  } catch {
    return [];
  }
}

test('a stack killed mid-survey and restarted receives the answers given while it was down', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolkit-crash-'));
  let stack: StackProcess | undefined = await startStackProcess({ dataDir, ports: PORTS });
  try {
    const { title, slides } = surveySlides('quickscan');
    const survey = new SurveyPage(page);
    await page.goto(`${stack.urls.app}survey/demo-publisher/quickscan`);
    await survey.begin(title, slides[0]!);
    const resultId = await survey.resultId();

    const answers: Record<string, Answer> = {};
    const [first, second, third] = slides.filter((slide) =>
      slide.questions.some((question) => question.type !== 'content'),
    );
    let at = 0;
    const goTo = async (slide: typeof first) => {
      while (slides[at] !== slide) {
        at += 1;
        await survey.next(slides[at]!);
      }
    };
    await goTo(first);
    Object.assign(answers, await survey.answer(first!));
    await expect(survey.saveStatus()).toHaveText('All answers saved');
    // The respondent's anonymous account is among the saved users before the crash.
    await expect.poll(() => savedAnonymousUsers(dataDir).length, { timeout: 10_000 }).toBe(1);

    await stack.kill();
    await goTo(second);
    Object.assign(answers, await survey.answer(second!));
    await expect(survey.saveStatus()).toHaveText('Retrying…');
    await goTo(third);
    Object.assign(answers, await survey.answer(third!));

    stack = await startStackProcess({ dataDir, ports: PORTS });
    // The outbox retries with back-off (at most 30 s between tries).
    await expect(survey.saveStatus()).toHaveText('All answers saved', { timeout: 90_000 });
    await stack.stop();
    stack = undefined;

    const store = await openPgliteStore({ dataDir: path.join(dataDir, 'db') });
    try {
      const stored = await store.get(`tenants/demo-publisher/assessments/quickscan/results/${resultId}`);
      expect(stored.data).toMatchObject({ userId: savedAnonymousUsers(dataDir)[0], questions: answers });
    } finally {
      await store.close();
    }
  } finally {
    await stack?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
