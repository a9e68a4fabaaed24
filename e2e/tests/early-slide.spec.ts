// Issue 18: a respondent opening a survey's slide reads it before the app's scripts have arrived (the
// shell's early slide, drawn by index.html's one inline script), and the app then takes over where
// the page stands. The app's scripts are held back here until the early slide has been seen.
import type { Page, Route } from '@playwright/test';
import { expect, test } from '../support/stack';

const SLIDE = (slide: number) => `/survey/demo-publisher/quickscan/section/1/slide/${slide}`;

/** Holds every script of the app's own origin until released. */
async function holdAppScripts(page: Page, appUrl: string) {
  const held: Route[] = [];
  let released = false;
  const origin = new URL(appUrl).origin;
  await page.route(
    (url) => url.origin === origin && url.pathname.endsWith('.js'),
    (route) => (released ? route.fallback() : void held.push(route)),
  );
  return {
    held,
    release: async () => {
      released = true;
      await Promise.all(held.map((route) => route.fallback()));
    },
  };
}

test.use({ viewport: { width: 390, height: 844 } });

test('the first question shows before the app has loaded, and the app takes over from it', async ({
  page,
  stack,
}) => {
  const scripts = await holdAppScripts(page, stack.urls.app);
  await page.goto(SLIDE(2));

  // The slide as the app would draw it, with nothing of the app run yet.
  const early = page.locator('h1', { hasText: 'What is the name of your business?' });
  await expect(early).toBeVisible();
  await expect(page.getByText('Question 1 of 39')).toBeVisible();
  await expect(page.getByText('The trading name your customers know you by.')).toBeVisible();
  await expect(page.locator('input[type=text]')).toBeVisible();
  // Nothing on it can be used yet, so nothing typed can be lost when the app replaces it.
  await expect(early.locator('xpath=ancestor::*[@inert]')).toHaveCount(1);
  await expect.poll(() => scripts.held.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => Object.keys(window).some((key) => key.startsWith('webpackChunk')))).toBe(
    false,
  );

  await scripts.release();
  const heading = page.getByRole('heading', { level: 1, name: 'What is the name of your business?' });
  await expect(heading).toBeVisible();
  // One page, the app's: the early one is gone and nothing is inert.
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('[inert]')).toHaveCount(0);
  const name = page.getByRole('textbox', { name: 'What is the name of your business?' });
  await name.fill('Early Bird Bakery');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/section\/1\/slide\/3$/);
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(name).toHaveValue('Early Bird Bakery');
});
