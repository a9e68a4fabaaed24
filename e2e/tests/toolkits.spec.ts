// A toolkit in the CMS drives its portal; a business that signs up through it is offered
// that toolkit's survey, and the toolkit's publisher sees that the business joined.
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { AppPage } from '../support/app-page';
import { openSession, SIGNUP_DETAILS, signInThroughPortal, uniqueEmail } from '../support/auth';
import { expect, test } from '../support/stack';

// Each toolkit's portal and survey look like their publisher's, one after the other
// in the same browser.
test('each toolkit portal shows its publisher’s name, colours and logo, and leads to its own survey', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  const start = page.getByRole('link', { name: 'Take the Quickscan' });

  // Coastal first: a public survey's respondent answers in an anonymous session, which a toolkit's
  // portal ends (docs/behaviour.md, Guard chain).
  await page.goto('/flow/coastal');
  await app.expectScreen('Welcome to the Coastal Green Business Check toolkit');
  await expect(page.getByText('Offered by Coastal Council')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('img', { name: 'Coastal Council' })).toBeVisible();
  // Answered with an account: the button starts the coastal sign-up (portal-leads-in.spec.ts).
  const startSignUp = page.getByRole('button', { name: 'Take the Quickscan' });
  await expect(startSignUp).toHaveCSS('background-color', 'rgb(11, 93, 122)');
  await expect(page.getByText(/It is answered with an account: sign up below first/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the coastal toolkit portal');

  await page.goto('/flow/quickscan');
  await app.expectScreen('Welcome to the Sustainability Quickscan toolkit');
  await expect(page.getByText('Offered by Demo Publisher Business Network')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('img', { name: 'Demo Publisher' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Coastal Council' })).toHaveCount(0);
  await expect(start).toHaveCSS('background-color', 'rgb(31, 95, 74)');
  await expectNoSeriousA11yViolations(page, 'the Quickscan toolkit portal');
  await start.click();
  await app.expectScreen('Sustainability Quickscan', '/survey/demo-publisher/quickscan');
  await expect(page.getByRole('heading', { name: 'Welcome to the Sustainability Quickscan' })).toBeVisible();
  await expect(page.locator('iframe[title="Welcome to the Sustainability Quickscan"]')).toBeVisible();
});

test('a business joins through the coastal portal, gets its survey, and its publisher sees it joined', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const app = new AppPage(page);
  // Named apart from other coastal sign-ups of the run, which the publisher lists too.
  const organisationName = `Harbour Kiosk ${Date.now()}`;
  // Signing up through the coastal portal goes on into the coastal check.
  await signInThroughPortal(
    page,
    uniqueEmail('coastal-owner'),
    '/flow/coastal',
    { ...SIGNUP_DETAILS, organisationName },
    '**/survey/coastal-council/coastal-check',
  );
  // The coastal check opens with its own intro and video, in the council's colours and logo.
  await app.expectScreen('Coastal Green Business Check', '/survey/coastal-council/coastal-check');
  await expect(
    page.getByRole('heading', { name: 'Welcome to the Coastal Green Business Check' }),
  ).toBeVisible();
  await expect(page.locator('iframe[title="Welcome to the Coastal Green Business Check"]')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('img', { name: 'Coastal Council' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start' })).toHaveCSS('background-color', 'rgb(11, 93, 122)');
  await expectNoSeriousA11yViolations(page, 'the coastal check’s start');

  // The dashboard offers the same survey.
  await app.mainLink('Dashboard').click();
  await app.dashboardLink('Assessments').click();
  await expect(page.getByRole('heading', { level: 2, name: 'Coastal Green Business Check' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Complete the Quickscan' })).toHaveAttribute(
    'href',
    '/survey/coastal-council/coastal-check',
  );

  const publisher = await browser.newPage();
  await openSession(publisher, 'owner@coastal-council.example');
  await publisher.goto('/dashboard/members');
  const joined = publisher.getByRole('table', {
    name: 'Organisations that joined through Coastal Green Business Check, newest first',
  });
  await expect(joined.getByRole('row', { name: new RegExp(organisationName) })).toHaveCount(1);
  await publisher.close();
});
