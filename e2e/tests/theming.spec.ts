import { AppPage } from '../support/app-page';
import { expect, test } from '../support/stack';

// The Quickscan's definition (packages/content/content/quickscan.json) sets primary #1f5f4a and
// a primary logo titled "Demo Publisher"; the default theme has neither.
test("a survey page takes its tenant's logo and colours, inside the remote too", async ({ page }) => {
  await page.goto('/');
  await new AppPage(page).expectPortal();
  await expect(page.getByRole('banner').getByRole('img')).toHaveCount(0);

  await page.goto('/survey/demo-publisher/quickscan');
  await new AppPage(page).expectScreen('Sustainability Quickscan');
  await expect(page.getByRole('banner').getByRole('img', { name: 'Demo Publisher' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start' })).toHaveCSS('background-color', 'rgb(31, 95, 74)');
});
