import { AppPage } from '../support/app-page';
import { signInAsNewOwner } from '../support/auth';
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

test('the secondary logo is its mobile variant on a phone, which downloads only that one, and in full on wide screens', async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const logo = page.getByRole('banner').getByRole('img', { name: 'Sustainable Business Programme' });
  const shown = () => logo.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/survey/demo-publisher/quickscan');
  await new AppPage(page).expectScreen('Sustainability Quickscan');
  await expect(logo).toBeVisible();
  await expect.poll(shown).toBe('/assets/logo-secondary-mobile.svg');
  expect(requested).not.toContain('/assets/logo-secondary.svg');

  // A fresh page at the new size: the test is of which variant each screen gets, and a resize of
  // a live emulated phone has not always reached its media queries.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await new AppPage(page).expectScreen('Sustainability Quickscan');
  await expect.poll(shown).toBe('/assets/logo-secondary.svg');
  await expect(logo).toBeVisible();
});

test('the signed-in header stays two rows high on a phone and names the account on wide screens', async ({
  page,
}) => {
  const { email } = await signInAsNewOwner(page);
  const banner = page.getByRole('banner');
  await expect(banner.getByText(email)).toBeVisible();

  await page.setViewportSize({ width: 360, height: 740 });
  await expect(banner.getByText(email)).toBeHidden();
  await expect(banner.getByRole('button', { name: 'Sign out' })).toBeVisible();
  const height = (await banner.boundingBox())?.height ?? Infinity;
  expect(height).toBeLessThanOrEqual(140);
});
