// A business compares itself with organisations like it and with itself over time.
// Businesses sign up and complete the toolkit's Quickscan through the product's own callables, all
// in one sector; the signed-in business sees its sector group hidden at 9 organisations (only the
// count) and shown once a 10th completes, and its scores across its two results as a trend.
import type { Page } from '@playwright/test';
import { signUpProven } from '@toolkit/dev-stack';
import { API, type ApiResponses } from '@toolkit/domain';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { callApi, emulator, openSession, uniqueEmail } from '../support/auth';
import { expect, test } from '../support/stack';

const SURVEY = { tenantId: 'demo-publisher', surveyId: 'business-quickscan' };
/** A sector no other spec answers (the survey helper picks each question's second option). */
const SECTOR = { id: 'agriculture', label: 'Agriculture and food production' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** A new business (owner account, organisation through the Quickscan toolkit); answers its sign-in. */
async function newBusiness(name: string) {
  const email = uniqueEmail('peer');
  const { idToken } = await signUpProven(emulator, email, (first) =>
    callApi<ApiResponses[typeof API.completeSignup]>(
      API.completeSignup,
      { toolkit: 'quickscan', organisationName: name, firstName: 'Pat', lastName: 'Grower' },
      first,
    ),
  );
  return { email, idToken };
}

/** One completed Quickscan naming the sector, size and region, with scored answers at `level` (0–4). */
async function complete(idToken: string, level: number) {
  const { resultId } = await callApi<{ resultId: string }>(API.startResult, SURVEY, idToken);
  const answers: Record<string, unknown> = {
    'industry-sector': SECTOR.id,
    'employee-count': '50-199',
    'business-region': 'tas',
    'energy-tracking': level,
    'stakeholder-input': 4 - level,
  };
  let seq = 0;
  for (const [questionId, answer] of Object.entries(answers)) {
    await callApi(API.saveAnswer, { ...SURVEY, resultId, questionId, answer, seq: ++seq }, idToken);
  }
  await callApi(API.completeResult, { ...SURVEY, resultId }, idToken);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

async function checkAtBothSizes(page: Page, where: string) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await expectNoSeriousA11yViolations(page, `${where} at ${size.width} px`);
    await shot(page, `${where.replace(/\W+/g, '-')}-${size.width}`);
  }
  await page.setViewportSize(DESKTOP);
}

test('a sector group is hidden below 10 organisations and shown from 10; the business sees its own trend', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const run = Date.now();
  const business = await newBusiness(`Tasman Orchards ${run}`);
  // Its first result, then a retake that scores higher: two points of its own trend.
  await complete(business.idToken, 1);
  await complete(business.idToken, 3);
  for (let n = 1; n <= 8; n++) {
    const other = await newBusiness(`Farm ${n} ${run}`);
    await complete(other.idToken, n % 5);
  }

  await openSession(page, business.email);
  await page.goto('/dashboard/insights');
  await expect(page.getByRole('heading', { name: 'Your scores over time' })).toBeVisible();
  const overall = page.getByRole('figure', { name: /^Overall: \d+(\.\d+)?% now$/ });
  await overall.getByText('Show as a table').click();
  await expect(
    overall.getByRole('table', { name: 'Overall score per completed result' }).getByRole('row'),
  ).toHaveCount(3);
  await expect(page.getByRole('figure', { name: /^Energy and emissions: / })).toBeVisible();

  const compareWith = page.getByRole('combobox', { name: 'Compare with' });
  await expect(compareWith.getByRole('option')).toHaveText([
    'Everyone',
    `My sector: ${SECTOR.label}`,
    'My size: 50 to 199',
    'My region: Tasmania',
  ]);
  await compareWith.selectOption({ label: `My sector: ${SECTOR.label}` });
  await expect(page).toHaveURL(/[?&]peers=sector%3Aagriculture/);
  await expect(page.getByText('Not enough organisations like yours yet (9 of the 10 needed)')).toBeVisible();
  await expect(page.getByText(/^Compared with/)).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Your scores beside your peers’' })).toHaveCount(0);
  await checkAtBothSizes(page, 'insights peer group hidden');

  // A 10th organisation of the sector completes: the group is shown, from the same address.
  const tenth = await newBusiness(`Farm 9 ${run}`);
  await complete(tenth.idToken, 2);
  await page.reload();
  await expect(compareWith).toHaveValue('sector:agriculture');
  await expect(
    page.getByText(
      new RegExp(
        `^Compared with 10 organisations like yours \\(My sector: ${SECTOR.label}\\), your overall score`,
      ),
    ),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Your scores beside your peers’' })).toBeVisible();
  await checkAtBothSizes(page, 'insights peer group shown');

  // On a phone the chart's words wrap: none runs past the chart's right edge.
  await page.setViewportSize(PHONE);
  const chart = page.getByRole('img', { name: /^Your scores beside your peers' out of 100%/ });
  const overrun = await chart.evaluate((element) => {
    const edge = element.getBoundingClientRect().right;
    const worded = Array.from(element.querySelectorAll('*')).filter((part) =>
      Array.from(part.childNodes).some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      ),
    );
    return worded.map((part) => part.getBoundingClientRect().right - edge).filter((beyond) => beyond > 0);
  });
  expect(overrun).toEqual([]);
});
