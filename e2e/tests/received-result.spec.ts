// A respondent completes the publisher's Quickscan from a link that names them (through the
// callables the survey calls); the publisher's owner opens the result from the new-result e-mail,
// reads every answer in words with the section bands and the respondent's contact details (checked
// with axe on a desktop and a phone) and downloads it as a one-page PDF; then exports the survey's
// results from the Results workbench as CSV and Excel. Every file is read back here.
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { sliderAnswerText } from '@toolkit/domain';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { openSession } from '../support/auth';
import { linkIn, waitForMail } from '../support/mail';
import { pdfText } from '../support/pdf';
import { expect, test } from '../support/stack';
import { surveySlides, type Answer, type SeedQuestion } from '../support/survey-page';
import { anonymousRespondent, answersTo, completeSurvey } from '../support/survey-api';

const PUBLISHER_OWNER = 'owner@demo-publisher.example';
/** An option whose label holds commas: the exports must keep it whole. */
const TIMERS = 'Timers or smart controls for heating, cooling and lighting';

/** RFC 4180 CSV into rows of cells. */
function parseCsv(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let at = 0; at < csv.length; at++) {
    const char = csv[at]!;
    if (quoted && char === '"' && csv[at + 1] === '"') {
      cell += '"';
      at++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (quoted) {
      cell += char;
    } else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && csv[at + 1] === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      at++;
    } else {
      cell += char;
    }
  }
  return rows;
}

const { recipients, slides } = surveySlides('quickscan');
const questions = new Map(
  slides.flatMap((slide) => slide.questions).map((question) => [question.id, question] as const),
);
const measures = questions.get('efficiency-measures')!;
const tracking = questions.get('energy-tracking')!;
const stamp = Date.now();
const company = `Harbour Bakery ${stamp}`;
const email = `robin-${stamp}@example.com`;
// What the first test's respondent gave, and where the mail's link opened their result.
let resultId = '';
let opened = '';
const answers: Record<string, Answer> = {};

/** A slider's answer as its slide words it. */
const words = (question: SeedQuestion) =>
  sliderAnswerText(
    { labels: question.labels ?? null, scoreMin: question.scoreMin ?? 0, scoreMax: question.scoreMax ?? 0 },
    answers[question.id] as number,
  );

/** The labels of the options the respondent ticked, besides the one with commas. */
const chosen = () =>
  (answers['efficiency-measures'] as string[]).map(
    (id) => measures.options!.find((option) => option.id === id)!.label,
  );

// The second test exports what the first one's respondent completed.
test.describe.configure({ mode: 'serial' });

