// The drill-down and the exports a publisher acts on: one result with every answer in words, the
// section bands, who answered and their organisation; the CSV and the Excel workbook with one column
// per question and per multi-select option, the respondent's name and e-mail and excluded results marked.
import ExcelJS from 'exceljs';
import { API, type ApiResponses, type ReceivedResultsExportMessage } from '@toolkit/domain';
import { paths } from '../../repositories/paths';
import { completeSurvey, resultOf, startTestEnv, type TestAccount, type TestEnv } from '../../testing';

const PUBLISHER = 'demo-publisher';
const SURVEY = 'quickscan';
const COMMA_OPTION = 'Timers or smart controls for heating, cooling and lighting';
const MEASURES = 'Which energy-saving measures have you put in place?';

let env: TestEnv;
let publisherOwner: TestAccount;

beforeAll(async () => {
  env = await startTestEnv({ content: true });
  publisherOwner = await env.member(PUBLISHER, 'owner');
}, 120_000);

afterAll(() => env?.stop(), 60_000);

type Prefill = { respondent?: Record<string, string> };

/** Starts (with the survey link's prefill), answers and completes the quickscan as `account`. */
const respond = (account: TestAccount, answers: Record<string, unknown>, prefill?: Prefill) =>
  completeSurvey(
    env,
    account,
    { tenantId: PUBLISHER, surveyId: SURVEY, prefill },
    { 'local-spend': 'some', ...answers },
  );

const open = async (resultId: string) =>
  resultOf<ApiResponses[typeof API.getReceivedResult]>(
    await env.call(API.getReceivedResult, { surveyId: SURVEY, resultId }, publisherOwner.token),
  );

/** Marks a result excluded as the workbench stores it (its listing). */
const exclude = (resultId: string, reason: string) =>
  env.store.set(
    paths.result(PUBLISHER, SURVEY, resultId),
    { listing: { excluded: true, excludedReason: reason } },
    { merge: true },
  );

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

/** The export through the callable's stream, as the browser receives it. */
async function streamedExport(format: 'csv' | 'xlsx') {
  const messages: ReceivedResultsExportMessage[] = [];
  const response = await env.router.call(
    API.exportReceivedResults,
    { data: { surveyId: SURVEY, format } },
    `Bearer ${publisherOwner.token}`,
    {
      stream: {
        send: async (message) => {
          messages.push(message as ReceivedResultsExportMessage);
          return true;
        },
        signal: new AbortController().signal,
      },
    },
  );
  const answer = (response.body as { result: ApiResponses[typeof API.exportReceivedResults] }).result;
  return { answer, messages };
}

async function workbookRows(bytes: Buffer): Promise<(string | number | null)[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: (string | number | null)[][] = [];
  sheet.eachRow((row) => {
    rows.push(
      Array.from({ length: sheet.columnCount }, (_, index) => {
        const value = row.getCell(index + 1).value;
        return value === null || value === undefined ? null : (value as string | number);
      }),
    );
  });
  return rows;
}

let signedIn: { resultId: string; score: ApiResponses[typeof API.completeResult]['score'] };
let linked: { resultId: string };

describe('insights-getResult', () => {
  it('gives every answer in words, each section with its band, and the account and organisation of a signed-in respondent', async () => {
    const business = await env.member('tenant-drill', 'owner', { email: 'dana@drill.example' });
    await env.store.set(
      paths.tenantUser('tenant-drill', business.uid),
      { firstName: 'Dana', lastName: 'Reyes' },
      {
        merge: true,
      },
    );
    await env.store.set(paths.organisation('tenant-drill'), {
      name: 'Drill Bakery',
      industry: 'Food',
      size: '5 to 19',
      region: 'vic',
      country: 'Australia',
    });
    const done = await respond(business, {
      'company-name': 'Drill Bakery',
      'efficiency-measures': ['led-lighting', 'timers'],
      'energy-tracking': 3,
      'energy-next-step': 'Solar panels next year',
    });
    signedIn = done;

    const opened = await open(done.resultId);
    expect(opened).toMatchObject({
      resultId: done.resultId,
      completed: true,
      organisation: 'Drill Bakery',
      excluded: false,
      excludedReason: null,
      startedAt: expect.stringMatching(/^\d{4}-/),
      completedAt: done.completedAt,
      score: done.score,
      contact: { name: 'Dana Reyes', email: 'dana@drill.example' },
      joinedOrganisation: {
        name: 'Drill Bakery',
        industry: 'Food',
        size: '5 to 19',
        region: 'Victoria',
        website: null,
      },
    });
    const answers = Object.fromEntries(
      opened.sections.flatMap((section) => section.answers).map((each) => [each.questionId, each.answer]),
    );
    expect(answers).toMatchObject({
      'energy-tracking': 'We meter and review usage',
      'energy-next-step': 'Solar panels next year',
      'business-description': 'Not answered',
    });
    expect(answers['efficiency-measures']).toContain(COMMA_OPTION);

    // Each scored section with its share and band, as the score stored them; "Your business" is not scored.
    const energy = done.score!.sections.find((section) => section.title === 'Energy and emissions')!;
    expect(opened.sections.find((section) => section.title === 'Energy and emissions')).toMatchObject({
      percent: energy.percent,
      band: energy.band!.label,
    });
    expect(opened.sections.find((section) => section.title === 'Your business')).toMatchObject({
      percent: null,
      band: null,
    });
  });

  it("names the survey link's respondent, has no organisation for an anonymous one, and says when a result is excluded", async () => {
    const done = await respond(
      await env.anonymous(),
      { 'company-name': 'Link Co' },
      { respondent: { firstName: 'Lee', lastName: 'Link', email: 'lee@link.example' } },
    );
    linked = done;
    expect(await open(done.resultId)).toMatchObject({
      contact: { name: 'Lee Link', email: 'lee@link.example' },
      joinedOrganisation: null,
      excluded: false,
    });

    await exclude(done.resultId, 'A test by our staff');
    expect(await open(done.resultId)).toMatchObject({
      excluded: true,
      excludedReason: 'A test by our staff',
    });
  });
});

