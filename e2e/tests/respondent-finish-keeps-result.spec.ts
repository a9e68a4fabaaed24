// An anonymous respondent on a phone finishes the Quickscan and cannot lose the result by tapping on:
// the thank-you promises no dashboard, its Continue leads to Save my results, leaving asks first and
// says the result will be lost, and Back after finishing shows the finished result, not an empty slide.
import { API, paths, type ApiResponses } from '@toolkit/domain';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { callApi } from '../support/auth';
import { answersTo } from '../support/survey-api';
import { expect, test } from '../support/stack';
import { SurveyPage, surveySlides, type Slide } from '../support/survey-page';

test.use({ viewport: { width: 390, height: 844 } });

const TENANT = 'demo-publisher';
const SURVEY = 'quickscan';
const { title, slides } = surveySlides(SURVEY);
const slideUrl = (slide: Slide) => paths.surveySlide(TENANT, SURVEY, slide.sectionId, slide.number);

test('an anonymous respondent who taps on after finishing is led to keep the result, and Back shows it', async ({
  page,
}) => {
  const survey = new SurveyPage(page);
  const thankYou = page.getByRole('region', { name: 'Thank you: your answers are in' });

  // The survey link signs the respondent in anonymously and starts their result; its energy part is
  // answered through the callables with that session, as the slides would save it.
  const started = page.waitForResponse((response) => response.url().endsWith(`/${API.startResult}`));
  await page.goto(paths.survey(TENANT, SURVEY));
  const start = await started;
  const idToken = start
    .request()
    .headers()
    .authorization!.replace(/^Bearer /, '');
  const { resultId } = ((await start.json()) as { result: ApiResponses[typeof API.startResult] }).result;
  const energy = answersTo(slides.filter((slide) => slide.sectionId === 2));
  let seq = 0;
  for (const [questionId, answer] of Object.entries(energy))
    await callApi(
      API.saveAnswer,
      { tenantId: TENANT, surveyId: SURVEY, resultId, questionId, answer, seq: ++seq },
      idToken,
    );

  // The last two slides as the respondent taps through them, and Finish.
  const [beforeLast, last] = slides.slice(-2) as [Slide, Slide];
  await page.goto(slideUrl(beforeLast));
  await survey.expectSlide(beforeLast);
  await survey.next(last);
  await survey.next(null);
  await survey.expectThankYou();

  // The thank-you promises no dashboard to someone who has none, and says the result is not kept yet.
  await expect(thankYou).not.toContainText(/dashboard/i);
  await expect(thankYou).toContainText(`We have received your answers to ${title}.`);
  await expect(thankYou).toContainText('nothing keeps your results yet');

  // Continue leads to the save form: the same page, the address field ready to type in.
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  const address = page.getByRole('region', { name: 'Keep your results' }).getByRole('textbox', {
    name: 'E-mail address',
  });
  await expect(address).toBeFocused();
  await expect(address).toBeInViewport();
  await expect(page).toHaveURL(new RegExp(`${slideUrl(last)}$`));
  await expect(survey.heading(title)).toHaveCount(0);

  // Leaving asks first, by keyboard too: keeping is the focused choice, and Escape keeps the result.
  await page.getByRole('button', { name: 'Leave without saving' }).click();
  const asking = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(asking).toContainText('Your result will be lost');
  await expect(asking.getByRole('button', { name: 'Keep my result' })).toBeFocused();
  await expect(asking.getByRole('link', { name: 'Leave anyway' })).toHaveAttribute('href', /^http/);
  await expectNoSeriousA11yViolations(page, 'the question before leaving without saving');
  await page.keyboard.press('Escape');
  await expect(asking).toHaveCount(0);
  await expect(address).toBeFocused();

  // A reload of the thank-you's address comes back to the finished result, and the shell's early
  // slide (drawn before the app on a slide's address) never shows the empty slide first.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('.es-card')) document.documentElement.dataset.earlySlide = 'drawn';
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  await survey.expectThankYou();
  await expect(page.locator('html')).not.toHaveAttribute('data-early-slide', 'drawn');

  // Back through the pages of the visit, to the page the survey link opened: the finished result,
  // with its score and the save form, never an empty slide or a new start.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${slideUrl(beforeLast)}$`));
  await survey.expectThankYou();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${paths.survey(TENANT, SURVEY)}$`));
  await survey.expectThankYou();
  await expect(page.getByRole('region', { name: 'Your score' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Keep your results' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Start|Finish)$/ })).toHaveCount(0);
});
