// The dashboard on a phone stays still while its parts arrive: each part that loads has its place
// kept (the organisation's name, the line under the greeting, the next steps, the notifications,
// the prices), so nothing shown moves when the answers come. The callables answer late here, as on a
// slow network, so every part arrives after the page first showed.
import type { Page } from '@playwright/test';
import { AppPage } from '../support/app-page';
import { signInAsNewOwner } from '../support/auth';
import { watchShifts } from '../support/layout-shift';
import { E2E_APP_API_URL, expect, test } from '../support/stack';

/** The shifts since the last call, summed. */
const shiftedSince = (page: Page) =>
  page.evaluate(() => {
    const shifts = (window as unknown as { __shifts: number[] }).__shifts;
    return shifts.splice(0).reduce((sum, value) => sum + value, 0);
  });

/** Every callable answers `ms` late. */
async function slowCallables(page: Page, ms: number) {
  await page.route(`${E2E_APP_API_URL}/**`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return route.fallback();
  });
}

test('a business owner’s dashboard, Manage and Plans stay still on a phone while their parts arrive late', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const owner = await signInAsNewOwner(page);
  const app = new AppPage(page);
  await page.addInitScript(watchShifts);
  // Later than the half second after a tap in which the browser does not count a shift.
  await slowCallables(page, 800);

  await page.reload();
  const steps = page.getByRole('region', { name: 'Your next steps' });
  await expect(steps.getByRole('link').first()).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav.getByText(owner.organisationName)).toBeVisible();
  await expect(page.getByText(`Here is how ${owner.organisationName} is getting on.`)).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
  expect(await shiftedSince(page)).toBeLessThanOrEqual(0.1);

  await app.dashboardLink('Manage').click();
  await expect(page.getByRole('textbox', { name: 'New team members' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Brand' })).toBeVisible();
  expect(await shiftedSince(page)).toBeLessThanOrEqual(0.1);

  await app.mainLink('Plans').click();
  await expect(page.getByRole('list', { name: 'Plans' })).not.toHaveAttribute('aria-busy');
  await expect(page.getByText('No invoices yet', { exact: false })).toBeVisible();
  expect(await shiftedSince(page)).toBeLessThanOrEqual(0.1);
});
