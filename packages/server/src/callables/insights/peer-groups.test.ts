// Peer groups over real completions: a business is compared within its own sector, size or region
// only from BENCHMARK_MIN_ORGANISATIONS distinct organisations (enforced here, on the server), may not
// ask for a group it is not in, and a result leaving the aggregate leaves its groups too. The
// backfill gives stored results exactly the counters fresh completions add, once.
import { API, BENCHMARK_MIN_ORGANISATIONS, type ApiResponses } from '@toolkit/domain';
import { backfillInsightsCounters } from '../../backfill/insights-counters';
import { loadSurvey } from '../../content';
import {
  addToAggregate,
  GROUPS_COUNTED_MARK,
  INSIGHTS_COUNTERS_MARK,
  newCounters,
  readAggregate,
  resultCounts,
} from '../../repositories/aggregates';
import { paths } from '../../repositories/paths';
import { allAnswers, EMPTY_RESULT_MARK, negatedCounts, readResult } from '../../repositories/results';
import { FieldValue } from '../../store/port';
import {
  completeSurvey,
  errorOf,
  resultOf,
  startTestEnv,
  type TestAccount,
  type TestEnv,
} from '../../testing';
import { NOT_YOUR_PEER_GROUP } from './get-benchmark';

const PUBLISHER = 'demo-publisher';
const SURVEY = 'quickscan';

let env: TestEnv;

beforeAll(async () => {
  env = await startTestEnv({ content: true });
}, 120_000);

afterAll(() => env?.stop(), 60_000);

/** Completes the quickscan as `account` with a scored answer and `own`; returns the result id and score. */
async function respond(account: TestAccount, own: Record<string, unknown>) {
  const { resultId, score } = await completeSurvey(
    env,
    account,
    { tenantId: PUBLISHER, surveyId: SURVEY },
    { 'local-spend': 'some', ...own },
  );
  return { resultId, score: score! };
}

const benchmarkOf = (account: TestAccount, group?: string) =>
  env.call(API.getBenchmark, { surveyId: SURVEY, ...(group ? { group } : {}) }, account.token);

/** The result excluded in the exclusion test: its overall percent in tenths. */
const junk = { tenths: 0 };

const RETAIL = { 'industry-sector': 'retail', 'employee-count': '5-19', 'business-region': 'vic' };

/** A business whose owner proved their address (as every sign-up does); answers its owner. */
const provenBusiness = (tenantId: string) => env.member(tenantId, 'owner');

