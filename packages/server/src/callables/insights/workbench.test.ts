// The publisher's results workbench over real completions: filters, sorts, search and cursor pages
// read from each result's listing, counts for the filter, and exclusion taking a result out of
// every aggregate (and back), audited.
import {
  API,
  SERVER_ERRORS,
  type ApiRequest,
  type ApiResponses,
  type ReceivedResultRow,
} from '@toolkit/domain';
import { auditCollection } from '../../repositories/audit';
import { readAggregate } from '../../repositories/aggregates';
import { paths } from '../../repositories/paths';
import { FieldValue } from '../../store/port';
import {
  completeSurvey,
  errorOf,
  resultOf,
  snapshotStore,
  startTestEnv,
  type TestAccount,
  type TestEnv,
} from '../../testing';

const PUBLISHER = 'demo-publisher';
const SURVEY = 'quickscan';

let env: TestEnv;
let owner: TestAccount;
let business: TestAccount;
/** Result ids by the organisation that answered. */
const ids: Record<string, string> = {};
let started: string;

interface Respondent {
  organisation: string;
  sector: string;
  size: string;
  localSpend: string;
  names?: { firstName: string; lastName: string };
}

const RESPONDENTS: Respondent[] = [
  { organisation: 'Green Leaf Café', sector: 'retail', size: '1-4', localSpend: 'most' },
  { organisation: 'Harbour Bakery', sector: 'retail', size: '5-19', localSpend: 'little' },
  { organisation: 'Blue Gum Builders', sector: 'construction', size: '1-4', localSpend: 'some' },
  { organisation: 'Acme Tools', sector: 'manufacturing', size: '20-49', localSpend: 'unknown' },
  {
    organisation: 'Riverside Clinic',
    sector: 'health-care',
    size: '5-19',
    localSpend: 'most',
    names: { firstName: 'Jo', lastName: 'Smithers' },
  },
  { organisation: 'Corner Store', sector: 'retail', size: '1-4', localSpend: 'some' },
  { organisation: 'Zenith Studio', sector: 'creative', size: '1-4', localSpend: 'little' },
];

async function respond(account: TestAccount, respondent: Respondent): Promise<string> {
  const { resultId } = await completeSurvey(
    env,
    account,
    {
      tenantId: PUBLISHER,
      surveyId: SURVEY,
      ...(respondent.names ? { prefill: { respondent: respondent.names } } : {}),
    },
    {
      'company-name': respondent.organisation,
      'industry-sector': respondent.sector,
      'employee-count': respondent.size,
      'local-spend': respondent.localSpend,
    },
  );
  return resultId;
}

type Listed = ApiResponses[typeof API.listReceivedResults];
type Query = Omit<ApiRequest<typeof API.listReceivedResults>, 'surveyId'>;

const list = async (query: Query = {}, account = owner): Promise<Listed> =>
  resultOf<Listed>(await env.call(API.listReceivedResults, { surveyId: SURVEY, ...query }, account.token));

