import { AppPage } from '../support/app-page';
import { signInWithClaims } from '../support/auth';
import { expect, test } from '../support/stack';

test('back and forward work across remotes', async ({ page }) => {
  const app = new AppPage(page);
  await signInWithClaims(page, { role: 'owner' });
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Academy' }).click();
  await app.expectScreen('Academy', '/dashboard/academy');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Journey' }).click();
  await app.expectScreen('Journey stage 1', '/step1');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Plans' }).click();
  await app.expectScreen('Plans', '/dashboard/plans');

  await page.goBack();
  await app.expectScreen('Journey stage 1', '/step1');
  await page.goBack();
  await app.expectScreen('Academy', '/dashboard/academy');
  await page.goForward();
  await app.expectScreen('Journey stage 1', '/step1');
  await page.goForward();
  await app.expectScreen('Plans', '/dashboard/plans');
});

test('a deep link opened in a new tab works', async ({ page, context }) => {
  await signInWithClaims(page, { role: 'owner' });
  const tab = await context.newPage();
  await tab.goto('/dashboard/academy/reducing-energy-use');
  await new AppPage(tab).expectScreen('Academy detail', '/dashboard/academy/reducing-energy-use');
  await expect(tab.getByText('Article reducing-energy-use')).toBeVisible();
});

test('a survey link opened in a new tab lands on its slide', async ({ context }) => {
  const tab = await context.newPage();
  await tab.goto('/survey/demo-publisher/quickscan/section/3/slide/2');
  await new AppPage(tab).expectScreen('Question slide');
  await expect(tab.getByText('Section 3, question 2')).toBeVisible();
});
