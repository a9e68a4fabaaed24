// An anonymous respondent on a phone sees their
// Quickscan score on the outro and keeps it with "Save my results": the e-mailed link, opened in the
// same browser or on another device, signs them up; signing up alone attaches nothing, and once they
// confirm on the page that names the result, the same score is on the dashboard's Results.
import type { Browser, Page } from '@playwright/test';
import { paths } from '@toolkit/domain';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { uniqueEmail } from '../support/auth';
import { linkIn, waitForMail } from '../support/mail';
import { expect, test } from '../support/stack';
import { SurveyPage, surveySlides, type Slide } from '../support/survey-page';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

const { title, slides } = surveySlides('quickscan');
const slideUrl = (slide: Slide) =>
  paths.surveySlide('demo-publisher', 'quickscan', slide.sectionId, slide.number);

async function snap(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The outro's score as the respondent sees it: the overall line and the chart, which names every area. */
async function expectScoreOnOutro(page: Page) {
  const yours = page.getByRole('region', { name: 'Your score' });
  await expect(yours).toBeVisible();
  const overall = (await yours.getByText(/^Overall: [\d.]+% \(/).textContent()) ?? '';
  // Overall: 42.5% (42.5 out of 100): the points and scale, as the dashboard words them.
  const [, points, max] = /\(([\d.]+) out of ([\d.]+)\)/.exec(overall) ?? [];
  expect(points).toBeTruthy();
  // The band's words, and every section with its score or "Not scored".
  await expect(yours.getByRole('heading', { level: 3 })).not.toBeEmpty();
  const sections = yours.getByRole('list', { name: 'Your score per section' }).getByRole('listitem');
  await expect(sections).toHaveCount(new Set(slides.map((slide) => slide.sectionId)).size);
  await expect(sections.first()).toContainText(/\d+(\.\d+)?%|Not scored/);
  const chart = yours.getByRole('img', { name: /^Bar chart of your scores/ });
  await expect(chart).toBeVisible();
  return { points: points!, max: max!, chart: (await chart.getAttribute('aria-label'))! };
}

/** Asks for the link on the outro; answers the link in the mail. */
async function saveMyResults(page: Page, email: string) {
  const requestedAt = Date.now() - 1000;
  const saving = page.getByRole('region', { name: 'Keep your results' });
  await saving.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await saving.getByRole('button', { name: 'Save my results' }).click();
  await expect(saving.getByRole('status')).toContainText(`we sent a link to ${email}`);
  await expectNoSeriousA11yViolations(page, 'the outro after Save my results');
  // Nothing here leads an anonymous session into the dashboard.
  await expect(page).toHaveURL(/\/survey\//);
  return linkIn(await waitForMail(email, /sign in/i, { after: requestedAt }), 'oobCode');
}

/** The sign-up's questions about the new organisation. */
async function finishSignUp(page: Page, organisation: string) {
  await expect(page.getByRole('button', { name: 'Finish sign-up' })).toBeVisible({ timeout: 20_000 });
  await expectNoSeriousA11yViolations(page, 'the sign-up details');
  await page.getByLabel('Organisation name').fill(organisation);
  await page.getByLabel('First name').fill('Ann');
  await page.getByLabel('Last name').fill('Baker');
  await page.getByRole('button', { name: 'Finish sign-up' }).click();
  // The result waits for its confirmation: signing up led here, not to the dashboard.
  await page.waitForURL('**/dashboard/save-results');
}

/**
 * Signing up did not attach the result; the page names it (the survey, its day, the organisation its
 * answers name) and where it goes, and confirming saves it there.
 */
async function confirmOnSavePage(page: Page, organisation: string, named: string | null, shot?: string) {
  await page.goto(paths.results());
  await expect(page.getByRole('heading', { name: 'You have not completed a Quickscan yet' })).toBeVisible();
  await page.goto(paths.saveResults());
  const waiting = page.getByRole('region', { name: title });
  await expect(waiting).toBeVisible();
  await expect(waiting.getByRole('definition')).toHaveText([
    /\d{4}/,
    ...(named ? [named] : []),
    organisation,
  ]);
  await expectNoSeriousA11yViolations(page, 'the page that asks to confirm the results');
  if (shot) await snap(page, shot);
  await waiting.getByRole('button', { name: `Save to ${organisation}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved:' })).toContainText(
    `your results of ${title} are now in ${organisation}.`,
  );
  await expect(page.getByText('No other results are waiting for you.')).toBeVisible();
}

/** The dashboard's Results show the score the outro showed. */
async function expectScoreOnResults(page: Page, score: { points: string; max: string; chart: string }) {
  await page.goto(paths.results());
  await expect(page.getByText(`Overall score: ${score.points} out of ${score.max}`)).toBeVisible();
  await expect(page.getByRole('img', { name: score.chart, exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Results after saving the score');
}

/** A respondent who answers one scored question and finishes, the quick way through the slides. */
async function finishQuickly(page: Page) {
  const survey = new SurveyPage(page);
  const scored = slides.find(
    (slide) => slide.sectionId > 1 && slide.questions.some((q) => q.type === 'multipleChoice'),
  )!;
  await page.goto(slideUrl(scored));
  await survey.expectSlide(scored);
  await survey.answer(scored);
  await expect(survey.saveStatus()).toHaveText('All answers saved');
  const last = slides.at(-1)!;
  await page.goto(slideUrl(last));
  await survey.expectSlide(last);
  await survey.next(null);
  await survey.expectThankYou();
}

/** The account this browser's Firebase session holds, as the Auth SDK persists it (localStorage). */
function sessionUser(page: Page) {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('firebase:authUser:'));
    return key
      ? (JSON.parse(localStorage.getItem(key)!) as { uid: string; isAnonymous: boolean; email?: string })
      : null;
  });
}

async function secondDevice(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE });
  return { context, page: await context.newPage() };
}

test('an anonymous respondent sees the score on the outro and keeps it by opening the link in the same browser', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const survey = new SurveyPage(page);
  await page.goto(paths.survey('demo-publisher', 'quickscan'));
  await survey.begin(title, slides[0]!);
  for (const [index, slide] of slides.entries()) {
    await survey.answer(slide, (question) =>
      question.id === 'company-name' ? 'Harbour Bakery' : `Our answer to ${question.id}`,
    );
    await survey.next(slides[index + 1] ?? null);
  }
  await survey.expectThankYou();
  const score = await expectScoreOnOutro(page);
  await expectNoSeriousA11yViolations(page, 'the outro with the score');
  await snap(page, 'outro-score-phone');

  const respondent = await sessionUser(page);
  expect(respondent).toMatchObject({ isAnonymous: true });

  const email = uniqueEmail('keeper');
  const link = await saveMyResults(page, email);
  await page.goto(link);
  await finishSignUp(page, 'Harbour Bakery Ltd');
  // The link upgraded the anonymous account to the address: the same uid, not a new account.
  expect(await sessionUser(page)).toMatchObject({ uid: respondent!.uid, isAnonymous: false, email });
  await confirmOnSavePage(page, 'Harbour Bakery Ltd', 'Harbour Bakery', 'confirm-save-phone');
  await expectScoreOnResults(page, score);
  await snap(page, 'results-after-saving-phone');
});

test('the link opened on a second device still gets the result, once the address is typed', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await finishQuickly(page);
  const score = await expectScoreOnOutro(page);
  const email = uniqueEmail('second-device');
  const link = await saveMyResults(page, email);

  const other = await secondDevice(browser);
  await other.page.goto(link);
  await expect(other.page.getByText('You opened the link on a different device or browser.')).toBeVisible();
  await expectNoSeriousA11yViolations(other.page, 'the second device asking for the address');
  await other.page.getByLabel('E-mail address').fill(email);
  await other.page.getByRole('button', { name: 'Finish signing in' }).click();
  await finishSignUp(other.page, 'Second Device Ltd');
  await confirmOnSavePage(other.page, 'Second Device Ltd', null);
  await expectScoreOnResults(other.page, score);
  await snap(other.page, 'results-on-second-device-phone');
  await other.context.close();
});

test('a wrong address typed on the second device is told it does not match, and the right one still works', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await finishQuickly(page);
  const score = await expectScoreOnOutro(page);
  const email = uniqueEmail('mismatch');
  const link = await saveMyResults(page, email);

  const other = await secondDevice(browser);
  await other.page.goto(link);
  await other.page.getByLabel('E-mail address').fill(uniqueEmail('typo'));
  await other.page.getByRole('button', { name: 'Finish signing in' }).click();
  await expect(other.page.getByText(/does not match the one the sign-in link was sent to/)).toBeVisible();
  await expect(other.page.getByText(/expired/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(other.page, 'the address mismatch');
  await snap(other.page, 'address-mismatch-phone');

  await other.page.getByLabel('E-mail address').fill(email);
  await other.page.getByRole('button', { name: 'Finish signing in' }).click();
  await finishSignUp(other.page, 'Right Address Ltd');
  await confirmOnSavePage(other.page, 'Right Address Ltd', null);
  await expectScoreOnResults(other.page, score);
  await other.context.close();
});
