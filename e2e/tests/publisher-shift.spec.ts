// A publisher's owner back on the dashboard on a phone: the page stays still while the profile
// answers late, since the brand worn last time on this device is worn from the first paint and the
// font and logo do not change when the profile and its brand arrive; and a section whose code and
// first reads were prefetched opens on its content, without a loading state in between and
// without asking again.
import type { Page } from '@playwright/test';
import { openSession } from '../support/auth';
import { watchShifts } from '../support/layout-shift';
import { expect, test } from '../support/stack';

const OWNER = { email: 'owner@demo-publisher.example', firstName: 'Dana' };

const shifted = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0),
  );

/** Records whether a loading state shows in the page from now on. */
const watchLoading = (page: Page) =>
  page.evaluate(() => {
    const seen = { loading: false };
    (window as unknown as { __loading: typeof seen }).__loading = seen;
    // No named function in here: the test's compiler would wrap it in a helper the page lacks.
    new MutationObserver(() => {
      if (
        [...document.querySelectorAll('[role=status]')].some((status) =>
          /loading/i.test(status.textContent ?? ''),
        )
      )
        seen.loading = true;
    }).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });

test('a publisher’s first screen stays still while its profile answers late, and a prefetched section opens on its content', async ({
  page,
}) => {
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
  // Profile's own read besides the profile, asked once the first screen's reads and the sections
  // before it were read ahead (so not yet at the page's load).
  const profileRead = page.waitForResponse((response) =>
    response.url().endsWith('/organisation-quickscanDetails'),
  );
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

  await profileRead;
  let askedAfter = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/organisation-quickscanDetails')) askedAfter += 1;
  });
  await watchLoading(page);
  // A section that needs no fresh claims (the shell refreshes them on arriving at one that does).
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue(OWNER.firstName);
  expect(
    await page.evaluate(() => (window as unknown as { __loading: { loading: boolean } }).__loading.loading),
  ).toBe(false);
  expect(askedAfter).toBe(0);
});