describe('insights-getBenchmark within a peer group', () => {
  it(`hides a group of ${BENCHMARK_MIN_ORGANISATIONS - 1} businesses but its count, shows it at ${BENCHMARK_MIN_ORGANISATIONS}, and a business's retake counts once`, async () => {
    const business = await provenBusiness('tenant-retailer');
    expect(resultOf<ApiResponses[typeof API.getBenchmark]>(await benchmarkOf(business))).toMatchObject({
      groups: [],
      group: null,
      benchmark: null,
    });
    const own = await respond(business, { ...RETAIL, 'company-name': 'Own Shop' });
    const peers: TestAccount[] = [];
    for (let i = 0; i < BENCHMARK_MIN_ORGANISATIONS - 2; i++) {
      peers.push(await provenBusiness(`tenant-peer-${i}`));
      await respond(peers[i]!, { ...RETAIL, 'business-region': 'nsw', 'company-name': `Peer ${i}` });
    }
    // The same business again: one more result in the group, not one more organisation.
    await respond(peers[0]!, { ...RETAIL, 'business-region': 'nsw', 'company-name': 'Peer 0' });
    // Another sector does not count towards retail.
    await respond(await provenBusiness('tenant-studio'), {
      'industry-sector': 'creative',
      'company-name': 'Studio',
    });

    const nine = resultOf<ApiResponses[typeof API.getBenchmark]>(await benchmarkOf(business));
    expect(nine.groups).toEqual([
      {
        key: 'sector:retail',
        facet: 'sector',
        label: 'Retail',
        organisations: BENCHMARK_MIN_ORGANISATIONS - 1,
        shown: false,
      },
      { key: 'size:5-19', facet: 'size', label: '5 to 19', organisations: 9, shown: false },
      { key: 'region:vic', facet: 'region', label: 'Victoria', organisations: 1, shown: false },
    ]);
    // The whole survey has 10 organisations: compared with all of them.
    expect(nine.benchmark).toMatchObject({ status: 'shown', organisations: BENCHMARK_MIN_ORGANISATIONS });
    const hidden = resultOf<ApiResponses[typeof API.getBenchmark]>(
      await benchmarkOf(business, 'sector:retail'),
    );
    expect(hidden.group).toBe('sector:retail');
    // Nothing but the count: no quartile of a group small enough to point at one organisation.
    expect(hidden.benchmark).toEqual({
      status: 'too-few',
      organisations: BENCHMARK_MIN_ORGANISATIONS - 1,
      needed: BENCHMARK_MIN_ORGANISATIONS,
    });

    await respond(await provenBusiness('tenant-tenth'), {
      ...RETAIL,
      'company-name': 'The tenth',
      'business-description': 'We sell recycled paper',
    });
    const ten = resultOf<ApiResponses[typeof API.getBenchmark]>(await benchmarkOf(business, 'sector:retail'));
    expect(ten.groups[0]).toMatchObject({ key: 'sector:retail', organisations: 10, shown: true });
    expect(ten.groups[2]).toMatchObject({ key: 'region:vic', organisations: 2, shown: false });
    expect(ten.benchmark).toMatchObject({
      status: 'shown',
      organisations: BENCHMARK_MIN_ORGANISATIONS,
      // Ten businesses, eleven results: each business's latest result only.
      overall: { yours: own.score.overall.percent, peers: { count: BENCHMARK_MIN_ORGANISATIONS } },
    });
    expect(JSON.stringify(ten)).not.toMatch(/Peer \d|The tenth|Studio/);
  });

  it('refuses a group the business is not in, so it cannot probe other groups’ figures', async () => {
    const business = await env.member('tenant-retailer', 'owner');
    for (const group of ['sector:creative', 'region:nsw', 'size:1-4']) {
      expect(errorOf(await benchmarkOf(business, group))).toEqual({
        status: 'INVALID_ARGUMENT',
        message: NOT_YOUR_PEER_GROUP,
      });
    }
    const newcomer = await env.member('tenant-newcomer', 'owner');
    expect(errorOf(await benchmarkOf(newcomer, 'sector:retail')).message).toBe(NOT_YOUR_PEER_GROUP);
    expect(errorOf(await benchmarkOf(business, 'colour:blue'))).toMatchObject({ status: 'INVALID_ARGUMENT' });
  });

  it('loses a result the publisher excludes from its groups and trend', async () => {
    const before = await readAggregate(env.store, PUBLISHER, SURVEY);
    const { resultId, score } = await respond(await env.anonymous(), {
      ...RETAIL,
      'company-name': 'Junk Test',
    });
    junk.tenths = Math.round(score.overall.percent * 10);
    const publisher = await env.member(PUBLISHER, 'owner');
    resultOf(
      await env.call(
        API.setResultExcluded,
        { surveyId: SURVEY, resultId, excluded: true, reason: 'A test run' },
        publisher.token,
      ),
    );
    const after = await readAggregate(env.store, PUBLISHER, SURVEY);
    const nonZero = (tree: unknown): unknown =>
      typeof tree === 'number'
        ? tree
        : Object.fromEntries(
            Object.entries(tree as object)
              .map(([key, value]) => [key, nonZero(value)] as const)
              .filter(
                ([, value]) =>
                  value !== 0 &&
                  !(typeof value === 'object' && value !== null && Object.keys(value).length === 0),
              ),
          );
    expect(nonZero(after.groups)).toEqual(nonZero(before.groups));
    expect(nonZero(after.dayPercentTenths)).toEqual(nonZero(before.dayPercentTenths));
    expect(nonZero(after.answered)).toEqual(nonZero(before.answered));
  });
});