describe('insights-exportResults', () => {
  it('as CSV: one column per question and per multi-select option, the respondent named, exclusions marked', async () => {
    const { answer, messages } = await streamedExport('csv');
    expect(answer).toEqual({ rows: expect.any(Number), csv: '' });
    // Each part says how many results have gone so far; the last, all of them.
    expect(messages.at(-1)!.rows).toBe(answer.rows);
    const csv = messages.map((message) => ('csv' in message ? message.csv : '')).join('');
    const [header, ...rows] = parseCsv(csv.replace(/^\uFEFF/, ''));
    expect(header!.slice(0, 9)).toEqual([
      'Result',
      'Completed',
      'Organisation',
      'Respondent name',
      'Respondent e-mail',
      'Excluded',
      'Excluded reason',
      'Overall %',
      'Band',
    ]);
    expect(rows).toHaveLength(answer.rows);
    const cell = (resultId: string, column: string) =>
      rows.find((row) => row[0] === resultId)![header!.indexOf(column)];

    // A label with commas is its own column, whole; a chosen option reads Yes, any other is empty.
    expect(header).toContain(`${MEASURES} — ${COMMA_OPTION}`);
    expect(header).not.toContain(MEASURES);
    expect(cell(signedIn.resultId, `${MEASURES} — ${COMMA_OPTION}`)).toBe('Yes');
    expect(cell(signedIn.resultId, `${MEASURES} — LED lighting throughout`)).toBe('Yes');
    expect(cell(signedIn.resultId, `${MEASURES} — Insulation or draught-proofing`)).toBe('');

    expect(cell(signedIn.resultId, 'Respondent name')).toBe('Dana Reyes');
    expect(cell(signedIn.resultId, 'Respondent e-mail')).toBe('dana@drill.example');
    expect(cell(signedIn.resultId, 'Excluded')).toBe('No');
    expect(cell(linked.resultId, 'Respondent name')).toBe('Lee Link');
    expect(cell(linked.resultId, 'Excluded')).toBe('Yes');
    expect(cell(linked.resultId, 'Excluded reason')).toBe('A test by our staff');
  });

  it('keeps quoting what a spreadsheet would run as a formula', async () => {
    const done = await respond(await env.anonymous(), { 'company-name': '=HYPERLINK("x", "y")' });
    const whole = resultOf<ApiResponses[typeof API.exportReceivedResults]>(
      await env.call(API.exportReceivedResults, { surveyId: SURVEY }, publisherOwner.token),
    );
    const [header, ...rows] = parseCsv(whole.csv.replace(/^\uFEFF/, ''));
    expect(rows.find((row) => row[0] === done.resultId)![header!.indexOf('Organisation')]).toBe(
      `'=HYPERLINK("x", "y")`,
    );
  });

  it('as an Excel workbook: the same rows and columns, streamed in parts, text never a formula', async () => {
    // Characters XML cannot hold (refused today, stored by older versions) would make a workbook
    // Excel refuses to open.
    const control = await respond(await env.anonymous(), { 'company-name': 'Bell Pty' });
    await env.store.set(
      paths.result(PUBLISHER, SURVEY, control.resultId),
      { questions: { 'company-name': 'Bell\u0007 Pty' } },
      { merge: true },
    );
    const csv = resultOf<ApiResponses[typeof API.exportReceivedResults]>(
      await env.call(API.exportReceivedResults, { surveyId: SURVEY }, publisherOwner.token),
    );
    const { answer, messages } = await streamedExport('xlsx');
    expect(answer).toEqual({ rows: csv.rows, csv: '' });
    expect(messages.length).toBeGreaterThan(1);
    const bytes = Buffer.concat(
      messages.map((message) => Buffer.from('xlsx' in message ? message.xlsx : '', 'base64')),
    );
    const sheet = await workbookRows(bytes);
    const [csvHeader, ...csvRows] = parseCsv(csv.csv.replace(/^\uFEFF/, ''));
    expect(sheet[0]).toEqual(csvHeader);
    expect(sheet).toHaveLength(1 + csv.rows);

    const byId = new Map(sheet.slice(1).map((row) => [row[0], row]));
    const column = (name: string) => csvHeader!.indexOf(name);
    // Numbers stay numbers; text that looks like a formula stays text, as typed.
    expect(byId.get(signedIn.resultId)![column('Overall %')]).toBe(signedIn.score!.overall.percent);
    expect(byId.get(signedIn.resultId)![column(`${MEASURES} — ${COMMA_OPTION}`)]).toBe('Yes');
    expect(byId.get(linked.resultId)![column('Excluded reason')]).toBe('A test by our staff');
    const formula = csvRows.find((row) => row[column('Organisation')] === `'=HYPERLINK("x", "y")`)!;
    expect(byId.get(formula[0]!)![column('Organisation')]).toBe('=HYPERLINK("x", "y")');
    expect(byId.get(control.resultId)![column('Organisation')]).toBe('Bell Pty');

    // Without a stream the answer holds the same workbook, whole.
    const whole = resultOf<ApiResponses[typeof API.exportReceivedResults]>(
      await env.call(API.exportReceivedResults, { surveyId: SURVEY, format: 'xlsx' }, publisherOwner.token),
    );
    expect(await workbookRows(Buffer.from(whole.xlsx!, 'base64'))).toEqual(sheet);
  });
});
