// The organisation's kind (publisher or business) comes from one catalogue read, shared by the
// shell's header and gate and the dashboard: asked once per visit, and when it cannot be read no
// app guesses a kind; each says so where it matters, with Try again (docs/decisions.md).
import type { Page } from '@playwright/test';
import { AppPage } from '../support/app-page';
import { signInAsNewOwner } from '../support/auth';
import { expect, test } from '../support/stack';

const UNKNOWN = 'We could not tell whether your organisation publishes surveys or answers them';

/** Counts the page's survey catalogue reads; while `offline()`, the content service fails them. */
async function watchCatalogue(page: Page, contentUrl: string, offline: () => boolean) {
  const content = new URL(contentUrl);
  let reads = 0;
  await page.route(
    (url) => url.port === content.port && url.pathname === content.pathname,
    async (route) => {
      const request = route.request();
      const body = request.method() === 'POST' ? (request.postDataJSON() as { query?: string } | null) : null;
      if (!body?.query?.includes('query SurveyList')) return route.fallback();
      reads += 1;
      if (offline()) return route.fulfill({ status: 503, body: 'Content offline' });
      return route.fallback();
    },
  );
  return () => reads;
}

test('the header and the dashboard learn a business is one from a single catalogue read', async ({
  page,
  stack,
}) => {
  const reads = await watchCatalogue(page, stack.urls.content, () => false);
  await signInAsNewOwner(page);
  const app = new AppPage(page);
  await expect(app.dashboardLink('Assessments')).toBeVisible();
  await expect(app.mainLink('Journey')).toBeVisible();
  await app.mainLink('Journey').click();
  await app.expectScreen('Journey stage 1', '/step1');
  await app.mainLink('Dashboard').click();
  await app.expectDashboardHome();
  expect(reads()).toBe(1);
});

test('when the catalogue cannot be read, neither the shell nor the dashboard guesses a kind, and Try again reads it for both', async ({
  page,
  stack,
}) => {
  let offline = true;
  const reads = await watchCatalogue(page, stack.urls.content, () => offline);
  await signInAsNewOwner(page);
  const app = new AppPage(page);
  await expect(page.getByRole('alert')).toContainText(UNKNOWN);
  await expect(app.dashboardLink('Profile')).toBeVisible();
  await expect(app.dashboardLink('Assessments')).toHaveCount(0);
  await expect(app.mainLink('Journey')).toHaveCount(0);
  expect(reads()).toBe(1);

  offline = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(app.mainLink('Journey')).toBeVisible();
  await expect(app.dashboardLink('Assessments')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(reads()).toBe(2);
});
