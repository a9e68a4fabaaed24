// Issue 14: a toolkit in the CMS drives its portal; a business that signs up through it is offered
// that toolkit's survey, and the toolkit's publisher sees that the business joined.
import { AppPage } from '../support/app-page';
import { signInThroughPortal, uniqueEmail } from '../support/auth';
import { expect, test } from '../support/stack';

test('a business joins through the coastal portal, gets its survey, and its publisher sees it joined', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.goto('/flow/coastal');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Welcome to the Coastal Green Business Check toolkit' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Take the Quickscan' })).toHaveAttribute(
    'href',
    '/survey/coastal-council/coastal-check',
  );

  await signInThroughPortal(page, uniqueEmail('coastal-owner'), '/flow/coastal');
  const app = new AppPage(page);
  await app.dashboardLink('Assessments').click();
  await expect(page.getByRole('heading', { name: 'Coastal Green Business Check' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Complete the Quickscan' })).toHaveAttribute(
    'href',
    '/survey/coastal-council/coastal-check',
  );

  const publisher = await browser.newPage();
  await signInThroughPortal(publisher, 'owner@coastal-council.example');
  await publisher.goto('/dashboard/insights');
  const joined = publisher.getByRole('table', { name: /organisations?, newest first$/ });
  await expect(
    publisher.getByRole('heading', { name: 'Joined through Coastal Green Business Check' }),
  ).toBeVisible();
  await expect(joined.getByRole('row')).toHaveCount(2);
  await publisher.close();
});
