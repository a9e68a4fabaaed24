// A publisher's staff see what their survey received. An anonymous respondent completes
// the publisher's Quickscan; the publisher's owner sees the count rise on the Overview and opens that
// result from the Results workbench.
import type { Page } from '@playwright/test';
import { signInThroughPortal } from '../support/auth';
import { expect, test } from '../support/stack';
import { SurveyPage, surveySlides } from '../support/survey-page';

const PUBLISHER_OWNER = 'owner@demo-publisher.example';

/** The Quickscan's completed count on the Overview, however the locale groups its digits. */
const completedFigure = (page: Page, title: string) =>
  page
    .getByRole('region', { name: title, exact: true })
    .locator('dl div')
    .filter({ has: page.locator('dt', { hasText: /^Completed$/ }) })
    .locator('dd');
const completedCount = async (page: Page, title: string) =>
  Number((await completedFigure(page, title).innerText()).replace(/\D/g, ''));

test('the publisher sees a new Quickscan result arrive and opens it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signInThroughPortal(page, PUBLISHER_OWNER);
  const { title, slides } = surveySlides('quickscan');
  await expect(completedFigure(page, title)).toBeVisible();
  const before = await completedCount(page, title);

  // Someone else, anonymously and in another browser, completes the publisher's Quickscan.
  const company = `Harbour Bakery ${Date.now()}`;
  const respondent = await browser.newContext();
  const respondentPage = await respondent.newPage();
  const survey = new SurveyPage(respondentPage);
  await respondentPage.goto(
    `/survey/demo-publisher/quickscan?${new URLSearchParams({ companyName: company })}`,
  );
  await survey.begin(title, slides[0]!);
  for (const [index, slide] of slides.entries()) {
    if (slide.sectionId === 2) await survey.answer(slide);
    await survey.next(slides[index + 1] ?? null);
  }
  await survey.expectThankYou();
  await respondent.close();

  await page.reload();
  await expect.poll(() => completedCount(page, title)).toBe(before + 1);
  await page.getByRole('link', { name: `All results of ${title}`, exact: true }).click();
  await page.getByRole('link', { name: `Open the result of ${company}` }).click();
  await expect(page.getByRole('heading', { name: `Result from ${company}` })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/received\/quickscan\/[^/?]+$/);
  // Every answer is shown in words, section by section.
  await expect(page.getByRole('heading', { name: 'Energy and emissions' })).toBeVisible();
});
