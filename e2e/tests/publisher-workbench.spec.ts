// A publisher's owner sees the publisher's dashboard (Overview, Results,
// Survey insights, Members; none of a business's screens), works with its received results in the
// Results workbench (filters, search and sort kept in the address, a page at a time) and excludes a
// result with a reason, which leaves the list and the counts. A business's owner sees none of it.
import type { Locator, Page } from '@playwright/test';
import { API } from '@toolkit/domain';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { AppPage, DASHBOARD_HOME } from '../support/app-page';
import { callApi, identity, openSession, signInAsNewOwner } from '../support/auth';
import { expect, test } from '../support/stack';
import { surveySlides } from '../support/survey-page';

const PUBLISHER_OWNER = 'owner@demo-publisher.example';
const SURVEY = { tenantId: 'demo-publisher', surveyId: 'quickscan' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const PUBLISHER_SECTIONS = [
  'Overview',
  'Results',
  'Reviews',
  'Survey insights',
  'Members',
  'Users',
  'Activity',
  'Manage',
  'Plans',
  'Profile',
];
const BUSINESS_ONLY = [
  'Assessments',
  'Insights',
  'Actions',
  'Materiality',
  'Academy',
  'Reports',
  'Evidence and review',
  'Declaration',
  'Expert',
];

/** One anonymous respondent completes the Quickscan for `company`, in `sector`, scoring `energy` of 4. */
async function respond(company: string, sector: string, energy: number) {
  const { idToken } = await identity<{ idToken: string }>('signUp', {});
  const { resultId } = await callApi<{ resultId: string }>(
    API.startResult,
    {
      ...SURVEY,
      prefill: {
        respondent: { firstName: 'Sam', lastName: 'Harbour' },
        answers: { 'company-name': company },
      },
    },
    idToken,
  );
  await callApi(
    API.saveAnswer,
    { ...SURVEY, resultId, questionId: 'industry-sector', answer: sector, seq: 1 },
    idToken,
  );
  await callApi(
    API.saveAnswer,
    { ...SURVEY, resultId, questionId: 'energy-tracking', answer: energy, seq: 2 },
    idToken,
  );
  await callApi(API.completeResult, { ...SURVEY, resultId }, idToken);
  return resultId;
}

/** The dashboard's sections, once the one named `shown` (of this kind of organisation) is listed. */
async function navigationLinks(page: Page, shown: string) {
  const navigation = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(navigation.getByRole('link', { name: shown, exact: true })).toBeVisible();
  return navigation.getByRole('link').allInnerTexts();
}

/** The figure named `name` in a survey's card on the Overview. */
const figure = (card: Locator, name: string) =>
  card
    .locator('dl div')
    .filter({ has: card.page().locator('dt', { hasText: new RegExp(`^${name}$`) }) })
    .locator('dd');

/** The survey's completed count on the Overview, however the locale groups its digits. */
const completed = async (card: Locator) =>
  Number((await figure(card, 'Completed').innerText()).replace(/\D/g, ''));

const rowNames = (page: Page) =>
  page
    .getByRole('table', { name: /^Page \d+$/ })
    .getByRole('rowheader')
    .allInnerTexts();

/** Opens a screen and checks it with axe once its heading shows and nothing is loading. */
async function checkScreen(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.locator('#root').getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, `${path} at ${page.viewportSize()?.width ?? 0} px`);
}

