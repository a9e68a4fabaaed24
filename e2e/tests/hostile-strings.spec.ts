// Over a hundred hostile strings (packages/server's injection set), written where users
// write — a survey link's respondent names and company, comment answers, an organisation's name and
// a person's first name — and shown in Chromium on the pages that show them to others: the
// publisher's view of a received result and a business's dashboard. None runs (no dialog opens, and
// the stack fixture fails the test on any Content-Security-Policy report), none becomes markup, and
// each reads as the text it was.
import type { Page } from '@playwright/test';
import { API } from '@toolkit/domain';
import { HOSTILE_STRINGS, HOSTILE_VECTORS } from '@toolkit/server/hostile-strings';
import { AppPage } from '../support/app-page';
import { callApi, identity, openSession, signInAsNewOwner } from '../support/auth';
import { expect, test } from '../support/stack';

const PUBLISHER_OWNER = 'owner@demo-publisher.example';
const SURVEY = { tenantId: 'demo-publisher', surveyId: 'quickscan' };
/** The Quickscan's comment questions of several lines, which take line breaks. */
const COMMENTS = [
  'business-description',
  'energy-next-step',
  'waste-notes',
  'people-highlight',
  'community-partners',
  'support-needed',
];
const ONE_LINE = HOSTILE_STRINGS.filter((text) => !/[\r\n]/.test(text));

/**
 * What any of the strings would have made of the page, had it been taken as markup. The app's own
 * drawn icons carry `data-icon`, which no hostile string holds.
 */
const INJECTED =
  '#root script, #root iframe, #root object, #root embed, #root base, #root meta, #root style, ' +
  '#root img[src="x"], #root img[src="X"], #root svg:not([data-icon]), #root math, #root details, #root video, #root form, ' +
  '#root [onerror], #root [onload], #root [onfocus], #root [ontoggle], #root [href^="javascript" i]';

function watchDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', (dialog) => {
    opened.push(dialog.message());
    void dialog.dismiss();
  });
  return opened;
}

/** One anonymous respondent completes the Quickscan with the given names, company and comments. */
async function respond(names: [string, string, string], comments: string[]) {
  const { idToken } = await identity<{ idToken: string }>('signUp', {});
  const [firstName, lastName, company] = names;
  const { resultId } = await callApi<{ resultId: string }>(
    API.startResult,
    { ...SURVEY, prefill: { respondent: { firstName, lastName }, answers: { 'company-name': company } } },
    idToken,
  );
  for (const [index, answer] of comments.entries()) {
    const questionId = COMMENTS[index]!;
    await callApi(API.saveAnswer, { ...SURVEY, resultId, questionId, answer, seq: index + 1 }, idToken);
  }
  // One scored answer (the slider's lowest step), so the completion is not refused as empty.
  await callApi(
    API.saveAnswer,
    { ...SURVEY, resultId, questionId: 'energy-tracking', answer: 0, seq: 1 },
    idToken,
  );
  await callApi(API.completeResult, { ...SURVEY, resultId }, idToken);
  return resultId;
}

test.use({ viewport: { width: 390, height: 844 } });

test('hostile strings from respondents are shown to the publisher as text', async ({ page }) => {
  test.setTimeout(120_000);
  expect(HOSTILE_STRINGS.length).toBeGreaterThanOrEqual(100);
  const dialogs = watchDialogs(page);
  // Every string in a comment (six comments share them, a line each); names and company from the
  // one-line strings, a different three for each of three respondents.
  const perComment = Math.ceil(HOSTILE_STRINGS.length / COMMENTS.length);
  const comments = COMMENTS.map((_, index) =>
    HOSTILE_STRINGS.slice(index * perComment, (index + 1) * perComment).join('\n'),
  );
  const named = [0, 1, 2].map((n) => ONE_LINE.slice(n * 3, n * 3 + 3) as [string, string, string]);
  const resultIds: string[] = [];
  for (const [n, names] of named.entries()) resultIds.push(await respond(names, n === 0 ? comments : []));

  await openSession(page, PUBLISHER_OWNER);
  await page.goto('/dashboard/received?surveyId=quickscan');
  const table = page.getByRole('table', { name: 'Page 1' });
  for (const [, , company] of named) await expect(table).toContainText(company);
  for (const [n, resultId] of resultIds.entries()) {
    await page.goto(`/dashboard/received/quickscan/${resultId}`);
    const [firstName, lastName, company] = named[n]!;
    await expect(page.getByRole('heading', { name: `Result from ${company}` })).toBeVisible();
    // Line breaks of every kind read as one space, as whitespace does in the rendered text.
    const flat = (text: string) => text.replace(/\s+/g, ' ');
    const shown = flat(await page.locator('#root').innerText());
    // The respondent's names, under Who answered.
    expect(shown).toContain(flat(`Name ${firstName} ${lastName}`));
    if (n === 0) for (const text of HOSTILE_STRINGS) expect(shown).toContain(flat(text));
    expect(await page.locator(INJECTED).count()).toBe(0);
  }
  expect(dialogs).toEqual([]);
});

test('hostile organisation and first names are shown on the business’s own dashboard as text', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dialogs = watchDialogs(page);
  const app = new AppPage(page);
  await signInAsNewOwner(page);
  // A name of at most 100 characters on one line, as the profile form takes it.
  const vectors = HOSTILE_VECTORS.filter((text) => !/[\r\n]/.test(text) && text.length <= 90);
  expect(vectors.length).toBeGreaterThanOrEqual(25);
  const saved = (button: string) =>
    page
      .locator('form')
      .filter({ has: page.getByRole('button', { name: button }) })
      .getByRole('status');
  for (const vector of vectors) {
    await app.dashboardLink('Profile').click();
    await page.getByLabel('Organisation name').fill(vector);
    await page.getByRole('button', { name: 'Save organisation details' }).click();
    await expect(saved('Save organisation details')).toContainText('Saved');
    await page.getByLabel('First name').fill(`Sam ${vector}`);
    await page.getByLabel('Last name').fill('Harbour');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(saved('Save name')).toContainText('Saved');
    await app.dashboardLink('Dashboard').click();
    // Still the visit that began at sign-in: the first-visit greeting.
    await app.expectScreen(`Welcome, Sam ${vector}`);
    await expect(page.getByText(`Here is how ${vector} is getting on.`, { exact: true })).toBeVisible();
    expect(await page.locator(INJECTED).count()).toBe(0);
  }
  expect(dialogs).toEqual([]);
});
