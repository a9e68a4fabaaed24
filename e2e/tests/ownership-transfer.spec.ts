// An owner hands the organisation to a colleague. The owner invites a colleague
// from Users, who joins on their phone; the owner offers them ownership after a confirmation of what
// changes; the colleague, told by mail, accepts on the dashboard's first page (they cannot open
// Users yet); Users then shows them as owner and the former owner as admin, on phone and desktop.
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { AppPage } from '../support/app-page';
import { signInAsNewOwner, uniqueEmail } from '../support/auth';
import { linkIn, waitForMail } from '../support/mail';
import { expect, test } from '../support/stack';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

test('an owner hands ownership to a colleague who accepts it, and becomes an admin', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const app = new AppPage(page);
  await page.setViewportSize(DESKTOP);
  const owner = await signInAsNewOwner(page);
  const ownerName = `${owner.firstName} ${owner.lastName}`;

  // The owner invites a colleague from Users, who joins on their phone.
  const colleague = uniqueEmail('colleague');
  // The name the colleague gives as they accept, which the team then knows them by.
  const colleagueName = 'Cara Lane';
  await app.dashboardLink('Users').click();
  await app.expectScreen('Users', '/dashboard/users');
  await page.getByLabel('E-mail address').fill(colleague);
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Invite sent to ${colleague}` })).toBeVisible();
  const invite = linkIn(await waitForMail(colleague, /^Invitation to join the team of /), '/journey/');

  const colleagueContext = await browser.newContext({ viewport: PHONE });
  try {
    const colleaguePage = await colleagueContext.newPage();
    const colleagueApp = new AppPage(colleaguePage);
    await colleaguePage.goto(invite);
    await colleaguePage.getByLabel('First name').fill('Cara');
    await colleaguePage.getByLabel('Last name').fill('Lane');
    await colleaguePage.getByRole('button', { name: 'Accept and join' }).click();
    await colleagueApp.expectDashboardHome();

    // The owner offers ownership from the colleague's row, after reading what changes.
    await page.reload();
    await app.expectScreen('Users', '/dashboard/users');
    const row = page.getByRole('listitem', { name: colleagueName });
    await row.getByRole('button', { name: 'Transfer ownership' }).click();
    const confirm = row.getByRole('group', { name: `Confirm transferring ownership to ${colleagueName}` });
    await expect(confirm).toContainText(`${colleagueName} becomes the owner`);
    await expect(confirm).toContainText('you become an admin');
    await expectNoSeriousA11yViolations(page, 'Users, confirming an ownership transfer');
    await confirm.getByRole('button', { name: 'Yes, offer ownership' }).click();
    await expect(
      row.getByRole('status').filter({ hasText: `Ownership offered to ${colleagueName}` }),
    ).toBeVisible();
    const pending = page.getByRole('region', { name: `Ownership offered to ${colleagueName}` });
    await expect(pending.getByRole('button', { name: 'Cancel the offer' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Transfer ownership' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page, 'Users with an ownership offer standing');
    await page.screenshot({ path: test.info().outputPath('owner-offer-desktop.png'), fullPage: true });

    // The colleague is told by mail; its link leads to the dashboard's first page, where they accept.
    const offerMail = await waitForMail(colleague, /^Ownership offered to you: /);
    const answerAt = linkIn(offerMail, '/dashboard');
    expect(new URL(answerAt).pathname).toBe('/dashboard');
    await colleaguePage.goto(answerAt);
    await colleagueApp.expectDashboardHome();
    const notice = colleaguePage.getByRole('region', { name: `${ownerName} offers you ownership` });
    await expect(notice).toContainText(`${ownerName} becomes an admin`);
    await expectNoSeriousA11yViolations(colleaguePage, 'the dashboard with an ownership offer, on a phone');
    await colleaguePage.screenshot({
      path: test.info().outputPath('colleague-offer-phone.png'),
      fullPage: true,
    });
    await notice.getByRole('button', { name: 'Accept ownership' }).click();
    await expect(notice).toHaveCount(0);
    await expect(colleaguePage.getByRole('region', { name: 'You are now the owner' })).toContainText(
      `${ownerName} is an admin`,
    );

    // The new owner's Users, on the phone: they own the organisation, the former owner is admin.
    await colleaguePage.goto('/dashboard/users');
    await colleagueApp.expectScreen('Users', '/dashboard/users');
    await expect(colleaguePage.getByRole('listitem', { name: colleagueName })).toContainText('Role: Owner');
    await expect(colleaguePage.getByLabel(`Role of ${ownerName}`)).toHaveValue('admin');
    await expectNoSeriousA11yViolations(colleaguePage, 'Users after the transfer, on a phone');
    await colleaguePage.screenshot({
      path: test.info().outputPath('new-owner-users-phone.png'),
      fullPage: true,
    });

    // The former owner's Users, on a desktop: the same, and no offer stands.
    await page.reload();
    await app.expectScreen('Users', '/dashboard/users');
    await expect(row).toContainText('Role: Owner');
    await expect(page.getByRole('listitem', { name: ownerName })).toContainText('Role: Admin');
    await expect(pending).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Transfer ownership' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'Users after the transfer, as the former owner');
    await page.screenshot({ path: test.info().outputPath('former-owner-users-desktop.png'), fullPage: true });
  } finally {
    await colleagueContext.close();
  }
});