test('a publisher works with its received results, and excluding one takes it out of the counts', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const app = new AppPage(page);
  // Names only this run's results hold, so a search finds exactly them.
  const run = `Wb${Date.now().toString(36)}`;
  const companies = [`${run} Cedar Cafe`, `${run} Alder Books`, `${run} Birch Bakery`];
  await respond(companies[0]!, 'retail', 4);
  await respond(companies[1]!, 'retail', 0);
  await respond(companies[2]!, 'hospitality', 2);

  await openSession(page, PUBLISHER_OWNER);
  await page.setViewportSize(DESKTOP);
  expect(await navigationLinks(page, 'Members')).toEqual(PUBLISHER_SECTIONS);

  // The Overview: what the Quickscan received, not a business's journey.
  const { title } = surveySlides('quickscan');
  const card = page.getByRole('region', { name: title, exact: true });
  await expect(figure(card, 'Completed')).toHaveText(/^[\d,.\s]+$/);
  const completedBefore = await completed(card);
  await expect(page.getByRole('heading', { name: 'Your sustainability journey' })).toHaveCount(0);

  // A business's screen opened by its address leads back to the Overview, saying why.
  await page.goto('/dashboard/declaration');
  await expect(page.getByText('Declaration is a screen for businesses.', { exact: false })).toBeVisible();
  await app.expectDashboardHome();
  // So does a stage of the journey, which the shell mounts from another remote.
  await page.goto('/step1');
  await expect(page.getByText('Journey stage 1 is a screen for businesses.', { exact: false })).toBeVisible();
  await app.expectDashboardHome();

  // The workbench: survey, search, sector and sort chosen on screen land in the address.
  await card.getByRole('link', { name: `All results of ${title}` }).click();
  await app.expectScreen('Results', /\/dashboard\/received\?surveyId=quickscan$/);
  await page.getByRole('searchbox', { name: 'Search by organisation or respondent' }).fill(run);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('3 results', { exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Sort' }).selectOption({ label: 'Organisation A to Z' });
  await expect.poll(() => rowNames(page)).toEqual([companies[1], companies[2], companies[0]]);
  await page.getByText('Filter by date, score band, sector, size or region').click();
  await page.getByRole('combobox', { name: 'Sector' }).selectOption({ label: 'Retail' });
  await expect(page.getByText('2 results', { exact: true })).toBeVisible();
  await expect.poll(() => rowNames(page)).toEqual([companies[1], companies[0]]);
  const address = new URL(page.url());
  expect(Object.fromEntries(address.searchParams)).toEqual({
    surveyId: 'quickscan',
    sector: 'retail',
    search: run,
    sort: 'organisation',
    direction: 'asc',
  });

  // A reload, and the copied address in a new page, show the same view.
  await page.reload();
  await expect.poll(() => rowNames(page)).toEqual([companies[1], companies[0]]);
  await expect(page.getByRole('combobox', { name: 'Sector' })).toHaveValue('retail');
  const shared = await context.newPage();
  await shared.goto(address.pathname + address.search);
  await expect.poll(() => rowNames(shared)).toEqual([companies[1], companies[0]]);
  await expect(shared.getByRole('searchbox', { name: 'Search by organisation or respondent' })).toHaveValue(
    run,
  );
  await shared.close();

  // A page at a time: two results a page, Next and Previous, the page in the address.
  await page.goto(`/dashboard/received?surveyId=quickscan&search=${run}&sort=score&direction=desc&limit=2`);
  await expect.poll(() => rowNames(page)).toEqual([companies[0], companies[2]]);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByRole('table', { name: 'Page 2' })).toBeVisible();
  await expect.poll(() => rowNames(page)).toEqual([companies[1]]);
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole('table', { name: 'Page 2' })).toBeVisible();
  await expect.poll(() => rowNames(page)).toEqual([companies[1]]);
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(page.getByRole('table', { name: 'Page 1' })).toBeVisible();
  await expect.poll(() => rowNames(page)).toEqual([companies[0], companies[2]]);

  // Excluding a result asks why, and the result leaves the list and the counts.
  await page.getByRole('button', { name: `Exclude the result of ${companies[0]}` }).click();
  const dialog = page.getByRole('dialog', { name: `Exclude the result of ${companies[0]}?` });
  await dialog.getByRole('button', { name: 'Exclude result' }).click();
  await expect(dialog.getByText(/Give a reason/)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Our own test run');
  await dialog.getByRole('button', { name: 'Exclude result' }).click();
  await expect(page.getByText(`Excluded the result of ${companies[0]} (completed`)).toBeVisible();
  await expect.poll(() => rowNames(page)).toEqual([companies[2], companies[1]]);
  await expect(page.getByText('2 results', { exact: true })).toBeVisible();

  // Listed under Excluded, where it could be included again.
  await page.getByRole('combobox', { name: 'State' }).selectOption({ label: 'Excluded' });
  await expect.poll(() => rowNames(page)).toEqual([companies[0]]);
  await expect(
    page.getByRole('button', { name: `Include again the result of ${companies[0]}` }),
  ).toBeVisible();

  await app.dashboardLink('Overview').click();
  await expect.poll(() => completed(card)).toBe(completedBefore - 1);

  // Every publisher screen passes axe at desktop and phone size.
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await checkScreen(page, '/dashboard', DASHBOARD_HOME);
    await checkScreen(page, `/dashboard/received?surveyId=quickscan&search=${run}`, 'Results');
    await checkScreen(page, '/dashboard/members', 'Members');
    // The current section shows whole, also where the phone's row of sections scrolls sideways.
    await expect(
      page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Members' }),
    ).toBeInViewport({ ratio: 1 });
  }
  await page.goto(`/dashboard/received?surveyId=quickscan&search=${run}`);
  await expect.poll(() => rowNames(page)).toEqual([companies[2], companies[1]]);
  await page.screenshot({ path: test.info().outputPath('workbench-phone.png'), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: test.info().outputPath('workbench-desktop.png'), fullPage: true });
  await page.goto('/dashboard');
  await expect(figure(card, 'Completed')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('overview-desktop.png'), fullPage: true });
});

test("a business's owner sees none of the publisher's sections", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsNewOwner(page);
  const links = await navigationLinks(page, 'Assessments');
  expect(links).toEqual(expect.arrayContaining(['Dashboard', ...BUSINESS_ONLY, 'Profile']));
  for (const name of ['Overview', 'Reviews', 'Survey insights', 'Members']) expect(links).not.toContain(name);
  await expect(
    page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Results' }),
  ).toHaveAttribute('href', '/dashboard/ready-reckoner');
  await page.goto('/dashboard/received');
  await expect(
    page.getByText('Results is a screen for organisations that publish surveys, so here is your dashboard.'),
  ).toBeVisible();
  await new AppPage(page).expectDashboardHome();
});
