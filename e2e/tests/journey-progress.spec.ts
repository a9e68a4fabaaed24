// Issue 5: the journey's progress summary follows the owner's first steps: business
// details, the Quickscan, then its results; stage 1 then shows what remains.
import type { Page } from '@playwright/test';
import { AppPage } from '../support/app-page';
import { signUpAsOwner } from '../support/auth';
import { expect, test } from '../support/stack';
import { SurveyPage, surveySlides } from '../support/survey-page';

const progress = (page: Page) => page.getByRole('progressbar', { name: /Journey progress/ });

/** Stage 1's milestone of that name, on the stage page. */
const milestone = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });

async function expectProgress(app: AppPage, completed: number, percent: number) {
  await app.mainLink('Dashboard').click();
  await app.expectDashboardHome();
  await expect(progress(app.page)).toHaveAttribute('aria-valuenow', String(percent));
  await expect(progress(app.page)).toHaveAttribute(
    'aria-valuetext',
    `${completed} of 3 key milestones · ${percent}%`,
  );
}

test('a new owner moves through stage 1 and the progress summary follows', async ({ page }) => {
  test.setTimeout(180_000);
  const app = new AppPage(page);
  await signUpAsOwner(page);

  await app.mainLink('Journey').click();
  await app.expectScreen('Journey stage 1', '/step1');
  await expect(milestone(page, 'Sign up')).toContainText('Done');
  await expect(milestone(page, 'Add your business details')).toContainText('Not done');
  await expectProgress(app, 0, 0);

  await app.dashboardLink('Profile').click();
  await app.expectScreen('Profile', '/dashboard/profile');
  await page.getByLabel('Organisation name').fill('Harbour Bakery');
  await page.getByRole('button', { name: 'Save organisation details' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expectProgress(app, 1, 33);

  // The business Quickscan needs an account; it is reached from the Assessments page.
  const { title, slides } = surveySlides('business-quickscan');
  const survey = new SurveyPage(page);
  await app.dashboardLink('Assessments').click();
  await app.expectScreen('Assessments', '/dashboard/assessments');
  await page.getByRole('link', { name: 'Complete the Quickscan' }).click();
  await expect(page).toHaveURL(/\/survey\/demo-publisher\/business-quickscan$/);
  await survey.begin(title, slides[0]!);
  for (const [index, slide] of slides.entries()) {
    // A few answers, so the results have something to score; the rest is left unanswered.
    if (slide.sectionId === 2) await survey.answer(slide);
    await survey.next(slides[index + 1] ?? null);
  }
  await survey.expectThankYou();
  await expectProgress(app, 2, 67);

  await app.dashboardLink('Results').click();
  await app.expectScreen('Results', '/dashboard/ready-reckoner');
  await expect(page.getByText(/Overall score: [\d.]+ out of 100/)).toBeVisible();
  await expectProgress(app, 3, 100);

  await app.mainLink('Journey').click();
  await app.expectScreen('Journey stage 1', '/step1');
  for (const done of [
    'Sign up',
    'Add your business details',
    'Complete the Quickscan',
    'View your assessment results',
  ]) {
    await expect(milestone(page, done)).toContainText('Done');
  }
  await expect(milestone(page, 'Invite a team member')).toContainText('Not done');
});
