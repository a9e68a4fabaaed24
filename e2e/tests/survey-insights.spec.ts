// The publisher's Survey insights answer questions. Respondents complete the
// publisher's Quickscan through the survey callables, one leaving a comment; the publisher's owner
// chooses the survey, a range and week or month (all kept in the address, through a reload), and
// finds the comment by searching the comments of its question.
import type { Page } from '@playwright/test';
import { API } from '@toolkit/domain';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { callApi, identity, openSession } from '../support/auth';
import { expect, test } from '../support/stack';

const PUBLISHER_OWNER = 'owner@demo-publisher.example';
const SURVEY = { tenantId: 'demo-publisher', surveyId: 'quickscan' };
const COMMENT_QUESTION =
  'What is one change to your energy use or travel you would like to make in the next 12 months?';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** An anonymous respondent completes the Quickscan with a scored answer and, if given, a comment. */
async function respond(company: string, level: number, comment?: string) {
  const { idToken } = await identity<{ idToken: string }>('signUp', {});
  const { resultId } = await callApi<{ resultId: string }>(
    API.startResult,
    { ...SURVEY, prefill: { answers: { 'company-name': company } } },
    idToken,
  );
  const answers: Record<string, unknown> = {
    'industry-sector': 'retail',
    'energy-tracking': level,
    'recycling-rate': level * 25,
    ...(comment ? { 'energy-next-step': comment } : {}),
  };
  let seq = 0;
  for (const [questionId, answer] of Object.entries(answers)) {
    await callApi(API.saveAnswer, { ...SURVEY, resultId, questionId, answer, seq: ++seq }, idToken);
  }
  await callApi(API.completeResult, { ...SURVEY, resultId }, idToken);
}

async function checkAtBothSizes(page: Page, where: string) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await expectNoSeriousA11yViolations(page, `${where} at ${size.width} px`);
    // Nothing wider than the phone: the charts and tables fit or scroll inside themselves.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await page.screenshot({
      path: test.info().outputPath(`${where.replace(/\W+/g, '-')}-${size.width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize(DESKTOP);
}

test('the publisher reads its survey per week or month, kept in the address, and finds a comment', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const word = `kelpie${Date.now()}`;
  const comment = `Swap the delivery van for an electric one (${word})`;
  await respond(`Harbour Bakery ${Date.now()}`, 1, comment);
  await respond(`Ferry Cafe ${Date.now()}`, 3);

  await openSession(page, PUBLISHER_OWNER);
  await page.goto('/dashboard/survey-insights');
  await expect(page.getByRole('heading', { name: 'Survey insights', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Survey' }).selectOption({ label: 'Sustainability Quickscan' });
  await expect(page).toHaveURL(/[?&]survey=quickscan(&|$)/);
  await expect(page.getByRole('heading', { name: 'Received: Sustainability Quickscan' })).toBeVisible();

  // A 0–100 slider's captions (0%, 25% … 100%) stand under the columns of their values.
  const recycling = page.getByRole('figure', {
    name: /^Roughly what share of your waste is recycled or composted\? \(\d+ answered\)$/,
  });
  // Centres measured in the page by anonymous callbacks: a named one needs a helper the page lacks.
  const centresOf = (selector: string) =>
    recycling
      .locator(selector)
      .evaluateAll((parts) =>
        parts.map((part) => part.getBoundingClientRect()).map((box) => box.left + box.width / 2),
      );
  const columns = await centresOf('rect.column');
  const captions = await centresOf('ol li');
  const captionOffsets = captions
    .slice(1, -1)
    .map((caption, index) => Math.abs(caption - columns[(index + 1) * 25]!));
  expect(captionOffsets).toHaveLength(3);
  for (const offset of captionOffsets) expect(offset).toBeLessThan(4);

  const per = page.getByRole('combobox', { name: 'Per' });
  await per.selectOption('week');
  await expect(page).toHaveURL(/[?&]per=week/);
  const weekly = page.getByRole('figure', { name: 'Completed results and mean score per week' });
  await expect(weekly).toBeVisible();
  await weekly.getByText('Show as a table').click();
  const thisWeek = weekly.getByRole('table').getByRole('row').last();
  // This week's row counts both new results (and any other completed this week).
  expect(Number(await thisWeek.getByRole('cell').first().innerText())).toBeGreaterThanOrEqual(2);
  await checkAtBothSizes(page, 'survey insights per week');

  await per.selectOption('month');
  await expect(page).toHaveURL(/[?&]per=month/);
  const from = `${new Date().getUTCFullYear() - 1}-01-01`;
  await page.getByLabel('From', { exact: true }).fill(from);
  await expect(page).toHaveURL(new RegExp(`[?&]from=${from}`));
  await expect(
    page.getByRole('figure', { name: 'Completed results and mean score per month' }),
  ).toBeVisible();

  // The address holds the view: a reload shows the same survey, range and granularity.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Survey' })).toHaveValue('quickscan');
  await expect(per).toHaveValue('month');
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(from);
  const monthly = page.getByRole('figure', { name: 'Completed results and mean score per month' });
  await monthly.getByText('Show as a table').click();
  // Every month from January last year to now is a row, zero-filled where nothing was completed.
  const months = new Date().getUTCMonth() + 1 + 12;
  await expect(monthly.getByRole('table').getByRole('row')).toHaveCount(1 + months);

  const comments = page.getByRole('region', {
    name: new RegExp(`^${COMMENT_QUESTION.replace('?', '\\?')} \\(\\d+ comments?\\)$`),
  });
  await comments.getByRole('searchbox', { name: 'Words in the comment' }).fill(word.slice(0, 12));
  await comments.getByRole('button', { name: 'Search' }).click();
  await expect(comments.getByRole('list', { name: `Comments with “${word.slice(0, 12)}”` })).toContainText(
    comment,
  );
  await checkAtBothSizes(page, 'survey insights comments');
});
