// A publisher's staff see what their survey received. An anonymous respondent completes
// the publisher's Quickscan; the publisher's owner sees the count rise on the Overview and opens that
// result from the Results workbench.
import type { Page } from '@playwright/test';
import { openSession } from '../support/auth';
import { expect, test } from '../support/stack';
import { surveySlides } from '../support/survey-page';
import { anonymousRespondent, answersTo, completeSurvey } from '../support/survey-api';

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

test('the publisher sees a new Quickscan result arrive and opens it', async ({ page }) => {
  test.setTimeout(180_000);
  await openSession(page, PUBLISHER_OWNER);
  const { title, slides } = surveySlides('quickscan');
  // The figure holds its place with a blank bar while it loads: read it once it is a number.
  await expect(completedFigure(page, title)).toHaveText(/\d/);
  const before = await completedCount(page, title);

  // Someone else, anonymously, completes the publisher's Quickscan from a link naming their company
  // (answering in the browser is the respondent specs' to test).
  const company = `Harbour Bakery ${Date.now()}`;
  await completeSurvey(
    await anonymousRespondent(),
    'demo-publisher',
    'quickscan',
    answersTo(slides.filter((slide) => slide.sectionId === 2)),
    { answers: { 'company-name': company } },
  );

  await page.reload();
  await expect.poll(() => completedCount(page, title)).toBe(before + 1);
  await page.getByRole('link', { name: `All results of ${title}`, exact: true }).click();
  await page.getByRole('link', { name: `Open the result of ${company}` }).click();
  await expect(page.getByRole('heading', { name: `Result from ${company}` })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/received\/quickscan\/[^/?]+$/);
  // Every answer is shown in words, section by section.
  await expect(page.getByRole('heading', { name: 'Energy and emissions' })).toBeVisible();
});
