// One organisation, shared. An owner completes the Quickscan and signs the
// declaration; a colleague invited from Users accepts on their phone and finds on the dashboard the
// organisation's results (the owner's score), the same journey progress as the owner's, and the
// signed declaration: what one member did is the organisation's.
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { AppPage } from '../support/app-page';
import { createOwner, openSession, SIGNUP_DETAILS, uniqueEmail } from '../support/auth';
import { linkIn, waitForMail } from '../support/mail';
import { expect, test } from '../support/stack';
import { completeBusinessQuickscan } from '../support/survey-api';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

const OVERALL = /Overall score: [\d.]+ out of 100/;

const progressText = (page: Page) =>
  page.getByRole('progressbar', { name: /Journey progress/ }).getAttribute('aria-valuetext');

test('a member invited from Users sees the organisation’s results, journey and declaration that the owner brought about', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const app = new AppPage(page);
  await page.setViewportSize(DESKTOP);
  // The owner has completed the Quickscan, and reads the score.
  const owner = await createOwner();
  const { organisationName } = SIGNUP_DETAILS;
  await completeBusinessQuickscan(owner.idToken);
  await openSession(page, owner.email);
  await app.expectDashboardHome();
  await app.dashboardLink('Results').click();
  await app.expectScreen('Results', '/dashboard/ready-reckoner');
  const score = (await page.getByText(OVERALL).first().textContent())!.match(OVERALL)![0];

  // ... and signs the declaration.
  await app.dashboardLink('Declaration').click();
  await page.getByRole('checkbox', { name: /may sign it for my organisation/ }).check();
  await page.getByRole('button', { name: 'Sign the declaration' }).click();
  await expect(page.getByRole('heading', { name: 'Your declaration credential' })).toBeVisible();
  await expect(page.getByText(`Signed for ${organisationName}`)).toBeVisible();

  // A colleague is invited from Users.
  const member = uniqueEmail('colleague');
  await app.dashboardLink('Users').click();
  await app.expectScreen('Users', '/dashboard/users');
  await page.getByLabel('E-mail address').fill(member);
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Invite sent to ${member}` })).toBeVisible();
  const link = linkIn(await waitForMail(member, /^Invitation to join the team of /), '/journey/');

  const memberContext = await browser.newContext({ viewport: PHONE });
  try {
    const memberPage = await memberContext.newPage();
    const memberApp = new AppPage(memberPage);
    await memberPage.goto(link);
    await memberPage.getByLabel('First name').fill('Mo');
    await memberPage.getByLabel('Last name').fill('Reid');
    await memberPage.getByRole('button', { name: 'Accept and join' }).click();
    await memberApp.expectDashboardHome();

    // The same journey as the owner's: the organisation's.
    await app.mainLink('Dashboard').click();
    await app.expectDashboardHome();
    const ownerProgress = await progressText(page);
    expect(ownerProgress).toMatch(/^\d+ of 19 milestones · \d+%$/);
    await expect(memberPage.getByRole('progressbar', { name: /Journey progress/ })).toHaveAttribute(
      'aria-valuetext',
      ownerProgress!,
    );
    await expectNoSeriousA11yViolations(memberPage, 'the member’s dashboard on a phone');
    await memberPage.screenshot({ path: test.info().outputPath('member-home-phone.png'), fullPage: true });

    // The owner's results are the organisation's: the member, who answered nothing, reads the same score.
    await memberPage.goto('/dashboard/ready-reckoner');
    await memberApp.expectScreen('Results', '/dashboard/ready-reckoner');
    await expect(memberPage.getByText(score, { exact: false }).first()).toBeVisible();
    await expect(memberPage.getByText('You have not completed a Quickscan yet')).toHaveCount(0);
    await expectNoSeriousA11yViolations(memberPage, 'the member’s Results on a phone');
    await memberPage.screenshot({ path: test.info().outputPath('member-results-phone.png'), fullPage: true });

    // The declaration the owner signed is the organisation's too.
    await memberPage.goto('/dashboard/declaration');
    await expect(memberPage.getByRole('heading', { name: 'Your declaration credential' })).toBeVisible();
    await expect(memberPage.getByText(`Signed for ${organisationName}`)).toBeVisible();
    await expectNoSeriousA11yViolations(memberPage, 'the member’s Declaration on a phone');
    await memberPage.screenshot({
      path: test.info().outputPath('member-declaration-phone.png'),
      fullPage: true,
    });

    await memberPage.setViewportSize(DESKTOP);
    await memberPage.goto('/dashboard');
    await memberApp.expectDashboardHome();
    await expect(memberPage.getByRole('progressbar', { name: /Journey progress/ })).toHaveAttribute(
      'aria-valuetext',
      ownerProgress!,
    );
    await expectNoSeriousA11yViolations(memberPage, 'the member’s dashboard on a desktop');
    await memberPage.screenshot({ path: test.info().outputPath('member-home-desktop.png'), fullPage: true });
  } finally {
    await memberContext.close();
  }
});
