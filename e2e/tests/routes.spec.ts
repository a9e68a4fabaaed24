import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { AppPage, DASHBOARD_HOME } from '../support/app-page';
import { signInAs } from '../support/auth';
import { expect, test } from '../support/stack';

// Every route (docs/behaviour.md, Routes) lands on its screen or on the redirect its guards call for.
// A path that leads nowhere lands where it always did, which says what was not found.

/** The landing page's notice of what was not found: a status, announced, that can be dismissed. */
async function expectNotFoundNotice(page: Page, words: string) {
  const notice = page.getByRole('status').filter({ hasText: words });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText(words)).toHaveCount(0);
}

test.describe('signed out', () => {
  for (const path of ['/', '/flow/quickscan', '/invite', '/signup']) {
    test(`${path} shows the portal`, async ({ page }) => {
      await page.goto(path);
      await new AppPage(page).expectPortal();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    });
  }

  test('/complete-signup without a link explains what to do', async ({ page }) => {
    await page.goto('/complete-signup');
    await new AppPage(page).expectScreen('Complete sign-up', '/complete-signup');
    await expect(page.getByText('Open the link from your sign-in e-mail')).toBeVisible();
  });

  for (const path of ['/no/such/page', '/survey/demo-publisher/quickscan/section/abc', '/milestone1']) {
    test(`unknown path ${path} redirects to /`, async ({ page }) => {
      await page.goto(path);
      await new AppPage(page).expectPortal();
      await expect(page).toHaveURL(/localhost:3100\/$/);
      await expectNoSeriousA11yViolations(page, `the portal, reached from ${path}`);
      await expectNotFoundNotice(page, "We couldn't find that page, so you are on the start page.");
    });
  }

  for (const [what, path] of <[string, string][]>[
    ['section', '/survey/demo-publisher/quickscan/section/99'],
    ['section', '/survey/demo-publisher/quickscan/section/99/slide/1'],
    ['slide', '/survey/demo-publisher/quickscan/section/2/slide/99'],
  ]) {
    test(`an unknown ${what} (${path}) leads to the survey's start, which says so`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(path);
      await new AppPage(page).expectScreen('Sustainability Quickscan', '/survey/demo-publisher/quickscan');
      await expectNoSeriousA11yViolations(page, `the survey's start, reached from ${path}`);
      await expectNotFoundNotice(
        page,
        `We couldn't find that ${what}, so you are at the start of the survey.`,
      );
    });
  }

  for (const path of [
    '/dashboard',
    '/dashboard/insights',
    '/dashboard/plans',
    '/dashboard/users',
    '/step1',
  ]) {
    test(`${path} needs sign-in and lands on the portal`, async ({ page }) => {
      await page.goto(path);
      await new AppPage(page).expectPortal();
      await expect(page).toHaveURL(/localhost:3100\/$/);
    });
  }

  test('the invite journey opens by its id, and says when there is no such invite', async ({ page }) => {
    await page.goto('/journey/invite-123?inviteId=invite-123');
    await new AppPage(page).expectScreen('Your invitation', /\/journey\/invite-123\?inviteId=invite-123$/);
    await expect(page.getByRole('alert')).toContainText('This invite link is not valid');
  });

  test('survey routes open as an anonymous respondent', async ({ page }) => {
    const app = new AppPage(page);
    await page.goto('/survey/demo-publisher/quickscan');
    await app.expectScreen('Sustainability Quickscan');
    await page.goto('/survey/demo-publisher/quickscan/section/2');
    await app.expectScreen('Energy and emissions');
    await page.goto('/survey/demo-publisher/quickscan/section/2/slide/3');
    await app.expectScreen('Which energy-saving measures have you put in place?');
  });

  test('an unknown survey is not found and ends on the portal', async ({ page }) => {
    await page.goto('/survey/demo-publisher/no-such-survey');
    await new AppPage(page).expectPortal();
    await expectNotFoundNotice(page, "We couldn't find that survey, so you are on the start page.");
  });

  test('a survey that requires an account sends signed-out visitors to landing', async ({ page }) => {
    await page.goto('/survey/demo-publisher/supplier-assessment');
    await new AppPage(page).expectPortal();
    await expect(page).toHaveURL(/localhost:3100\/$/);
  });
});

