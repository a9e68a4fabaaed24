// A business owner with a completed Quickscan plans two suggested actions, sees where
// they stand on Insights and downloads their PDF report (read back here for the organisation, its
// scores and the plan) and their CSV.
import { readFileSync } from 'node:fs';
import { AppPage } from '../support/app-page';
import { signInAsNewOwner } from '../support/auth';
import { pdfText } from '../support/pdf';
import { expect, test } from '../support/stack';
import { surveySlides } from '../support/survey-page';
import { completeBusinessQuickscan } from '../support/survey-api';

test('a business owner plans two actions, reads the benchmark and downloads the PDF report and the CSV', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const app = new AppPage(page);
  const organisation = `Harbour Bakery ${Date.now()}`;
  const owner = await signInAsNewOwner(page);

  await app.dashboardLink('Profile').click();
  await page.getByLabel('Organisation name').fill(organisation);
  await page.getByRole('button', { name: 'Save organisation details' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  await completeBusinessQuickscan(owner.idToken);
  const { title } = surveySlides('business-quickscan');

  // Two suggested actions go into the plan.
  await page.goto('/dashboard/actions');
  await expect(page.getByRole('heading', { name: 'Suggested for you' })).toBeVisible();
  const planned: string[] = [];
  for (let i = 0; i < 2; i++) {
    const add = page.getByRole('button', { name: /^Add “.*” to plan$/ }).first();
    const name = (await add.innerText()).replace(/^Add “|” to plan$/g, '');
    await add.click();
    await expect(page.getByRole('group', { name }).getByLabel('Status')).toBeVisible();
    planned.push(name);
  }
  await expect(page.getByText('0% done (0 of 2)')).toBeVisible();

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
  for (const name of planned) expect(text).toContain(`${name} (not started)`);
});
