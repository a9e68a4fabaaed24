// The live tenant user profile: the Profile screen follows a change saved in
// another session of the same account, without a reload.
import { AppPage } from '../support/app-page';
import { openSession, signInAsNewOwner, SIGNUP_DETAILS } from '../support/auth';
import { expect, test } from '../support/stack';

test('a name saved in another tab appears on the open Profile screen without a reload', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  const { email } = await signInAsNewOwner(page);
  await app.dashboardLink('Profile').click();
  await app.expectScreen('Profile', '/dashboard/profile');
  // The names given at sign-up, until the other tab changes them.
  await expect(page.getByLabel('First name')).toHaveValue(SIGNUP_DETAILS.firstName);

  const otherContext = await browser.newContext();
  try {
    const other = await otherContext.newPage();
    const otherApp = new AppPage(other);
    await openSession(other, email);
    await otherApp.dashboardLink('Profile').click();
    await otherApp.expectScreen('Profile', '/dashboard/profile');
    await other.getByLabel('First name').fill('Robin');
    await other.getByLabel('Last name').fill('Live');
    await other.getByRole('button', { name: 'Save name' }).click();
    await expect(other.getByText('Saved')).toBeVisible();
  } finally {
    await otherContext.close();
  }

  await expect(page.getByLabel('First name')).toHaveValue('Robin');
  await expect(page.getByLabel('Last name')).toHaveValue('Live');
});