/** A store snapshot without the account documents that making test members writes. */
const withoutAccounts = (snapshot: string) =>
  (JSON.parse(snapshot) as { path: string }[]).filter((doc) => !/(^|\/)users\//.test(doc.path));

const organisations = (rows: ReceivedResultRow[]) => rows.map((row) => row.organisation);

/** Every page of a query, following `next`. */
async function allPages(query: Query): Promise<{ rows: ReceivedResultRow[]; pages: number }> {
  const rows: ReceivedResultRow[] = [];
  let pages = 0;
  for (let cursor: string | undefined; ;) {
    const page = await list({ ...query, ...(cursor ? { cursor } : {}) });
    rows.push(...page.results);
    pages++;
    if (!page.next) return { rows, pages };
    expect(page.more).toBe(true);
    cursor = page.next;
  }
}

const setExcluded = (request: Omit<ApiRequest<typeof API.setResultExcluded>, 'surveyId'>, account = owner) =>
  env.call(API.setResultExcluded, { surveyId: SURVEY, ...request }, account.token);

const surveyInsights = async () =>
  resultOf<ApiResponses[typeof API.getSurveyInsights]>(
    await env.call(API.getSurveyInsights, { surveyId: SURVEY }, owner.token),
  );

const benchmarkOrganisations = async () => {
  const { benchmark } = resultOf<ApiResponses[typeof API.getBenchmark]>(
    await env.call(API.getBenchmark, { surveyId: SURVEY }, business.token),
  );
  return benchmark?.organisations;
};

beforeAll(async () => {
  env = await startTestEnv({ content: true });
  owner = await env.member(PUBLISHER, 'owner');
  business = await env.member('tenant-business', 'owner');
  for (const respondent of RESPONDENTS) {
    ids[respondent.organisation] = await respond(await env.anonymous(), respondent);
  }
  // The business's own result: its benchmark counts the organisations in the aggregate.
  ids.business = await respond(business, {
    organisation: 'Business Pty',
    sector: 'retail',
    size: '1-4',
    localSpend: 'some',
  });
  ({ resultId: started } = resultOf<ApiResponses[typeof API.startResult]>(
    await env.call(API.startResult, { tenantId: PUBLISHER, surveyId: SURVEY }, (await env.anonymous()).token),
  ));
}, 180_000);

afterAll(() => env?.stop(), 60_000);

describe('insights-listResults', () => {
  it('lists completed results newest first with their listing, and counts them', async () => {
    const listed = await list();
    expect(listed.total).toBe(RESPONDENTS.length + 1);
    expect(listed.more).toBe(false);
    expect(listed.next).toBeNull();
    const completedAt = listed.results.map((row) => row.completedAt ?? '');
    expect(completedAt).toEqual([...completedAt].sort().reverse());
    expect(listed.results.find((row) => row.resultId === ids['Riverside Clinic'])).toMatchObject({
      completed: true,
      organisation: 'Riverside Clinic',
      respondent: 'Jo Smithers',
      excluded: false,
      excludedReason: null,
    });
  });

  it('filters by sector, size and band, alone and together, and counts the filter', async () => {
    const retail = await list({ sector: 'retail' });
    expect(new Set(organisations(retail.results))).toEqual(
      new Set(['Green Leaf Café', 'Harbour Bakery', 'Corner Store', 'Business Pty']),
    );
    expect(retail.total).toBe(4);
    const small = await list({ sector: 'retail', size: '1-4' });
    expect(new Set(organisations(small.results))).toEqual(
      new Set(['Green Leaf Café', 'Corner Store', 'Business Pty']),
    );
    expect(small.total).toBe(3);

    const everything = (await list()).results;
    const band = everything.find((row) => row.organisation === 'Harbour Bakery')!.band!;
    const inBand = await list({ band });
    expect(inBand.results.every((row) => row.band === band)).toBe(true);
    expect(inBand.total).toBe(everything.filter((row) => row.band === band).length);
    const both = await list({ sector: 'retail', band, sort: 'score' });
    expect(both.results.map((row) => row.resultId)).toEqual(
      everything
        .filter((row) => row.band === band && retail.results.some((r) => r.resultId === row.resultId))
        .sort((a, b) => b.overallPercent! - a.overallPercent! || b.completedAt!.localeCompare(a.completedAt!))
        .map((row) => row.resultId),
    );
    expect(both.total).toBe(both.results.length);
    expect((await list({ region: 'nsw' })).total).toBe(0);
  });

  it('sorts by score, organisation and completion, either way', async () => {
    const percents = (await list({ sort: 'score' })).results.map((row) => row.overallPercent!);
    expect(percents).toEqual([...percents].sort((a, b) => b - a));
    const ascending = (await list({ sort: 'score', direction: 'asc' })).results.map(
      (row) => row.overallPercent!,
    );
    expect(ascending).toEqual([...percents].reverse());
    expect(organisations((await list({ sort: 'organisation' })).results)).toEqual([
      'Acme Tools',
      'Blue Gum Builders',
      'Business Pty',
      'Corner Store',
      'Green Leaf Café',
      'Harbour Bakery',
      'Riverside Clinic',
      'Zenith Studio',
    ]);
    expect(organisations((await list({ sort: 'organisation', direction: 'desc' })).results)[0]).toBe(
      'Zenith Studio',
    );
    const oldestFirst = (await list({ sort: 'completed', direction: 'asc' })).results;
    expect(oldestFirst[0]!.organisation).toBe('Green Leaf Café');
  });

  it('searches organisation and respondent names by the start of a word, accents and case aside', async () => {
    expect(organisations((await list({ search: 'gre' })).results)).toEqual(['Green Leaf Café']);
    expect(organisations((await list({ search: 'CAFE' })).results)).toEqual(['Green Leaf Café']);
    expect(organisations((await list({ search: 'leaf green' })).results)).toEqual(['Green Leaf Café']);
    expect(organisations((await list({ search: 'smith' })).results)).toEqual(['Riverside Clinic']);
    expect((await list({ search: 'eaf' })).total).toBe(0);
    const retailB = await list({ search: 'b', sector: 'retail' });
    expect(retailB.total).toBe(4);
    expect(new Set(organisations((await list({ search: 'bu', sector: 'retail' })).results))).toEqual(
      new Set(['Business Pty']),
    );
  });

  it('pages with the cursor: every result once, none missed, in the sort order', async () => {
    const whole = (await list({ sort: 'score', limit: 100 })).results.map((row) => row.resultId);
    for (const query of [
      { sort: 'score', limit: 2 },
      { sort: 'organisation', direction: 'desc', limit: 3 },
      { sort: 'completed', limit: 1 },
    ] satisfies Query[]) {
      const { rows, pages } = await allPages(query);
      const paged = rows.map((row) => row.resultId);
      expect(new Set(paged).size).toBe(paged.length);
      expect(new Set(paged)).toEqual(new Set(whole));
      expect(pages).toBe(Math.ceil(whole.length / query.limit));
    }
    const { rows } = await allPages({ sort: 'score', limit: 2 });
    expect(rows.map((row) => row.resultId)).toEqual(whole);
  });

  it('filters by the day of completion, both days included', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const day = (offset: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    expect((await list({ from: today, to: today })).total).toBe(RESPONDENTS.length + 1);
    expect((await list({ from: day(1) })).total).toBe(0);
    expect((await list({ to: day(-1) })).total).toBe(0);
    expect((await list({ from: day(-3), to: today, sort: 'score' })).total).toBe(RESPONDENTS.length + 1);
  });

  it('lists started results newest first under in-progress, where only the date applies', async () => {
    const inProgress = await list({ state: 'in-progress', sector: 'retail' });
    expect(inProgress.results.map((row) => row.resultId)).toEqual([started]);
    expect(inProgress.results[0]).toMatchObject({ completed: false, completedAt: null });
    expect(inProgress.total).toBe(1);
  });

  it('refuses invalid requests, saying which value', async () => {
    for (const [query, words] of [
      [{ limit: 0 }, 'List 1 to 100 results'],
      [{ limit: 101 }, 'List 1 to 100 results'],
      [{ from: '2026-02-30' }, 'YYYY-MM-DD'],
      [{ search: 'x'.repeat(101) }, '100'],
      [{ sort: 'price' }, 'Sort by'],
      [{ from: '2026-03-02', to: '2026-03-01' }, 'after it ends'],
      [{ cursor: 'no-such-result' }, 'first page'],
    ] as const) {
      const error = errorOf(
        await env.call(API.listReceivedResults, { surveyId: SURVEY, ...query }, owner.token),
      );
      expect(error.status).toBe('INVALID_ARGUMENT');
      expect(error.message).toContain(words);
    }
  });

  it('refuses another organisation', async () => {
    const other = await env.member('tenant-elsewhere', 'owner');
    expect(errorOf(await env.call(API.listReceivedResults, { surveyId: SURVEY }, other.token)).status).toBe(
      'PERMISSION_DENIED',
    );
  });
});

describe('insights-setExcluded', () => {
  it('takes a result out of every aggregate with an audit entry, and puts it back when included', async () => {
    const resultId = ids['Harbour Bakery']!;
    const before = { insights: await surveyInsights(), benchmark: await benchmarkOrganisations() };
    const aggregateBefore = await readAggregate(env.store, PUBLISHER, SURVEY);
    expect(resultOf(await setExcluded({ resultId, excluded: true, reason: 'A test run' }))).toEqual({
      excluded: true,
    });

    const insights = await surveyInsights();
    expect(insights.completed).toBe(before.insights.completed - 1);
    expect(insights.organisations).toBe(before.insights.organisations - 1);
    expect(insights.overall.summary?.count).toBe(before.insights.overall.summary!.count - 1);
    expect(await benchmarkOrganisations()).toBe(before.benchmark! - 1);

    // Listed only under 'excluded', with its reason; the counts follow.
    const completed = await list();
    expect(completed.results.map((row) => row.resultId)).not.toContain(resultId);
    expect(completed.total).toBe(RESPONDENTS.length);
    const excluded = await list({ state: 'excluded' });
    expect(excluded.results).toEqual([
      expect.objectContaining({ resultId, excluded: true, excludedReason: 'A test run' }),
    ]);
    expect(excluded.total).toBe(1);

    const audit = await env.store.query(auditCollection(PUBLISHER));
    expect(audit.map((entry) => entry.data)).toEqual([
      {
        at: expect.any(String),
        actorUid: owner.uid,
        kind: 'result.excluded',
        subject: { type: 'result', id: `${SURVEY}/${resultId}` },
        before: { excluded: false, excludedReason: null },
        after: { excluded: true, excludedReason: 'A test run' },
        reason: 'A test run',
      },
    ]);

    // Excluding it again changes nothing.
    const unchanged = await snapshotStore(env.store);
    expect(resultOf(await setExcluded({ resultId, excluded: true, reason: 'Again' }))).toEqual({
      excluded: true,
    });
    expect(await snapshotStore(env.store)).toBe(unchanged);

    expect(resultOf(await setExcluded({ resultId, excluded: false }))).toEqual({ excluded: false });
    expect(await readAggregate(env.store, PUBLISHER, SURVEY)).toEqual(aggregateBefore);
    expect((await surveyInsights()).organisations).toBe(before.insights.organisations);
    expect(await benchmarkOrganisations()).toBe(before.benchmark);
    expect((await list()).total).toBe(RESPONDENTS.length + 1);
    const entries = (await env.store.query(auditCollection(PUBLISHER))).map((entry) => entry.data!);
    expect(entries.map((entry) => entry.kind).sort()).toEqual(['result.excluded', 'result.included']);
  });

  it('keeps an organisation counted while another of its results remains, however its name is spelt', async () => {
    const again = await respond(await env.anonymous(), {
      organisation: ' green leaf  CAFÉ',
      sector: 'retail',
      size: '1-4',
      localSpend: 'little',
    });
    const before = await readAggregate(env.store, PUBLISHER, SURVEY);
    resultOf(await setExcluded({ resultId: again, excluded: true, reason: 'Duplicate entry' }));
    const after = await readAggregate(env.store, PUBLISHER, SURVEY);
    expect(after.completed).toBe(before.completed - 1);
    expect(after.organisations).toBe(before.organisations);
    resultOf(await setExcluded({ resultId: ids['Green Leaf Café']!, excluded: true, reason: 'Junk' }));
    expect((await readAggregate(env.store, PUBLISHER, SURVEY)).organisations).toBe(before.organisations - 1);
    resultOf(await setExcluded({ resultId: ids['Green Leaf Café']!, excluded: false }));
    expect((await readAggregate(env.store, PUBLISHER, SURVEY)).organisations).toBe(before.organisations);
  });

  it('refuses a missing or short reason, another organisation and a member without insights, changing nothing', async () => {
    const resultId = ids['Acme Tools']!;
    const unchanged = await snapshotStore(env.store);
    const missing = errorOf(await setExcluded({ resultId, excluded: true }));
    expect(missing).toMatchObject({
      status: 'INVALID_ARGUMENT',
      details: { problems: { reason: 'Say why the result is excluded.' } },
    });
    const short = errorOf(await setExcluded({ resultId, excluded: true, reason: 'no' }));
    expect(short.message).toContain('Give a reason of 3 to 200 characters.');
    const other = await env.member('tenant-elsewhere', 'owner');
    expect(errorOf(await setExcluded({ resultId, excluded: true, reason: 'Not mine' }, other)).status).toBe(
      'PERMISSION_DENIED',
    );
    const user = await env.member(PUBLISHER, 'user');
    expect(errorOf(await setExcluded({ resultId, excluded: true, reason: 'Too low' }, user)).status).toBe(
      'PERMISSION_DENIED',
    );
    expect(
      errorOf(await setExcluded({ resultId: started, excluded: true, reason: 'Unfinished' })).status,
    ).toBe('NOT_FOUND');
    // Nothing but the accounts made above changed.
    expect(withoutAccounts(await snapshotStore(env.store))).toEqual(withoutAccounts(unchanged));
    expect((await env.store.get(paths.result(PUBLISHER, SURVEY, resultId))).data).toMatchObject({
      listing: { excluded: false },
    });
  });

  it('refuses a viewer, who reads the figures but does not change what they count, and lets an editor', async () => {
    const resultId = ids['Acme Tools']!;
    const viewer = await env.member(PUBLISHER, 'viewer');
    const unchanged = await snapshotStore(env.store);
    const refused = errorOf(await setExcluded({ resultId, excluded: true, reason: 'Looks wrong' }, viewer));
    expect({ status: refused.status, message: refused.message }).toEqual({
      status: 'PERMISSION_DENIED',
      message: SERVER_ERRORS.excludeResultsRequired,
    });
    expect(withoutAccounts(await snapshotStore(env.store))).toEqual(withoutAccounts(unchanged));

    const editor = await env.member(PUBLISHER, 'editor');
    expect(resultOf(await setExcluded({ resultId, excluded: true, reason: 'Looks wrong' }, editor))).toEqual({
      excluded: true,
    });
    expect(resultOf(await setExcluded({ resultId, excluded: false }, editor))).toEqual({ excluded: false });
  });
});

describe('a respondent who answered signed in', () => {
  /** A member of their own organisation, named in their account. */
  async function namedMember(tenantId: string, firstName: string, lastName: string): Promise<TestAccount> {
    const member = await env.member(tenantId, 'owner');
    await env.store.set(paths.tenantUser(tenantId, member.uid), { firstName, lastName }, { merge: true });
    return member;
  }

  const answers = { sector: 'retail', size: '1-4', localSpend: 'some' };

  it("is found and named by their account's names when the survey link gave none", async () => {
    const member = await namedMember('tenant-signed-in', 'Robin', 'Quillfeather');
    const resultId = await respond(member, { organisation: 'Inkwell Supplies', ...answers });

    const found = await list({ search: 'quillf' });
    expect(found.results.map((row) => row.resultId)).toEqual([resultId]);
    expect(found.results[0]).toMatchObject({
      organisation: 'Inkwell Supplies',
      respondent: 'Robin Quillfeather',
    });
    expect((await list({ search: 'robin' })).total).toBe(1);
  });

  it("is found and named by the survey link's names when it gave them", async () => {
    const member = await namedMember('tenant-prefilled', 'Morgan', 'Accountname');
    const resultId = await respond(member, {
      organisation: 'Linked Goods',
      ...answers,
      names: { firstName: 'Sam', lastName: 'Prefillson' },
    });

    const found = await list({ search: 'prefills' });
    expect(found.results.map((row) => row.resultId)).toEqual([resultId]);
    expect(found.results[0]).toMatchObject({ organisation: 'Linked Goods', respondent: 'Sam Prefillson' });
    expect((await list({ search: 'accountname' })).total).toBe(0);
  });

  it("keeps the account's names in the listing an exclusion gives a result completed before listings", async () => {
    const member = await namedMember('tenant-unlisted', 'Kit', 'Beforelisting');
    const resultId = await respond(member, { organisation: 'Early Bird Co', ...answers });
    await env.store.update(paths.result(PUBLISHER, SURVEY, resultId), { listing: FieldValue.delete() });

    resultOf(await setExcluded({ resultId, excluded: true, reason: 'A staff test' }));
    const found = await list({ state: 'excluded', search: 'beforel' });
    expect(found.results).toEqual([
      expect.objectContaining({ resultId, excluded: true, respondent: 'Kit Beforelisting' }),
    ]);
  });
});
