// Plans through the local billing sandbox. An owner on Free is refused a
// sixth member with a message naming the plan that allows it, chooses Growth, pays on the sandbox's
// checkout page, lands on the success route, can then invite, and goes back to Free; a billing
// member opens Plans but not Users.
import { AppPage } from '../support/app-page';
import { signInAs, signInAsNewOwner, uniqueEmail } from '../support/auth';
import { expect, test } from '../support/stack';

test('an owner upgrades to Growth through the sandbox checkout and cancels back to Free', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  await signInAsNewOwner(page);

  // Free: the owner and four more (invited count from the invite on), then the plan that allows more is named.
  await app.dashboardLink('Users').click();
  const invite = async (email: string) => {
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Send invite' }).click();
  };
  for (let i = 0; i < 4; i++) {
    const email = uniqueEmail(`member${i}`);
    await invite(email);
    await expect(page.getByText(`Invite sent to ${email}`)).toBeVisible();
  }
  await expect(page.getByText(/roles and teams of more than 5 come with the Growth plan/)).toBeVisible();
  const sixth = uniqueEmail('sixth');
  await invite(sixth);
  await expect(
    page.getByText(/Your plan includes up to 5 team members\. The Growth plan allows more/),
  ).toBeVisible();

  await app.mainLink('Plans').click();
  await expect(page.getByRole('heading', { name: 'Free (your plan)' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Features of Growth' })).toContainText(
    'More than five team members',
  );

  // Cancelling the checkout changes nothing.
  await page.getByRole('button', { name: 'Choose Growth' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout: the Growth plan' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Checkout cancelled. Your plan has not changed.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Free (your plan)' })).toBeVisible();

  await page.getByRole('button', { name: 'Choose Growth' }).click();
  await page.getByRole('button', { name: 'Pay for Growth (sandbox)' }).click();
  await expect(page).toHaveURL(/\/dashboard\/plans\/checkout\/cs_sandbox_\w+$/);
  await expect(page.getByText('Thank you: your organisation is on the Growth plan now.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Growth (your plan)' })).toBeVisible();

  // The plan holds after a reload: it is the server's, not the page's.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Growth (your plan)' })).toBeVisible();

  // Now the sixth member joins, with a finer role.
  await page.goto('/dashboard/users');
  await page.getByLabel('E-mail address').fill(sixth);
  await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption({ label: 'Editor' });
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText(`Invite sent to ${sixth}`)).toBeVisible();
  // Members join when they accept: the owner is the team, and five invitations wait.
  await expect(page.getByRole('list', { name: 'Team members' }).getByRole('listitem')).toHaveCount(1);
  await expect(
    page.getByRole('list', { name: 'Invitations not accepted yet' }).getByRole('listitem'),
  ).toHaveCount(5);

  await app.mainLink('Plans').click();

  await page.getByRole('button', { name: 'Cancel the Growth plan' }).click();
  await page.getByRole('button', { name: 'Yes, go back to Free' }).click();
  await expect(page.getByRole('heading', { name: 'Free (your plan)' })).toBeVisible();
});

test('a billing member opens Plans but not Users', async ({ page }) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  await signInAs(page, 'billing');
  await app.mainLink('Plans').click();
  await app.expectScreen('Plans', '/dashboard/plans');
  await page.goto('/dashboard/users');
  await app.expectDashboardHome();
});
