// A respondent on a phone loses the network after the first question, answers ten more slides,
// reloads without a network and finds every answer, finishes offline and is thanked at once; back
// online, the answers and the completion reach the server by themselves and the score shows.
import { paths } from '@toolkit/domain';
import { expect, test } from '../support/stack';
import { SurveyPage, surveySlides, type Answer } from '../support/survey-page';
import { answerInWords, answersInWords, publisherSession, receivedResultsOf } from '../support/survey-api';

const TENANT = 'demo-publisher';
const SURVEY = 'quickscan';

test.use({ viewport: { width: 390, height: 844 } });

test('a survey answered, reloaded and finished without a network completes once the phone is back online', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const survey = new SurveyPage(page);
  const { slides } = surveySlides(SURVEY);
  const company = `Offline Bakery ${Date.now().toString(36)}`;
  const query = `?firstName=Ode&lastName=${encodeURIComponent(company)}`;
  const at = (index: number) => slides[index]!;
  const slideUrl = (index: number) =>
    `${paths.surveySlide(TENANT, SURVEY, at(index).sectionId, at(index).number)}${query}`;
  // The completions the server answered, however many the page tried.
  let completions = 0;
  page.on('response', (response) => {
    if (response.url().endsWith('/survey-completeResult') && response.ok()) completions += 1;
  });

  // Online: the first question (the organisation's name), saved, and the survey kept on the phone.
  const first = slides.findIndex((slide) =>
    slide.questions.some((question) => question.id === 'company-name'),
  );
  await page.goto(slideUrl(first));
  await survey.expectSlide(at(first));
  const answers: Record<string, Answer> = await survey.answer(at(first), () => company);
  await expect(survey.saveStatus()).toHaveText('All answers saved');
  await survey.untilKeptOffline();

  // Offline: ten more slides, each answer kept on the phone and counted.
  await context.setOffline(true);
  const last = first + 10;
  for (let index = first + 1; index <= last; index += 1) {
    await survey.next(at(index));
    Object.assign(answers, await survey.answer(at(index)));
  }
  const unsent = Object.keys(answers).length - 1;
  await expect(survey.saveStatus()).toHaveText(
    `Offline: ${unsent} answers kept on this device; they will be sent when you are back online`,
  );

  // A reload without a network: the same slide, and every answer on the way back.
  await page.reload();
  await survey.expectSlide(at(last));
  await survey.expectAnswers(at(last), answers);
  for (let index = last; index > first; index -= 1) {
    await survey.previous(at(index), at(index - 1));
    await survey.expectAnswers(at(index - 1), answers);
  }

  // Finish, still offline, from the last slide: thanked at once, the answers and score promised for later.
  await page.goto(slideUrl(slides.length - 1));
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(survey.heading('Thank you: your answers will be sent')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Your score will appear here when this device is back online.')).toBeVisible();

  // Back online, with nothing pressed: the score replaces the line.
  await context.setOffline(false);
  await expect(page.getByRole('region', { name: 'Your score' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Your score will appear here when this device is back online.')).toHaveCount(0);
  await survey.expectThankYou();
  expect(completions).toBe(1);

  // The server holds one completed result for this respondent, with every answer.
  const received = await receivedResultsOf(await publisherSession(), SURVEY, company);
  expect(received).toHaveLength(1);
  const [result] = received;
  expect(result).toMatchObject({ completed: true, respondent: `Ode ${company}` });
  const questions = new Map(
    slides.flatMap((slide) => slide.questions).map((question) => [question.id, question]),
  );
  expect(answersInWords(result!)).toMatchObject(
    Object.fromEntries(
      Object.entries(answers).map(([id, answer]) => [id, answerInWords(questions.get(id)!, answer)]),
    ),
  );
});
