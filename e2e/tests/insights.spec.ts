// Issue 14: a publisher's staff see what their survey received. An anonymous respondent completes
// the publisher's Quickscan; the publisher's owner sees the count rise and opens that result.
import type { Page } from '@playwright/test';
import { signInThroughPortal } from '../support/auth';
import { expect, test } from '../support/stack';
import { SurveyPage, surveySlides } from '../support/survey-page';

const PUBLISHER_OWNER = 'owner@demo-publisher.example';

const completedFigure = (page: Page) =>
  page
    .locator('dl div')
    .filter({ has: page.locator('dt', { hasText: /^Completed$/ }) })
    .locator('dd');

test('the publisher sees a new Quickscan result arrive and opens it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signInThroughPortal(page, PUBLISHER_OWNER);
  await page.goto('/dashboard/insights?survey=quickscan');
  const { title, slides } = surveySlides('quickscan');
  await expect(page.getByRole('heading', { name: `Received: ${title}` })).toBeVisible();
  const before =
    (await completedFigure(page).count()) > 0 ? Number(await completedFigure(page).innerText()) : 0;

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
  await expect(completedFigure(page)).toHaveText(String(before + 1));
  await page.getByRole('link', { name: `Open the result of ${company}` }).click();
  await expect(page.getByRole('heading', { name: `Result from ${company}` })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/insights\?survey=quickscan&result=/);
  // Every answer is shown in words, section by section.
  await expect(page.getByRole('heading', { name: 'Energy and emissions' })).toBeVisible();
});
