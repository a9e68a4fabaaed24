// A change shows on every screen that displays it, without a reload: inviting a member lists the
// invitation on Users at once, and the journey's "Invite a team member" milestone, read before the
// invite, is done when the owner goes back to it.
import type { Page } from '@playwright/test';
import { AppPage } from '../support/app-page';
import { signInAsNewOwner, uniqueEmail } from '../support/auth';
import { expect, test } from '../support/stack';

const milestone = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });

test('an invite updates the team list and the journey in place, with no reload', async ({ page }) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  const invitee = uniqueEmail('refresh');
  await signInAsNewOwner(page);

  await app.mainLink('Journey').click();
  await app.expectScreen('Journey stage 1', '/step1');
  await expect(milestone(page, 'Invite a team member')).toContainText('Not done');
  // Marks this document: a reload would drop the mark.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  await app.mainLink('Dashboard').click();
  await app.expectDashboardHome();
  await app.dashboardLink('Users').click();
  await app.expectScreen('Users', '/dashboard/users');
  const waiting = page.getByRole('list', { name: 'Invitations not accepted yet' });
  await expect(waiting).toHaveCount(0);
  await page.getByLabel('E-mail address').fill(invitee);
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Invite sent to ${invitee}` })).toBeVisible();
  await expect(waiting.getByRole('listitem').filter({ hasText: invitee })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('users-after-invite-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('users-after-invite-phone.png'), fullPage: true });

  await app.mainLink('Journey').click();
  await app.expectScreen('Journey stage 1', '/step1');
  await expect(milestone(page, 'Invite a team member')).toContainText('Done');
  expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('journey-after-invite-phone.png'), fullPage: true });
});
