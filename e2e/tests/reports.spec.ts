// Issue 14: a business owner with a completed Quickscan sees where they stand on Insights and
// downloads their PDF report (read back here for the organisation and its scores) and their CSV.
import { readFileSync } from 'node:fs';
import { AppPage } from '../support/app-page';
import { signUpAsOwner } from '../support/auth';
import { pdfText } from '../support/pdf';
import { expect, test } from '../support/stack';
import { SurveyPage, surveySlides } from '../support/survey-page';

test('a business owner reads the benchmark and downloads the PDF report and the CSV', async ({ page }) => {
  test.setTimeout(180_000);
  const app = new AppPage(page);
  const organisation = `Harbour Bakery ${Date.now()}`;
  await signUpAsOwner(page);

  await app.dashboardLink('Profile').click();
  await page.getByLabel('Organisation name').fill(organisation);
  await page.getByRole('button', { name: 'Save organisation details' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  const { title, slides } = surveySlides('business-quickscan');
  const survey = new SurveyPage(page);
  await page.goto('/survey/demo-publisher/business-quickscan');
  await survey.begin(title, slides[0]!);
  for (const [index, slide] of slides.entries()) {
    if (slide.sectionId === 2) await survey.answer(slide);
    await survey.next(slides[index + 1] ?? null);
  }
  await survey.expectThankYou();

  await page.goto('/dashboard/insights');
  await expect(page.getByRole('heading', { name: `How you compare: ${title}` })).toBeVisible();
  const history = page.getByRole('table', { name: 'Your completed results' });
  await expect(history.getByRole('row')).toHaveCount(2);
  const overall = (await history.getByRole('row').nth(1).getByRole('cell').first().innerText()).trim();
  // The benchmark, or (with too few organisations on this stack) how many it still needs.
  await expect(
    page
      .getByText(/^Compared with \d+ organisations/)
      .or(page.getByText(/The peer benchmark appears once 10 organisations have completed/)),
  ).toBeVisible();

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download your results (CSV)' }).click();
  const csv = readFileSync((await (await csvDownload).path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toContain('Completed,Overall %,Band');
  expect(csv).toContain(`,${overall.replace('%', '')},`);

  await page.goto('/dashboard/reports');
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF report' }).click();
  const download = await pdfDownload;
  expect(download.suggestedFilename()).toMatch(/^harbour-bakery-\d+-.*-report\.pdf$/);
  const text = pdfText(readFileSync((await download.path())!)).join('\n');
  expect(text).toContain(organisation);
  expect(text).toContain(title);
  expect(text).toMatch(new RegExp(`Overall score: ${overall.replace('.', '\\.')} \\(`));
  expect(text).toMatch(/Energy and emissions: \d+(\.\d+)?%/);
});
