// An owner changes a member's role on Users, then reads it on Activity, in words
// with the date and time, among the member's invitation and joining; the Kind filter is kept in the
// address; on a phone too.
import { AppPage } from '../support/app-page';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { createOwner, openSession, uniqueEmail } from '../support/auth';
import { expect, test } from '../support/stack';

test("an owner changes a member's role and finds the change on Activity, on a desktop and a phone", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const app = new AppPage(page);
  const owner = await createOwner(uniqueEmail('activity-owner'), {
    organisationName: 'Harbour Ledger',
    firstName: 'Dana',
    lastName: 'Lee',
  });
  // Joined by accepting a team invite, before giving any name: named by their address.
  const member = uniqueEmail('activity-member');
  await owner.addMember(member, 'user');

  await openSession(page, owner.email);
  await app.dashboardLink('Users').click();
  await app.expectScreen('Users', '/dashboard/users');
  const row = page.getByRole('list', { name: 'Team members' }).getByRole('listitem', { name: member });
  await row.getByLabel(`Role of ${member}`).selectOption({ label: 'Admin' });
  await row.getByRole('button', { name: 'Change role' }).click();
  await expect(row.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  await app.dashboardLink('Activity').click();
  await app.expectScreen('Activity', '/dashboard/activity');
  const entries = page.getByRole('list', { name: 'Activity, newest first' }).getByRole('listitem');
  await expect(entries.first()).toContainText(`Dana Lee changed ${member}'s role from User to Admin.`);
  // When, in the browser's own locale and zone: today.
  const today = await page.evaluate(() =>
    new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date()),
  );
  await expect(entries.first().locator('time')).toContainText(today);
  await expect(entries.filter({ hasText: `${member} joined as User.` })).toHaveCount(1);
  await expect(entries.filter({ hasText: `Dana Lee invited ${member} to join as User.` })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, 'activity');
  await page.screenshot({ path: test.info().outputPath('activity-desktop.png'), fullPage: true });

  // One kind only, kept in the address: a reload shows the same.
  await page.getByLabel('Kind').selectOption({ label: 'Role changed' });
  await expect(page).toHaveURL(/\/dashboard\/activity\?kind=role\.changed$/);
  const roleChanges = page.getByRole('list', { name: 'Role changed, newest first' }).getByRole('listitem');
  await expect(roleChanges).toHaveCount(1);
  await page.reload();
  await expect(page.getByLabel('Kind')).toHaveValue('role.changed');
  await expect(roleChanges).toHaveText([
    new RegExp(`^Dana Lee changed ${member.replace(/[.]/g, '\\.')}'s role`),
  ]);

  // On a phone: the words wrap within the screen, nothing runs off its side.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(roleChanges.first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page, 'activity on a phone');
  await page.screenshot({ path: test.info().outputPath('activity-phone.png'), fullPage: true });
});
