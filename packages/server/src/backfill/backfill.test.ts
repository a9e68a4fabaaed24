// The backfill catches a stored database up: results completed before the workbench's listing get
// it (and are listed), an empty result leaves the aggregate once, and a second run changes nothing
// and reads only the survey's record of finished steps.
import { API, type ApiResponses } from '@toolkit/domain';
import { readAggregate } from '../repositories/aggregates';
import { paths } from '../repositories/paths';
import { FieldValue, type DocumentStore } from '../store/port';
import {
  completeSurvey,
  resultOf,
  snapshotStore,
  startTestEnv,
  type TestAccount,
  type TestEnv,
} from '../testing';
import { finishedStepsPath, runBackfill } from './run';

const PUBLISHER = 'demo-publisher';
const SURVEY = 'quickscan';

let env: TestEnv;
let owner: TestAccount;

beforeAll(async () => {
  env = await startTestEnv({ content: true });
  owner = await env.member(PUBLISHER, 'owner');
}, 120_000);

afterAll(() => env?.stop(), 60_000);

/** Completes the quickscan as an anonymous respondent with these answers. */
const complete = async (answers: Record<string, unknown>): Promise<string> =>
  (await completeSurvey(env, await env.anonymous(), { tenantId: PUBLISHER, surveyId: SURVEY }, answers))
    .resultId;

const backfill = (store: DocumentStore = env.store) =>
  runBackfill({ store, content: env.deps.content, surveyIds: [SURVEY], log: () => {} });

/** The store, with each call it answers recorded as its method and first argument. */
function recording(store: DocumentStore, calls: [string, unknown][]): DocumentStore {
  return new Proxy(store, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push([String(key), args[0]]);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

const listed = async (query: Record<string, unknown> = {}) =>
  resultOf<ApiResponses[typeof API.listReceivedResults]>(
    await env.call(API.listReceivedResults, { surveyId: SURVEY, ...query }, owner.token),
  );

it('gives stored results their listing, takes an empty one out of the aggregate once, and is idempotent', async () => {
  const kept = await complete({
    'company-name': 'Old Mill Ltd',
    'industry-sector': 'retail',
    'local-spend': 'some',
  });
  const empty = await complete({ 'company-name': 'Hollow Co', 'local-spend': 'some' });
  // As stored before listings existed; the second as before empty completions were refused.
  for (const resultId of [kept, empty]) {
    await env.store.update(paths.result(PUBLISHER, SURVEY, resultId), { listing: FieldValue.delete() });
  }
  await env.store.update(paths.result(PUBLISHER, SURVEY, empty), {
    questions: { 'company-name': 'Hollow Co' },
  });
  expect((await listed()).total).toBe(0);
  const before = await readAggregate(env.store, PUBLISHER, SURVEY);

  await backfill();
  const all = await listed();
  expect(all.total).toBe(2);
  expect(all.results.find((row) => row.resultId === empty)).toMatchObject({
    counted: false,
    excluded: false,
  });
  expect((await listed({ sector: 'retail', search: 'mill' })).results.map((row) => row.resultId)).toEqual([
    kept,
  ]);
  const after = await readAggregate(env.store, PUBLISHER, SURVEY);
  expect(after.completed).toBe(before.completed - 1);
  expect(after.organisations).toBe(before.organisations - 1);

  const unchanged = await snapshotStore(env.store);
  const calls: [string, unknown][] = [];
  await backfill(recording(env.store, calls));
  expect(await snapshotStore(env.store)).toBe(unchanged);
  expect(calls).toEqual([['get', finishedStepsPath(SURVEY)]]);
});

it('takes an organisation out of the distinct count with its last result in the aggregate, not counting one the publisher excluded', async () => {
  const kept = await complete({ 'company-name': 'Twin Co', 'local-spend': 'some' });
  const empty = await complete({ 'company-name': 'Twin Co', 'local-spend': 'most' });
  // Stored before empty completions were refused; the other excluded by the publisher since.
  await env.store.update(paths.result(PUBLISHER, SURVEY, empty), {
    questions: { 'company-name': 'Twin Co' },
  });
  resultOf(
    await env.call(
      API.setResultExcluded,
      { surveyId: SURVEY, resultId: kept, excluded: true, reason: 'A test entry' },
      owner.token,
    ),
  );
  const before = await readAggregate(env.store, PUBLISHER, SURVEY);

  // As a database whose steps have not run for this survey.
  await env.store.delete(finishedStepsPath(SURVEY));
  await backfill();
  const after = await readAggregate(env.store, PUBLISHER, SURVEY);
  expect(after.completed).toBe(before.completed - 1);
  expect(after.organisations).toBe(before.organisations - 1);
});

it("lists a signed-in respondent's stored result by their account's names", async () => {
  const member = await env.member('tenant-backfill', 'owner');
  await env.store.set(
    paths.tenantUser('tenant-backfill', member.uid),
    { firstName: 'Ari', lastName: 'Oldaccount' },
    { merge: true },
  );
  const { resultId } = await completeSurvey(
    env,
    member,
    { tenantId: PUBLISHER, surveyId: SURVEY },
    { 'company-name': 'Ledger House', 'local-spend': 'some' },
  );
  await env.store.update(paths.result(PUBLISHER, SURVEY, resultId), { listing: FieldValue.delete() });
  await env.store.delete(finishedStepsPath(SURVEY));
  await backfill();
  expect((await listed({ search: 'oldacc' })).results).toEqual([
    expect.objectContaining({ resultId, organisation: 'Ledger House', respondent: 'Ari Oldaccount' }),
  ]);
});
