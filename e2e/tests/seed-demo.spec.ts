// `npm run seed:demo` fills a stack with completed results from 22 organisations through
// the product's own API; a seeded business then sees its peer benchmark, and the publisher sees
// the organisations that answered.
import { seedDemoResults } from '@toolkit/dev-stack';
import { openSession } from '../support/auth';
import { expect, test } from '../support/stack';

test('demo results give a seeded business its benchmark and the publisher full insights', async ({
  page,
  browser,
  stack,
}) => {
  test.setTimeout(240_000);
  const seed = () =>
    seedDemoResults({
      apiUrl: stack.urls.api,
      appUrl: stack.urls.app,
      authUrl: stack.urls.auth,
      apiKey: stack.runtimeConfig.firebase.apiKey,
      projectId: stack.runtimeConfig.firebase.projectId,
      contentUrl: stack.urls.content,
      contentKey: stack.runtimeConfig.contentKey,
      log: () => undefined,
    });
  expect(await seed()).toEqual({ seeded: true, results: 22, organisations: 22 });
  // A second run adds nothing, so no result is counted twice.
  expect(await seed()).toEqual({ seeded: false, results: 0, organisations: 0 });

  await openSession(page, 'demo-business-12@example.com');
  await page.goto('/dashboard/insights');
  await expect(
    page.getByText(/^Compared with \d+ organisations, your overall score is higher than \d+% of theirs/),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /^Your scores beside your peers' out of 100%/ })).toBeVisible();

  const publisher = await browser.newPage();
  await openSession(publisher, 'owner@demo-publisher.example');
  // The Overview counts the organisations that answered the Quickscan for businesses.
  const organisations = publisher
    .getByRole('region', { name: 'Sustainability Quickscan for your business', exact: true })
    .locator('dl div')
    .filter({ has: publisher.locator('dt', { hasText: /^Organisations$/ }) })
    .locator('dd');
  await expect(organisations).toHaveText(/^\d+$/);
  expect(Number(await organisations.innerText())).toBeGreaterThanOrEqual(16);
  await publisher.goto('/dashboard/received?surveyId=business-quickscan&search=Ironbark');
  await expect(publisher.getByRole('table', { name: 'Page 1' })).toContainText('Ironbark Joinery');
  await publisher.close();
});
