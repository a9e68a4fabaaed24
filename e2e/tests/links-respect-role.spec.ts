// Links respect who is looking: a milestone on a screen the member's role does not open names who
// can do it instead of linking, and a screen opened by its address that the role does not open lands
// on the dashboard with a notice saying who may open it, never a silent bounce.
import type { Page } from '@playwright/test';
import { AppPage } from '../support/app-page';
import { signInAs } from '../support/auth';
import { expect, test } from '../support/stack';

/** Opens `path` by its address and expects the dashboard, saying who may open it. */
async function expectRefusedWith(page: Page, path: string, notice: string) {
  const app = new AppPage(page);
  await page.goto(path);
  await app.expectDashboardHome();
  await expect(page.getByRole('status').filter({ hasText: notice })).toBeVisible();
}

test('a member with the default role sees the priority download named with who can, and its address says why it stays closed', async ({
  page,
}) => {
  // Invited and accepted through the callables, with the role an invite gives by default.
  await signInAs(page, 'user');
  const explorer = page.getByRole('region', { name: 'Explorer', exact: true });
  const download = explorer.getByRole('listitem').filter({ hasText: 'Download your priority ESGs' });
  await expect(download).toContainText(
    'An owner, admin, billing member, editor or viewer can download your priority ESGs.',
  );
  await expect(download.getByRole('link')).toHaveCount(0);
  // What the role does open is still a link.
  await expect(explorer.getByRole('link', { name: 'Sign the declaration' })).toBeVisible();

  await expectRefusedWith(
    page,
    '/dashboard/insights',
    'Only an owner, admin, billing member, editor or viewer can open Insights, so here is your dashboard.',
  );
});

test('an admin opening Plans by its address is told who may open it', async ({ page }) => {
  await signInAs(page, 'admin');
  await expect(new AppPage(page).mainLink('Plans')).toHaveCount(0);
  await expectRefusedWith(
    page,
    '/dashboard/plans',
    'Only an owner or billing member can open Plans, so here is your dashboard.',
  );
});
