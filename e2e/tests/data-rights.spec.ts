// A person's data rights. A business owner who completed the Quickscan downloads
// their data from Profile and the file holds their answers; a member they invited deletes their
// account through the link e-mailed to them, after which their account is gone (signing in again
// starts a new sign-up) and their name and address appear nowhere in the organisation's Users.
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import type { MyDataExport } from '@toolkit/domain';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { AppPage } from '../support/app-page';
import { createOwner, identity, openSession, uniqueEmail } from '../support/auth';
import { linkIn, waitForMail } from '../support/mail';
import { expect, test } from '../support/stack';
import { completeBusinessQuickscan } from '../support/survey-api';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const MEMBER_NAMES = { first: 'Mirela', last: 'Dunstable' };

/** Clicks `button` and answers the text of the file the browser saved. */
async function savedText(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return {
    name: (download as Download).suggestedFilename(),
    text: await readFile(await download.path(), 'utf8'),
  };
}

test('an owner downloads their data and reads their answers in it; a member deletes their account by the mailed link and is gone', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const app = new AppPage(page);
  await page.setViewportSize(DESKTOP);
  // The owner has completed the Quickscan, answering its energy section.
  const owner = await createOwner();
  const ownerEmail = owner.email;
  const { answers } = await completeBusinessQuickscan(owner.idToken);
  expect(Object.keys(answers).length).toBeGreaterThan(0);
  await openSession(page, ownerEmail);

  // Profile → Download my data: one JSON file holding the result with those answers.
  await page.goto('/dashboard/profile');
  await app.expectScreen('Profile', '/dashboard/profile');
  const yourData = page.getByRole('group', { name: 'Your data' });
  const json = await savedText(page, () =>
    yourData.getByRole('button', { name: 'Download my data' }).click(),
  );
  expect(json.name).toMatch(/^my-data-\d{4}-\d\d-\d\d\.json$/);
  const exported = JSON.parse(json.text) as MyDataExport;
  const [result] = exported.collections.results;
  expect(exported.collections.results).toHaveLength(1);
  expect(result!.data).toMatchObject({ isCompleted: true, questions: answers });
  expect(exported.collections.memberships[0]!.data).toMatchObject({ role: 'owner' });
  // ... and the same result as a spreadsheet.
  const csv = await savedText(page, () =>
    yourData.getByRole('button', { name: 'Survey results (1)' }).click(),
  );
  expect(csv.name).toMatch(/^my-data-results-.*\.csv$/);
  expect(csv.text).toContain(result!.path);
  await expect(page.getByText('Your data is downloaded as one JSON file.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Profile with the data download, on a desktop');
  await page.screenshot({ path: test.info().outputPath('profile-data-desktop.png'), fullPage: true });
  await page.setViewportSize(PHONE);
  await expectNoSeriousA11yViolations(page, 'Profile with the data download, on a phone');
  await page.screenshot({ path: test.info().outputPath('profile-data-phone.png'), fullPage: true });
  await page.setViewportSize(DESKTOP);

  // A colleague is invited from Users and joins on their phone, giving their name.
  const member = uniqueEmail('leaver');
  await page.goto('/dashboard/users');
  await app.expectScreen('Users', '/dashboard/users');
  await page.getByLabel('E-mail address').fill(member);
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Invite sent to ${member}` })).toBeVisible();
  const invite = linkIn(await waitForMail(member, /^Invitation to join the team of /), '/journey/');

  const memberContext = await browser.newContext({ viewport: PHONE });
  try {
    const memberPage = await memberContext.newPage();
    const memberApp = new AppPage(memberPage);
    await memberPage.goto(invite);
    await memberPage.getByLabel('First name').fill(MEMBER_NAMES.first);
    await memberPage.getByLabel('Last name').fill(MEMBER_NAMES.last);
    await memberPage.getByRole('button', { name: 'Accept and join' }).click();
    await memberApp.expectDashboardHome();
    await memberPage.goto('/dashboard/profile');
    await memberApp.expectScreen('Profile', '/dashboard/profile');
    await memberPage.getByLabel('First name').fill(MEMBER_NAMES.first);
    await memberPage.getByLabel('Last name').fill(MEMBER_NAMES.last);
    await memberPage.getByRole('button', { name: 'Save name' }).click();
    await expect(memberPage.getByRole('status').filter({ hasText: 'Saved' }).first()).toBeVisible();
    await page.reload();
    await expect(page.getByText(MEMBER_NAMES.last).first()).toBeVisible();

    // Delete my account → the link arrives by e-mail → opening it asks once more → deleted.
    const askedAt = Date.now() - 1000;
    const deletion = memberPage.getByRole('group', { name: 'Delete your account' });
    await deletion.getByRole('button', { name: 'Delete my account' }).click();
    await expect(deletion.getByText(`We've e-mailed a link to ${member}.`, { exact: false })).toBeVisible();
    const mail = await waitForMail(member, /^Confirm deleting your Sustainability Toolkit account$/, {
      after: askedAt,
    });
    await memberPage.goto(linkIn(mail, '#delete-account='));
    await expect(memberPage.getByRole('heading', { name: 'Delete your account?' })).toBeVisible();
    await expectNoSeriousA11yViolations(memberPage, 'the deletion confirmation on a phone');
    await memberPage.screenshot({
      path: test.info().outputPath('confirm-deletion-phone.png'),
      fullPage: true,
    });
    await memberPage.getByRole('button', { name: 'Delete my account permanently' }).click();
    await memberApp.expectPortal();
    await expect(
      memberPage.getByRole('status').filter({ hasText: 'Your account has been deleted' }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(memberPage, 'the portal after the account was deleted, on a phone');

    // The account is gone: the identity provider knows no such address, and a sign-in link now
    // starts a new sign-up rather than opening the organisation.
    const { registered } = await identity<{ registered: boolean }>('createAuthUri', {
      identifier: member,
      continueUri: 'http://localhost/',
    });
    expect(registered).toBe(false);
    const signInAt = Date.now() - 1000;
    await memberPage.getByLabel('E-mail address').fill(member);
    await memberPage.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    const signIn = await waitForMail(member, /sign in/i, { after: signInAt });
    await memberPage.goto(linkIn(signIn, 'oobCode'));
    await expect(memberPage.getByRole('button', { name: 'Finish sign-up' })).toBeVisible({ timeout: 45_000 });
  } finally {
    await memberContext.close();
  }

  // Their name and address appear nowhere among the organisation's users.
  await page.reload();
  await app.expectScreen('Users', '/dashboard/users');
  const main = page.locator('#root');
  await expect(main.getByText(ownerEmail).first()).toBeVisible();
  await expect(main.getByText(member)).toHaveCount(0);
  await expect(main.getByText(MEMBER_NAMES.first)).toHaveCount(0);
  await expect(main.getByText(MEMBER_NAMES.last)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'Users after the member left, on a desktop');
  await page.screenshot({ path: test.info().outputPath('users-after-deletion-desktop.png'), fullPage: true });
});
