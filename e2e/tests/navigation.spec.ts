import { AppPage } from '../support/app-page';
import { signInAs } from '../support/auth';
import { expect, test } from '../support/stack';

test('back and forward work across remotes', async ({ page }) => {
  const app = new AppPage(page);
  await signInAs(page, 'owner');
  await app.dashboardLink('Academy').click();
  await app.expectScreen('Academy', '/dashboard/academy');
  await app.mainLink('Journey').click();
  await app.expectScreen('Journey stage 1', '/step1');
  await app.mainLink('Plans').click();
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
  await signInAs(page, 'owner');
  const tab = await context.newPage();
  await tab.goto('/dashboard/academy/reducing-waste');
  await new AppPage(tab).expectScreen(
    'Reducing waste and recycling properly',
    '/dashboard/academy/reducing-waste',
  );
  await expect(tab.getByRole('heading', { name: 'Separate your streams' })).toBeVisible();
});

test('a survey link opened in a new tab lands on its slide', async ({ context }) => {
  const tab = await context.newPage();
  await tab.goto('/survey/demo-publisher/quickscan/section/3/slide/2');
  const app = new AppPage(tab);
  await app.expectScreen(
    'How have you reduced single-use items such as cups, cutlery, bags and packaging?',
    '/survey/demo-publisher/quickscan/section/3/slide/2',
  );
  await expect(tab.getByText('Waste and materials')).toBeVisible();
});