describe('the insights counters backfill', () => {
  it('gives results stored before the counters what fresh completions give, and changes nothing run twice', async () => {
    const definition = await loadSurvey(env.deps, SURVEY);
    const fresh = await readAggregate(env.store, PUBLISHER, SURVEY);
    const comments = await env.store.query(paths.comments(PUBLISHER, SURVEY));
    expect(comments.map(({ data }) => data!.text)).toEqual(['We sell recycled paper']);
    const results = await env.store.query(paths.results(PUBLISHER, SURVEY), {
      where: [['isCompleted', '==', true]],
    });
    // Back to how results stored before the new counters were: unmarked, no comment documents,
    // their new counters out of the aggregate and no organisation counted in a group. The excluded
    // one is a result excluded before the backfill: its exclusion took out counters never added.
    for (const { id: resultId, data } of results) {
      const ref = { tenantId: PUBLISHER, surveyId: SURVEY, resultId };
      const stored = (await readResult(env.store, ref))!;
      const excluded = (data!.listing as { excluded?: boolean }).excluded === true;
      await env.store.transaction(async (tx) => {
        const counts = resultCounts(
          definition,
          { score: stored.score!, answers: allAnswers(stored) },
          { day: stored.completedAt!.slice(0, 10), newOrganisation: excluded },
        );
        addToAggregate(tx, ref, negatedCounts(newCounters(counts)));
        tx.update(paths.result(PUBLISHER, SURVEY, resultId), {
          [INSIGHTS_COUNTERS_MARK]: FieldValue.delete(),
        });
      });
    }
    for (const comment of comments) await env.store.delete(comment.path);
    const organisations = await env.store.query(`tenants/${PUBLISHER}/aggregates/${SURVEY}/organisations`);
    // Each group organisation count stands for one marker: take them out with the marks.
    const groups = Object.fromEntries(
      Object.entries(fresh.groups).map(([key, group]) => [key, { organisations: -group.organisations }]),
    );
    await env.store.transaction(async (tx) => {
      addToAggregate(tx, { tenantId: PUBLISHER, surveyId: SURVEY, resultId: results[0]!.id }, {
        groups,
      } as never);
      for (const marker of organisations)
        tx.update(marker.path, { [GROUPS_COUNTED_MARK]: FieldValue.delete() });
    });
    const stripped = await readAggregate(env.store, PUBLISHER, SURVEY);
    // Nothing left of the new counters but what the early exclusion took out.
    const day = Object.keys(fresh.dayPercentTenths)[0]!;
    expect(stripped.dayPercentTenths).toEqual({ [day]: -junk.tenths });
    expect(stripped.groups['sector:retail']).toMatchObject({ completed: -1, organisations: -1 });
    expect(stripped.groups['sector:creative']).toMatchObject({ completed: 0, organisations: 0 });

    const report = await backfillInsightsCounters(env.store, definition);
    // The excluded result gets back what its exclusion took out.
    expect(report).toEqual({ counted: results.length - 1, restored: 1, leftOut: 0 });
    const backfilled = await readAggregate(env.store, PUBLISHER, SURVEY);
    expect(backfilled.dayPercentTenths).toEqual(fresh.dayPercentTenths);
    expect(backfilled.answered).toEqual(fresh.answered);
    expect(backfilled.groups).toEqual(fresh.groups);
    expect(backfilled).toEqual(fresh);
    const rewritten = await env.store.query(paths.comments(PUBLISHER, SURVEY));
    expect(rewritten.map(({ path, data }) => [path, data])).toEqual(
      comments.map(({ path, data }) => [path, data]),
    );

    const once = await env.store.exportAll();
    expect(await backfillInsightsCounters(env.store, definition)).toEqual({
      counted: 0,
      restored: 0,
      leftOut: 0,
    });
    expect(await env.store.exportAll()).toEqual(once);
  });

  it('only marks a result taken out as empty before the counters existed: they were never in it', async () => {
    const definition = await loadSurvey(env.deps, SURVEY);
    const { resultId } = await respond(await env.anonymous(), { 'company-name': 'Empty Long Ago' });
    const resultPath = paths.result(PUBLISHER, SURVEY, resultId);
    await env.store.update(resultPath, {
      [EMPTY_RESULT_MARK]: true,
      [INSIGHTS_COUNTERS_MARK]: FieldValue.delete(),
    });
    const before = await readAggregate(env.store, PUBLISHER, SURVEY);
    expect(await backfillInsightsCounters(env.store, definition)).toEqual({
      counted: 0,
      restored: 0,
      leftOut: 1,
    });
    expect(await readAggregate(env.store, PUBLISHER, SURVEY)).toEqual(before);
    expect((await env.store.get(resultPath)).data).toMatchObject({ [INSIGHTS_COUNTERS_MARK]: true });
  });
});

type Benchmark = ApiResponses[typeof API.getBenchmark];

