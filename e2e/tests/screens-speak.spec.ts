// On a phone, a business owner with a completed Quickscan hears each planned action's fields by
// their short labels within the action's group, and reads the result cards' labels whole: none cut
// off, run past its card or broken inside a word.
import type { Locator } from '@playwright/test';
import { API, type ApiResponses } from '@toolkit/domain';
import { AppPage } from '../support/app-page';
import { callApi, signInAsNewOwner } from '../support/auth';
import { expect, test } from '../support/stack';
import { completeBusinessQuickscan } from '../support/survey-api';

test.use({ viewport: { width: 390, height: 844 } });

/** What keeps each of `labels` from reading whole inside `card`; empty when every one does. */
async function cutLabels(card: Locator, labels: Locator) {
  const cardBox = (await card.boundingBox())!;
  return labels.evaluateAll(
    (elements, cardBox) =>
      elements.flatMap((element) => {
        const text = element.textContent ?? '';
        const box = element.getBoundingClientRect();
        const problems: string[] = [];
        if (element.scrollWidth > element.clientWidth) problems.push(`cut off: ${text}`);
        if (box.left < cardBox.x || box.right > cardBox.x + cardBox.width)
          problems.push(`past the card: ${text}`);
        // A word may end a line at its hyphen, never inside a part of it.
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parts = /[^\s-]+/g;
          for (
            let part = parts.exec(node.textContent ?? '');
            part;
            part = parts.exec(node.textContent ?? '')
          ) {
            const range = document.createRange();
            range.setStart(node, part.index);
            range.setEnd(node, part.index + part[0].length);
            const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
            if (lines.size > 1) problems.push(`broken inside "${part[0]}": ${text}`);
          }
        }
        return problems;
      }),
    cardBox,
  );
}

test('a business owner on a phone hears the plan’s fields within their action and reads the result cards whole', async ({
  page,
}) => {
  const app = new AppPage(page);
  const owner = await signInAsNewOwner(page);
  await completeBusinessQuickscan(owner.idToken);
  const { result, actions } = await callApi<ApiResponses[typeof API.listActions]>(
    API.listActions,
    { surveyId: 'business-quickscan' },
    owner.idToken,
  );
  const planned = actions.filter((action) => action.addressing.length > 0).slice(0, 2);
  expect(planned).toHaveLength(2);
  for (const action of planned) {
    await callApi(
      API.toggleActionPlan,
      { userResultId: result!.userResultId, actionId: action.id, selected: true },
      owner.idToken,
    );
  }

  await page.goto('/dashboard/actions');
  await app.expectScreen('Actions');
  for (const { title } of planned) {
    const group = page.getByRole('group', { name: title });
    await expect(group.getByLabel('Status')).toHaveValue('todo');
    await expect(group.getByLabel('Owner')).toBeEditable();
    await expect(group.getByLabel('Due')).toBeEditable();
  }
  const first = page.getByRole('group', { name: planned[0]!.title });
  await first.getByLabel('Status').selectOption('done');
  await first.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('50% done (1 of 2)')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.goto('/dashboard/ready-reckoner');
  const scores = page.getByRole('region', { name: 'Sustainability Quickscan for your business' });
  const chart = scores.getByRole('img', { name: /^Bar chart of your scores/ });
  await expect(chart).toBeVisible();
  const chartLabels = chart.locator('span');
  // Overall and each of the Quickscan's sections.
  await expect(chartLabels).toHaveCount(7);
  await expect(chartLabels.first()).toHaveText(/^Overall: \d/);
  expect(await cutLabels(scores, chartLabels)).toEqual([]);
  expect(await cutLabels(scores, scores.getByRole('rowheader').or(scores.getByRole('columnheader')))).toEqual(
    [],
  );

  await page.goto('/dashboard/reports');
  const report = page.getByRole('region', { name: 'Sustainability Quickscan for your business' });
  await expect(report.getByRole('button', { name: 'Download PDF report' })).toBeEnabled();
  expect(await cutLabels(report, report.locator('h2, p, button'))).toEqual([]);
});