test('a publisher opens a new result from its e-mail, reads it in words and downloads it as a PDF', async ({
  page,
}) => {
  test.setTimeout(240_000);

  // A respondent, anonymously, answers the energy part from a link that names them, ticking the
  // option with commas too, and finishes (answering in the browser is the respondent specs' to test).
  Object.assign(answers, answersTo(slides.filter((slide) => slide.sectionId === 2)));
  const timers = measures.options!.find((option) => option.label === TIMERS)!.id;
  ({ resultId } = await completeSurvey(
    await anonymousRespondent(),
    'demo-publisher',
    'quickscan',
    { ...answers, [measures.id]: [...(answers[measures.id] as string[]), timers] },
    {
      respondent: { firstName: 'Robin', lastName: 'Okafor', email },
      answers: { 'company-name': company },
    },
  ));

  // The publisher is told, and the mail's button opens this result's own screen.
  const mail = await waitForMail(recipients[0]!, new RegExp(`New self-assessment result from ${company}`));
  opened = new URL(linkIn(mail, '/dashboard/received/')).pathname;
  expect(opened).toBe(`/dashboard/received/quickscan/${resultId}`);
  await openSession(page, PUBLISHER_OWNER);
  await page.goto(opened);
  await expect(page.getByRole('heading', { level: 1, name: `Result from ${company}` })).toBeVisible();

  // Every answer in words: the slider as its slide words it, each chosen option by its label.
  const energy = page.getByRole('region', { name: 'Energy and emissions' });
  await expect(energy.getByRole('definition').filter({ hasText: words(tracking) })).toBeVisible();
  await expect(energy.getByText([...chosen(), TIMERS].join(', '), { exact: true })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Waste and materials' }).getByText('Not answered').first(),
  ).toBeVisible();

  // The overall score with its band, each section with its own or "not scored".
  const score = page.getByRole('region', { name: 'Score' });
  await expect(score.getByText(/^\d+(\.\d+)?% overall/)).toBeVisible();
  const sections = score.getByRole('list', { name: 'Scores by section' }).getByRole('listitem');
  await expect(sections.filter({ hasText: 'Energy and emissions' })).toHaveText(
    /Energy and emissions\d+(\.\d+)?% — \S.*/,
  );
  await expect(sections.filter({ hasText: 'Your business' })).toHaveText('Your businessnot scored');

  // Who answered: the link's name and address; an anonymous respondent joined with no organisation.
  const who = page.getByRole('region', { name: 'Who answered' });
  await expect(who.getByText('Robin Okafor', { exact: true })).toBeVisible();
  await expect(who.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  await expect(who.getByText('The respondent has not joined with an organisation account.')).toBeVisible();

  await expectNoSeriousA11yViolations(page, 'the received result at 1280 px');
  await page.screenshot({ path: test.info().outputPath('received-result-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { level: 1, name: `Result from ${company}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the received result at 390 px');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('received-result-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The result as a one-page PDF, read back.
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/^harbour-bakery-\d+-.*-result\.pdf$/);
  const pdfBytes = readFileSync((await pdf.path())!);
  expect((await PDFDocument.load(pdfBytes)).getPageCount()).toBe(1);
  const text = pdfText(pdfBytes).join('\n');
  expect(text).toContain(`Result from ${company}`);
  expect(text).toContain(`Respondent: Robin Okafor, ${email}`);
  expect(text).toContain(words(tracking));
  expect(text).toMatch(/Energy and emissions: \d+(\.\d+)?%/);
});

test('the publisher exports the survey’s results as CSV and Excel from the Results workbench', async ({
  page,
}) => {
  test.setTimeout(120_000);
  expect(resultId, 'the result the first test completed').not.toBe('');
  await openSession(page, PUBLISHER_OWNER);
  await page.goto(opened);
  await page.getByRole('link', { name: 'Back to all results' }).click();
  await expect(page).toHaveURL(/\/dashboard\/received\?surveyId=quickscan/);
  await expectNoSeriousA11yViolations(page, 'the Results workbench');
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download all results (CSV)' }).click();
  const csvFile = await csvDownload;
  expect(csvFile.suggestedFilename()).toBe('sustainability-quickscan-results.csv');
  await expect(page.getByText(/^Exported \d+ results? as CSV\.$/)).toBeVisible();
  const [header, ...rows] = parseCsv(readFileSync((await csvFile.path())!, 'utf8').replace(/^\uFEFF/, ''));
  const row = rows.find((cells) => cells[0] === resultId)!;
  const cell = (column: string) => row[header!.indexOf(column)];
  expect(cell('Organisation')).toBe(company);
  expect(cell('Respondent name')).toBe('Robin Okafor');
  expect(cell('Respondent e-mail')).toBe(email);
  expect(cell('Excluded')).toBe('No');
  expect(cell(`${measures.title} — ${TIMERS}`)).toBe('Yes');
  expect(cell(`${measures.title} — ${chosen()[0]}`)).toBe('Yes');
  expect(cell(tracking.title)).toBe(words(tracking));

  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download all results (Excel)' }).click();
  const xlsxFile = await xlsxDownload;
  expect(xlsxFile.suggestedFilename()).toBe('sustainability-quickscan-results.xlsx');
  await expect(page.getByText(/^Exported \d+ results? as Excel\.$/)).toBeVisible();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await xlsxFile.path())!);
  const sheet = workbook.worksheets[0]!;
  const sheetHeader = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(sheetHeader).toEqual(header);
  let found: unknown[] | null = null;
  sheet.eachRow((each) => {
    const values = (each.values as unknown[]).slice(1);
    if (values[0] === resultId) found = values;
  });
  expect(found).not.toBeNull();
  const sheetCell = (column: string) => found![header!.indexOf(column)];
  expect(sheetCell('Respondent name')).toBe('Robin Okafor');
  expect(sheetCell(`${measures.title} — ${TIMERS}`)).toBe('Yes');
  expect(sheetCell('Overall %')).toBe(Number(cell('Overall %')));
});
