// What the survey learned fills the profile: a business that answered its sector, size and region in
// the Quickscan finds them on Profile, marked as from the Quickscan, and confirming them by saving
// sets the "Add your business details" milestone. A publisher's Survey insights refuse a range that
// ends before it starts beside its end, instead of asking the server.
import type { Page } from '@playwright/test';
import { trendRangeProblem } from '@toolkit/domain';
import { AppPage } from '../support/app-page';
import { createOwner, openSession } from '../support/auth';
import { completeBusinessQuickscan } from '../support/survey-api';
import { expect, test } from '../support/stack';

const FROM_QUICKSCAN = 'From your Quickscan — confirm or edit';

/** A milestone of that name: the innermost list item naming it (a stage's item holds its milestones). */
const milestone = (page: Page, name: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) })
    .last();

test('a business confirms on Profile the sector, size and region its Quickscan gave, which ticks its details milestone', async ({
  page,
}) => {
  const owner = await createOwner();
  await completeBusinessQuickscan(owner.idToken, {
    'industry-sector': 'retail',
    'employee-count': '5-19',
    'business-region': 'vic',
  });
  await openSession(page, owner.email);
  const app = new AppPage(page);
  await app.dashboardLink('Profile').click();
  await app.expectScreen('Profile', '/dashboard/profile');

  const industry = page.getByLabel('Industry');
  const size = page.getByLabel('Size');
  const region = page.getByLabel('Region');
  await expect(industry).toHaveValue('Retail');
  await expect(size).toHaveValue('5 to 19');
  await expect(region).toHaveValue('vic');
  await expect(region.locator('option:checked')).toHaveText('Victoria');
  for (const field of [industry, region]) await expect(field).toHaveAccessibleDescription(FROM_QUICKSCAN);
  await expect(size).toHaveAccessibleDescription(new RegExp(`^${FROM_QUICKSCAN}`));
  await page.getByRole('heading', { name: 'Organisation details' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('profile-from-quickscan.png') });

  await page.getByRole('button', { name: 'Save organisation details' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  // Saved, the details are the profile's own: nothing is marked as the Quickscan's any longer.
  await expect(page.getByText(FROM_QUICKSCAN)).toHaveCount(0);
  await expect(region).toHaveValue('vic');

  await app.mainLink('Journey').click();
  await app.expectScreen('Journey stage 1', '/step1');
  await expect(milestone(page, 'Add your business details')).toContainText('Done');
});

test('a publisher’s Survey insights refuse an end before the start beside the field, asking nothing', async ({
  page,
}) => {
  await openSession(page, 'owner@demo-publisher.example');
  await page.goto('/dashboard/survey-insights');
  await expect(page.getByRole('heading', { name: /^Received: / })).toBeVisible();

  let asked = 0;
  page.on('request', (request) => {
    if (request.url().includes('insights-getSurveyInsights')) asked += 1;
  });
  const from = page.getByLabel('From', { exact: true });
  const to = page.getByLabel('To', { exact: true });
  await from.fill('2026-06-01');
  await expect(page).toHaveURL(/[?&]from=2026-06-01/);
  await expect(page.getByRole('heading', { name: /^Received: / })).toBeVisible();
  const before = asked;
  await to.fill('2026-05-01');

  const why = trendRangeProblem('2026-06-01', '2026-05-01')!;
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await expect(to).toHaveAccessibleDescription(why);
  await expect(page.getByText(/something went wrong/i)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /^Received: / })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('insights-range-refused.png') });
  expect(asked).toBe(before);

  await to.fill('2026-06-30');
  await expect(page.getByRole('heading', { name: /^Received: / })).toBeVisible();
  await expect(to).toHaveAttribute('aria-invalid', 'false');
});