describe('who counts in a peer group', () => {
  it('8 organisations made up by two accounts do not make a group of 2 real businesses visible', async () => {
    const BUILDERS = {
      'industry-sector': 'construction',
      'employee-count': '20-49',
      'business-region': 'qld',
    };
    const real = [await provenBusiness('tenant-builder-1'), await provenBusiness('tenant-builder-2')];
    for (const business of real) await respond(business, BUILDERS);
    // Accounts of no organisation, each naming a new company in every result.
    const makers = [await env.account(), await env.account()];
    for (let i = 0; i < 8; i++) {
      await respond(makers[i % 2]!, { ...BUILDERS, 'company-name': `Fake Builder ${i}` });
    }
    const answer = resultOf<Benchmark>(await benchmarkOf(real[0]!, 'sector:construction'));
    expect(answer.groups[0]).toMatchObject({ key: 'sector:construction', organisations: 2, shown: false });
    expect(answer.benchmark).toEqual({
      status: 'too-few',
      organisations: 2,
      needed: BENCHMARK_MIN_ORGANISATIONS,
    });
  });

  it('counts a business only while an owner of it has proven their address', async () => {
    const MAKERS = { 'industry-sector': 'manufacturing', 'employee-count': '1-4', 'business-region': 'sa' };
    const unproven = await provenBusiness('tenant-unproven-maker');
    await env.store.update(paths.globalUser(unproven.uid), { addressProvenAt: FieldValue.delete() });
    await respond(unproven, MAKERS);
    for (let i = 0; i < BENCHMARK_MIN_ORGANISATIONS - 1; i++) {
      await respond(await provenBusiness(`tenant-maker-${i}`), MAKERS);
    }
    const nine = resultOf<Benchmark>(await benchmarkOf(unproven, 'sector:manufacturing'));
    expect(nine.benchmark).toMatchObject({
      status: 'too-few',
      organisations: BENCHMARK_MIN_ORGANISATIONS - 1,
    });

    await env.store.update(paths.globalUser(unproven.uid), { addressProvenAt: '2024-02-01T00:00:00.000Z' });
    await respond(unproven, MAKERS);
    const ten = resultOf<Benchmark>(await benchmarkOf(unproven, 'sector:manufacturing'));
    expect(ten.benchmark).toMatchObject({ status: 'shown', organisations: BENCHMARK_MIN_ORGANISATIONS });
  });

  it('counts a business in the groups of its latest result only, and compares it with those', async () => {
    const mover = await provenBusiness('tenant-mover');
    await respond(mover, { 'industry-sector': 'hospitality' });
    await respond(mover, { 'industry-sector': 'health-care' });
    const stayer = await provenBusiness('tenant-stayer');
    await respond(stayer, { 'industry-sector': 'hospitality' });

    const moved = resultOf<Benchmark>(await benchmarkOf(mover));
    expect(moved.groups).toEqual([expect.objectContaining({ key: 'sector:health-care', organisations: 1 })]);
    expect(errorOf(await benchmarkOf(mover, 'sector:hospitality')).message).toBe(NOT_YOUR_PEER_GROUP);
    const stayed = resultOf<Benchmark>(await benchmarkOf(stayer));
    expect(stayed.groups).toEqual([expect.objectContaining({ key: 'sector:hospitality', organisations: 1 })]);
  });
});

describe('published peer figures', () => {
  afterEach(() => {
    delete env.deps.now;
  });

  it(`change only once ${BENCHMARK_MIN_ORGANISATIONS} more businesses joined, whatever the day`, async () => {
    const HAULIERS = {
      'industry-sector': 'transport',
      'employee-count': '200-plus',
      'business-region': 'wa',
    };
    const observer = await provenBusiness('tenant-haulier-0');
    await respond(observer, HAULIERS);
    for (let i = 1; i < BENCHMARK_MIN_ORGANISATIONS; i++) {
      await respond(await provenBusiness(`tenant-haulier-${i}`), { ...HAULIERS, 'local-spend': 'little' });
    }
    const first = resultOf<Benchmark>(await benchmarkOf(observer, 'sector:transport'));
    expect(first.benchmark).toMatchObject({ status: 'shown', organisations: BENCHMARK_MIN_ORGANISATIONS });

    // One newcomer, far from everyone: its score cannot be read from the figures' change.
    await respond(await provenBusiness('tenant-haulier-10'), { ...HAULIERS, 'local-spend': 'most' });
    expect(resultOf<Benchmark>(await benchmarkOf(observer, 'sector:transport'))).toEqual(first);
    env.deps.now = () => new Date(Date.now() + 86_400_000);
    expect(resultOf<Benchmark>(await benchmarkOf(observer, 'sector:transport'))).toEqual(first);

    for (let i = 11; i < 2 * BENCHMARK_MIN_ORGANISATIONS - 1; i++) {
      await respond(await provenBusiness(`tenant-haulier-${i}`), { ...HAULIERS, 'local-spend': 'most' });
    }
    expect(resultOf<Benchmark>(await benchmarkOf(observer, 'sector:transport'))).toEqual(first);
    await respond(await provenBusiness('tenant-haulier-19'), { ...HAULIERS, 'local-spend': 'most' });
    const next = resultOf<Benchmark>(await benchmarkOf(observer, 'sector:transport'));
    expect(next.groups[0]).toMatchObject({ organisations: 2 * BENCHMARK_MIN_ORGANISATIONS, shown: true });
    expect(next.benchmark).toMatchObject({
      status: 'shown',
      organisations: 2 * BENCHMARK_MIN_ORGANISATIONS,
      overall: { peers: { count: 2 * BENCHMARK_MIN_ORGANISATIONS } },
    });
  });
});
