// An honest journey. A new organisation's progress counts every milestone of the
// five stages, so it starts far below 100 %; stages 3 to 5 name real milestones (those the Free plan
// lacks name the plan that brings them); opening Results with nothing to show ticks nothing, and after
// the Quickscan it does. The stage icons are drawn, so they show without an emoji font.
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { AppPage } from '../support/app-page';
import { signInAsNewOwner } from '../support/auth';
import { expect, test } from '../support/stack';
import { completeBusinessQuickscan } from '../support/survey-api';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

const progress = (page: Page) => page.getByRole('progressbar', { name: /Journey progress/ });

/** A milestone of that name: the innermost list item naming it (a stage's item holds its milestones). */
const milestone = (page: Page, name: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) })
    .last();

/** The summary's numbers: milestones done, of how many, and the percentage. */
async function readProgress(page: Page) {
  const text = (await progress(page).getAttribute('aria-valuetext')) ?? '';
  const match = /^(\d+) of (\d+) milestones · (\d+)%$/.exec(text);
  expect(match, `the progress reads "${text}"`).not.toBeNull();
  const [completed, total, percent] = match!.slice(1).map(Number) as [number, number, number];
  await expect(progress(page)).toHaveAttribute('aria-valuenow', String(percent));
  return { completed, total, percent };
}

async function screenshots(page: Page, name: string) {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: test.info().outputPath(`${name}-${size}.png`), fullPage: true });
  }
}

test('a new organisation’s journey measures all five stages, names real milestones, and ticks results only when there are some', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const app = new AppPage(page);
  await page.setViewportSize(DESKTOP);
  const owner = await signInAsNewOwner(page);
  await app.expectDashboardHome();

  // The dashboard's journey: five stages, real milestone names, a progress far below 100 %.
  await expect(page.getByRole('heading', { name: 'Your sustainability journey' })).toBeVisible();
  for (const stage of ['Initiator', 'Explorer', 'Implementer', 'Innovator', 'Leader']) {
    await expect(page.getByRole('heading', { level: 3, name: stage })).toBeVisible();
  }
  for (const name of [
    'Finish half of your planned actions',
    'Complete the Quickscan a second time',
    'Raise your overall score',
    'Save a materiality assessment',
    'Add an action of your own',
    'Work as a team of 3',
    'Score 70% or more in every section',
    'Sign the declaration again as a Leader',
    'Share your Leader credential',
  ]) {
    await expect(milestone(page, name)).toBeVisible();
  }
  await expect(page.getByText(/^Milestone \d/)).toHaveCount(0);
  // The Free plan has no materiality assessment nor actions of one's own: the journey names the plan.
  for (const name of ['Save a materiality assessment', 'Add an action of your own']) {
    await expect(milestone(page, name).getByRole('link', { name: /^Included in Leader/ })).toHaveAttribute(
      'href',
      '/dashboard/plans',
    );
  }
  // The icons are drawn: one visible SVG per stage, no emoji.
  await expect(page.locator('h3 > svg[data-icon]')).toHaveCount(5);
  for (const icon of await page.locator('h3 > svg[data-icon]').all()) await expect(icon).toBeVisible();
  const start = await readProgress(page);
  expect(start.total).toBe(19);
  expect(start.percent).toBeLessThan(25);
  await expectNoSeriousA11yViolations(page, 'the dashboard home with the journey');
  await screenshots(page, 'journey-on-home');
  await page.setViewportSize(DESKTOP);

  // Opening Results with nothing to show is not viewing results.
  await app.dashboardLink('Results').click();
  await app.expectScreen('Results', '/dashboard/ready-reckoner');
  await expect(page.getByRole('heading', { name: 'You have not completed a Quickscan yet' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Results without results');
  await app.mainLink('Journey').click();
  await app.expectScreen('Journey stage 1', '/step1');
  await expect(milestone(page, 'View your assessment results')).toContainText('Not done');
  expect(await readProgress(page)).toEqual(start);
  await expectNoSeriousA11yViolations(page, 'journey stage 1');

  // A locked stage lists its milestones by name, with a drawn icon.
  await page.goto('/step5');
  await app.expectScreen('Journey stage 5', '/step5');
  await expect(page.getByText('This stage is locked.')).toBeVisible();
  await expect(milestone(page, 'Share your Leader credential')).toContainText('Not done');
  await expect(page.locator('svg[data-icon="trophy"]')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'journey stage 5, locked');
  await screenshots(page, 'journey-stage-5');
  await page.setViewportSize(DESKTOP);

  // The Quickscan, which Assessments links to, completed (the survey's own specs answer it in the
  // browser; here the journey is under test), then its results.
  await page.goto('/dashboard/assessments');
  await app.expectScreen('Assessments', '/dashboard/assessments');
  await expect(page.getByRole('link', { name: 'Complete the Quickscan' })).toHaveAttribute(
    'href',
    '/survey/demo-publisher/business-quickscan',
  );
  await completeBusinessQuickscan(owner.idToken);
  await app.mainLink('Dashboard').click();
  await app.expectDashboardHome();
  await app.dashboardLink('Results').click();
  await app.expectScreen('Results', '/dashboard/ready-reckoner');
  await expect(page.getByText(/Overall score: [\d.]+ out of 100/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Results with a completed Quickscan');

  await app.mainLink('Journey').click();
  await app.expectScreen('Journey stage 1', '/step1');
  for (const done of ['Sign up', 'Complete the Quickscan', 'View your assessment results']) {
    await expect(milestone(page, done)).toContainText('Done');
  }
  await expect(milestone(page, 'Invite a team member')).toContainText('Not done');
  const after = await readProgress(page);
  expect(after.completed).toBe(start.completed + 2);
  expect(after.percent).toBeLessThan(50);
  await screenshots(page, 'journey-stage-1-after-results');
});