test.describe('signed in as owner', () => {
  const DASHBOARD_SCREENS: [string, string | RegExp][] = [
    ['/dashboard', DASHBOARD_HOME],
    ['/dashboard/insights', 'Insights'],
    ['/dashboard/users', 'Users'],
    ['/dashboard/manage', 'Manage'],
    ['/dashboard/expert', 'Ask an expert'],
    ['/dashboard/assessments', 'Assessments'],
    ['/dashboard/ready-reckoner', 'Results'],
    ['/dashboard/profile', 'Profile'],
    ['/dashboard/academy', 'Academy'],
    ['/dashboard/academy/energy-efficiency-basics', 'Energy efficiency basics for small businesses'],
    ['/dashboard/academy/no-such-article', 'Article not found'],
    ['/dashboard/declaration', 'Declaration'],
    ['/dashboard/actions', 'Actions'],
    ['/dashboard/reports', 'Reports'],
    ['/dashboard/materiality', 'Materiality'],
    ['/dashboard/plans', 'Plans'],
    ['/dashboard/plans/checkout/cs_test_123', 'Plans'],
    ['/step1', 'Journey stage 1'],
    ['/step5', 'Journey stage 5'],
  ];

  test('every dashboard, plans and journey route shows its screen; portal routes go to the dashboard', async ({
    page,
  }) => {
    const app = new AppPage(page);
    await signInAs(page, 'owner');
    for (const [path, screen] of DASHBOARD_SCREENS) {
      await page.goto(path);
      await app.expectScreen(screen, path);
    }
    // A checkout id the server does not know for this organisation is no success.
    await page.goto('/dashboard/plans/checkout/cs_test_123');
    await expect(page.getByText(/We could not find this checkout for your organisation/)).toBeVisible();
    for (const path of ['/', '/flow/quickscan', '/signup']) {
      await page.goto(path);
      await app.expectDashboardHome();
    }
    // An unknown dashboard path or survey lands on the dashboard, which says what was not found.
    await page.goto('/dashboard/no-such-page');
    await app.expectDashboardHome();
    await expectNoSeriousA11yViolations(page, 'the dashboard, reached from an unknown path');
    await expectNotFoundNotice(page, "We couldn't find that page, so you are on your dashboard.");
    await page.goto('/survey/demo-publisher/no-such-survey');
    await app.expectDashboardHome();
    await expectNotFoundNotice(page, "We couldn't find that survey, so you are on your dashboard.");
    // Moving on leaves the notice behind.
    await page.goto('/dashboard/no-such-page');
    await app.expectDashboardHome();
    await app.dashboardLink('Profile').click();
    await app.expectScreen('Profile', '/dashboard/profile');
    await expect(page.getByText(/We couldn't find/)).toHaveCount(0);
    // Rule 1 (forced sign-out) runs before rule 5, so /complete-signup ends the session first.
    await page.goto('/complete-signup');
    await app.expectScreen('Complete sign-up', '/complete-signup');
    await page.goto('/dashboard');
    await new AppPage(page).expectPortal();
  });

  test('a viewer is refused the admin, management and billing pages', async ({ page }) => {
    const app = new AppPage(page);
    await signInAs(page, 'viewer');
    await page.goto('/dashboard/insights');
    await app.expectScreen('Insights', '/dashboard/insights');
    for (const path of ['/dashboard/users', '/dashboard/manage', '/dashboard/plans']) {
      await page.goto(path);
      await app.expectDashboardHome();
    }
    await expect(
      page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Users' }),
    ).toHaveCount(0);
  });

  test('/invite signs the user out and shows the portal', async ({ page }) => {
    await signInAs(page, 'owner');
    await page.goto('/invite');
    await new AppPage(page).expectPortal();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/localhost:3100\/$/);
  });
});
