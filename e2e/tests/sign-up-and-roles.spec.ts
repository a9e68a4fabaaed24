// A business signs up with an e-mail link and becomes owner of a new tenant; the owner
// gives a team member the admin role and takes it back, which applies on the member's next navigation
// and ends their sessions.
import { AppPage } from '../support/app-page';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import {
  createOwner,
  fillSignupDetails,
  openSession,
  signInThroughPortal,
  uniqueEmail,
} from '../support/auth';
import { linkIn, waitForMail } from '../support/mail';
import { expect, test } from '../support/stack';

test('a new business signs up by e-mail link; its owner makes a member admin and removes the role again', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const app = new AppPage(page);
  const owner = uniqueEmail('owner');
  const member = uniqueEmail('member');

  // Sign-up through the Quickscan toolkit portal: the link arrives in the inbox and signs them in.
  const requestedAt = Date.now() - 1000;
  await page.goto('/flow/quickscan');
  await page.getByLabel('E-mail address').fill(owner);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await expect(page.getByText(`we sent a sign-in link to ${owner}`)).toBeVisible();
  const signInMail = await waitForMail(owner, /sign in/i, { after: requestedAt });
  await page.goto(linkIn(signInMail, 'oobCode'));

  // A new organisation is asked its name and its owner's, checked before anything is set up.
  const organisation = `Harbour Bakery ${Date.now()}`;
  await expect(page.getByRole('heading', { name: 'About your organisation' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'sign-up details');
  await page.getByRole('button', { name: 'Finish sign-up' }).click();
  await expect(page.getByLabel('Organisation name')).toHaveAccessibleDescription(
    'Enter your organisation’s name.',
  );
  await expect(page.getByLabel('Organisation name')).toBeFocused();
  await expect(page.getByLabel('Last name')).toHaveAccessibleDescription('Enter your last name.');
  await expect(page).toHaveURL(/\/complete-signup/);
  await fillSignupDetails(page, { organisationName: organisation, firstName: 'Ann', lastName: 'Baker' });
  await app.expectDashboardHome();
  // The first visit after sign-up: no "Welcome back" to someone who has not been here before.
  await app.expectScreen('Welcome, Ann');
  await expect(page.getByText(`Here is how ${organisation} is getting on.`)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'dashboard home');

  // The declaration is signed in the organisation's name as sign-up stored it.
  await app.dashboardLink('Declaration').click();
  await page.getByRole('checkbox', { name: /may sign it for my organisation/ }).check();
  await page.getByRole('button', { name: 'Sign the declaration' }).click();
  await expect(page.getByText(`Signed for ${organisation} by Ann Baker`)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'declaration');

  // Owner of a new tenant: alone in it, with every right.
  await expect(app.mainLink('Plans')).toBeVisible();
  await app.dashboardLink('Users').click();
  await app.expectScreen('Users', '/dashboard/users');
  const team = page.getByRole('list', { name: 'Team members' });
  await expect(team.getByRole('listitem')).toHaveCount(1);
  // Named as sign-up stored them, with the address beside it.
  const ownerRow = team.getByRole('listitem', { name: 'Ann Baker' });
  await expect(ownerRow).toContainText('Ann Baker (you)');
  await expect(ownerRow).toContainText(owner);
  await expect(ownerRow).toContainText('Role: Owner');

  // The invited person joins as a user when they accept, then becomes admin.
  await page.getByLabel('E-mail address').fill(member);
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText(`Invite sent to ${member}`)).toBeVisible();
  await expect(team.getByRole('listitem', { name: member })).toHaveCount(0);
  const inviteLink = linkIn(await waitForMail(member, /invit/i), '/journey/');
  // They accept from the e-mail on their phone; later they sign in on their own computer.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const phonePage = await phone.newPage();
    await phonePage.goto(inviteLink);
    // A team invite (Users): accepting joins the organisation and lands on the dashboard.
    // Accepting asks their name, which the team then knows them by.
    await phonePage.getByLabel('First name').fill('Pat');
    await phonePage.getByLabel('Last name').fill('Reed');
    await phonePage.getByRole('button', { name: 'Accept and join' }).click();
    await new AppPage(phonePage).expectDashboardHome();
  } finally {
    await phone.close();
  }
  const memberContext = await browser.newContext();
  try {
    const memberPage = await memberContext.newPage();
    const memberApp = new AppPage(memberPage);

    await page.reload();
    const memberRow = team.getByRole('listitem', { name: 'Pat Reed' });
    const role = memberRow.getByLabel('Role of Pat Reed');
    await expect(role).toHaveValue('user');
    await role.selectOption({ label: 'Admin' });
    await memberRow.getByRole('button', { name: 'Change role' }).click();
    // The row also holds the ownership offer's status, empty here.
    await expect(memberRow.getByRole('status').filter({ hasText: 'Saved' })).toHaveText('Saved');

    // The member, in their own browser, signs in through the portal and opens the Users page.
    await signInThroughPortal(memberPage, member);
    await memberApp.dashboardLink('Users').click();
    await memberApp.expectScreen('Users', '/dashboard/users');
    await expect(memberPage.getByRole('list', { name: 'Team members' }).getByRole('listitem')).toHaveCount(2);
    await memberApp.dashboardLink('Profile').click();
    await memberApp.expectScreen('Profile', '/dashboard/profile');

    // The owner removes the role, after confirming.
    await memberRow.getByRole('button', { name: 'Remove role' }).click();
    await memberRow.getByRole('button', { name: 'Yes, remove the role' }).click();
    await expect(role).toHaveValue('user');
    await expect(memberRow.getByRole('button', { name: 'Remove role' })).toHaveCount(0);

    // The member's page still offers Users, but following it refuses them with their current role.
    await memberApp.dashboardLink('Users').click();
    await memberApp.expectDashboardHome();
    await expect(memberApp.dashboardLink('Users')).toHaveCount(0);

    // Removing the role also ended their sessions: the next change they ask for that the server
    // checks against it signs them out, and the page they land on says why.
    await memberApp.dashboardLink('Profile').click();
    const deletion = memberPage.getByRole('group', { name: 'Delete your account' });
    await deletion.getByRole('button', { name: 'Delete my account' }).click();
    await expect(
      memberPage.getByRole('status').filter({ hasText: 'Your session has ended: sign in again.' }),
    ).toBeVisible();
    await expect(memberPage).not.toHaveURL(/\/dashboard/);
    await expectNoSeriousA11yViolations(memberPage, 'the portal after a session ended');
    // Signing in again starts afresh.
    await signInThroughPortal(memberPage, member);
    await memberApp.expectDashboardHome();
    await expect(memberPage.getByText('Your session has ended: sign in again.')).toHaveCount(0);
  } finally {
    await memberContext.close();
  }
});

test('an organisation stored without a name is taken to its name field when it opens the declaration', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  // Signed up before sign-up asked for names: the organisation has none.
  const { email } = await createOwner(uniqueEmail('unnamed'), null);
  await openSession(page, email);
  await app.expectDashboardHome();

  await app.dashboardLink('Declaration').click();
  await app.expectScreen('Profile', '/dashboard/profile');
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Your declaration is signed in your organisation’s name, so add it here first.' }),
  ).toBeVisible();
  await expect(page.getByLabel('Organisation name')).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'profile, sent to the organisation name');

  await page.getByLabel('Organisation name').fill('Quayside Books');
  await page.getByRole('button', { name: 'Save organisation details' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await app.dashboardLink('Declaration').click();
  await app.expectScreen('Declaration', '/dashboard/declaration');
  await page.getByRole('checkbox', { name: /may sign it for my organisation/ }).check();
  await page.getByRole('button', { name: 'Sign the declaration' }).click();
  await expect(page.getByText('Signed for Quayside Books')).toBeVisible();
});
