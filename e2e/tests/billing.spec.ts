// Issue 16 (first part): plans through the local billing sandbox. An owner on Free chooses Growth,
// pays on the sandbox's checkout page, lands on the success route and sees the new plan, then goes
// back to Free; a billing member opens Plans but not Users.
import { AppPage } from '../support/app-page';
import { signInAs, signUpAsOwner } from '../support/auth';
import { expect, test } from '../support/stack';

test('an owner upgrades to Growth through the sandbox checkout and cancels back to Free', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  await signUpAsOwner(page);
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
