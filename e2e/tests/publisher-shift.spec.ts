// A publisher's owner back on the dashboard on a phone: the page stays still while the profile
// answers late, since the brand worn last time on this device is worn from the first paint and the
// font and logo do not change when the profile and its brand arrive.
import type { Page } from '@playwright/test';
import { openSession } from '../support/auth';
import { watchShifts } from '../support/layout-shift';
import { expect, test } from '../support/stack';

const OWNER = { email: 'owner@demo-publisher.example', firstName: 'Dana' };

const shifted = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0),
  );

test('a publisher’s first screen stays still while its profile answers late', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The first visit on this device, which reads the organisation's brand.
  await openSession(page, OWNER.email);
  const header = page.getByRole('banner');
  await expect(header.getByRole('img', { name: 'Demo Publisher' })).toBeVisible();

  await page.addInitScript(watchShifts);
  // The profile, and so the brand read after it, arrive well after the overview's own reads.
  await page.route('**/account-getProfile', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    return route.fallback();
  });
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`^Welcome( back)?, ${OWNER.firstName}`) }),
  ).toBeVisible();
  await expect(header.getByRole('img', { name: 'Demo Publisher' })).toBeVisible();
  // Every part in: each survey's figures, nothing loading.
  for (const figure of await page.getByRole('region').getByRole('definition').all())
    await expect(figure).toHaveText(/^[\d,]+$/);
  await expect(page.getByRole('status').filter({ hasText: /loading/i })).toHaveCount(0);
  await expect(page.locator('[aria-busy=true]')).toHaveCount(0);
  expect(await shifted(page)).toBeLessThanOrEqual(0.1);
});
