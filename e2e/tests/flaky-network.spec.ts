// A respondent on a phone answers the whole Quickscan over a network that loses half the callable
// requests: some before the server sees them, some after it has acted on them (so the page sends
// them again). Nothing is lost and nothing is done twice: the server's one completed result holds
// every answer given, and the score shows.
import type { Route } from '@playwright/test';
import { E2E_APP_API_URL, expect, test } from '../support/stack';
import { SurveyPage, surveySlides, type Answer } from '../support/survey-page';
import { answerInWords, answersInWords, publisherSession, receivedResultsOf } from '../support/survey-api';

// The callables only: the worker (which never keeps them) stays out of the way of the routing.
test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });

/** mulberry32: the same seed makes the same failures, so a run can be repeated. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('a survey answered over a network that drops half the requests loses no answer and completes once', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const survey = new SurveyPage(page);
  const { title, slides } = surveySlides('quickscan');
  const company = `Flaky Florist ${Date.now().toString(36)}`;
  const random = seeded(20_261_129);
  const dropped = { before: 0, after: 0 };
  await page.route(`${E2E_APP_API_URL}/**`, async (route: Route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const roll = random();
    if (roll < 0.25) {
      dropped.before += 1;
      return route.abort('connectionreset');
    }
    if (roll < 0.5) {
      // The server acts on it; its answer never arrives.
      dropped.after += 1;
      await route.fetch();
      return route.abort('connectionreset');
    }
    return route.fallback();
  });

  await page.goto(`/survey/demo-publisher/quickscan?firstName=Fay&lastName=${encodeURIComponent(company)}`);
  await survey.begin(title, slides[0]!);
  const answers: Record<string, Answer> = {};
  for (const [index, slide] of slides.entries()) {
    Object.assign(
      answers,
      await survey.answer(slide, (question) =>
        question.id === 'company-name' ? company : `Our ${question.id}`,
      ),
    );
    await survey.next(slides[index + 1] ?? null);
  }
  await survey.expectThankYou();
  await expect(page.getByRole('region', { name: 'Your score' })).toBeVisible({ timeout: 60_000 });
  expect(dropped.before).toBeGreaterThan(0);
  expect(dropped.after).toBeGreaterThan(0);

  const received = await receivedResultsOf(await publisherSession(), 'quickscan', company);
  expect(received).toHaveLength(1);
  const [result] = received;
  expect(result).toMatchObject({ completed: true, respondent: `Fay ${company}` });
  const questions = new Map(
    slides.flatMap((slide) => slide.questions).map((question) => [question.id, question]),
  );
  expect(answersInWords(result!)).toEqual(
    Object.fromEntries(
      [...questions.values()]
        .filter((question) => question.type !== 'content')
        .map((question) => [
          question.id,
          question.id in answers ? answerInWords(question, answers[question.id]!) : 'Not answered',
        ]),
    ),
  );
});
