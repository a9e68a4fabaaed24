// The Academy from the CMS. A business owner filters by topic, searches, opens an article
// with its embedded video, follows it to the action it helps with and back from the action to the
// article; an unknown article says so.
import { AppPage } from '../support/app-page';
import { signInAsNewOwner } from '../support/auth';
import { expect, test } from '../support/stack';
import { completeBusinessQuickscan } from '../support/survey-api';

test('the Academy: topics, search, an article with its video, and links both ways with actions', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  const owner = await signInAsNewOwner(page);

  await app.dashboardLink('Academy').click();
  const articles = page.getByRole('list', { name: 'Articles' });
  await expect(articles.getByRole('listitem')).not.toHaveCount(0);
  const all = await articles.getByRole('listitem').count();
  expect(all).toBeGreaterThanOrEqual(8);

  await page.getByRole('group', { name: 'Topic' }).getByRole('button', { name: 'Climate' }).click();
  await expect(page).toHaveURL(/topic=CLIMATE/);
  await expect(articles.getByRole('listitem')).not.toHaveCount(all);
  await expect(articles.getByText(/^Climate · \d+ min read$/)).toHaveCount(
    await articles.getByRole('listitem').count(),
  );

  await page.getByRole('searchbox', { name: 'Search articles' }).fill('led lighting');
  await expect(page).toHaveURL(/q=led\+lighting/);
  await expect(articles.getByRole('listitem')).toHaveCount(1);
  await articles.getByRole('link', { name: 'Energy efficiency basics for small businesses' }).click();

  await expect(
    page.getByRole('heading', { level: 1, name: 'Energy efficiency basics for small businesses' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Five changes that pay back within a year' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Actions this article helps with' })).toBeVisible();
  // Back to the filtered list, as the member left it.
  await page.goBack();
  await expect(page.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('led lighting');

  // The article with a video embeds it from the content service.
  await page.goto('/dashboard/academy/making-the-most-of-the-quickscan');
  const video = page.frameLocator('iframe[title="Welcome to the Sustainability Quickscan"]');
  await expect(video.getByRole('img', { name: /Welcome video/ })).toBeVisible();

  await page.goto('/dashboard/academy/no-such-article');
  await expect(page.getByRole('heading', { name: 'Article not found' })).toBeVisible();

  // From an action suggested by the Quickscan to its article, and from the article to the action.
  await completeBusinessQuickscan(owner.idToken);
  await page.goto('/dashboard/actions');
  const suggestion = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Write a sustainability policy with targets' }) });
  await suggestion.getByRole('link', { name: 'Writing your first sustainability policy' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Writing your first sustainability policy' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Write a sustainability policy with targets' }).click();
  await expect(page).toHaveURL(/\/dashboard\/actions#write-sustainability-policy$/);
});
