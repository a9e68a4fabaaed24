// Axe finds no serious or critical violation on any screen a person's journeys
// visit, at desktop and phone size: the public pages a newcomer meets, every screen of a business's
// dashboard, journey and plans, and every screen of a publisher's dashboard.
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { openSession, signInAsNewOwner } from '../support/auth';
import { expect, test } from '../support/stack';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Checks the screen as it is now once it has its heading and nothing is still loading. */
async function checkScreen(page: Page, path: string) {
  await expect(page.locator('#root').getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, `${path} at ${page.viewportSize()?.width ?? 0} px`);
}

/**
 * Opens each path once and checks it at desktop size, then at phone size: the screens lay
 * themselves out by the window's width (media queries), so narrowing the window is what a phone's
 * layout is, without a second page load.
 */
async function checkAtBothSizes(page: Page, paths: readonly string[]) {
  for (const path of paths) {
    await page.setViewportSize(DESKTOP);
    await page.goto(path);
    await checkScreen(page, path);
    await page.setViewportSize(PHONE);
    await checkScreen(page, path);
  }
}

test('the public pages a newcomer meets', async ({ page }) => {
  await checkAtBothSizes(page, ['/', '/flow/quickscan', '/signup', '/reset-password', '/verify']);
});

test("every screen of a business's dashboard, journey and plans", async ({ page }) => {
  test.setTimeout(240_000);
  await signInAsNewOwner(page);
  await checkAtBothSizes(page, [
    '/dashboard',
    '/dashboard/assessments',
    '/dashboard/insights',
    '/dashboard/actions',
    '/dashboard/materiality',
    '/dashboard/reports',
    '/dashboard/evidence',
    '/dashboard/declaration',
    '/dashboard/academy',
    '/dashboard/academy/reducing-waste',
    '/dashboard/ready-reckoner',
    '/dashboard/expert',
    '/dashboard/users',
    '/dashboard/manage',
    '/dashboard/profile',
    '/dashboard/plans',
    '/step1',
    '/step2',
    '/step3',
    '/step4',
    '/step5',
  ]);
});

test("every screen of a publisher's dashboard", async ({ page }) => {
  test.setTimeout(180_000);
  await openSession(page, 'owner@demo-publisher.example');
  await checkAtBothSizes(page, [
    '/dashboard',
    '/dashboard/received?surveyId=quickscan',
    '/dashboard/received?surveyId=quickscan&state=excluded',
    '/dashboard/reviews',
    '/dashboard/survey-insights?survey=quickscan',
    '/dashboard/members',
  ]);
});
