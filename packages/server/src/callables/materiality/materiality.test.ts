// Double materiality over the real Auth emulator and PGlite: saved per tenant on a plan that
// includes it, read by any member who reads insights, and kept read-only after a downgrade.
import { API, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { paths } from '../../repositories/paths';
import { errorOf, resultOf, startTestEnv, type TestAccount, type TestEnv } from '../../testing';

let env: TestEnv;

beforeAll(async () => {
  env = await startTestEnv({});
}, 120_000);

afterAll(() => env?.stop(), 60_000);

const read = async (account: TestAccount) =>
  resultOf<ApiResponses[typeof API.getMateriality]>(await env.call(API.getMateriality, null, account.token));
const save = (account: TestAccount, ratings: object) =>
  env.call(API.saveMateriality, { ratings }, account.token);

const RATINGS = {
  'climate-change': { impact: 5, financial: 4 },
  'own-workforce': { impact: 3, financial: 2 },
};

it('is empty and not included on Free; saving names the plan that has it and writes nothing', async () => {
  const owner = await env.member('materiality-free', 'owner');
  expect(await read(owner)).toEqual({ ratings: {}, updatedAt: null, included: false });
  expect(errorOf(await save(owner, RATINGS))).toEqual({
    status: 'FAILED_PRECONDITION',
    message: SERVER_ERRORS.featureNeedsPlan('Double-materiality assessment', 'Leader'),
  });
  expect((await env.store.get(paths.materiality('materiality-free'))).data).toBeNull();
});

it('saves the ratings per tenant for an editor, shows them to a viewer, and refuses a viewer’s change', async () => {
  await env.onPlan('materiality-a', 'leader');
  const editor = await env.member('materiality-a', 'editor');
  const viewer = await env.member('materiality-a', 'viewer');
  const saved = resultOf<ApiResponses[typeof API.saveMateriality]>(await save(editor, RATINGS));
  expect(saved).toEqual({ ratings: RATINGS, updatedAt: expect.any(String), included: true });
  expect(await read(viewer)).toEqual(saved);
  expect(errorOf(await save(viewer, {}))).toEqual({
    status: 'PERMISSION_DENIED',
    message: SERVER_ERRORS.editMaterialityRequired,
  });
  // Another organisation sees none of it.
  await env.onPlan('materiality-b', 'leader');
  expect((await read(await env.member('materiality-b', 'owner'))).ratings).toEqual({});
  // A plain user reads no insights.
  expect(
    errorOf(await env.call(API.getMateriality, null, (await env.member('materiality-a', 'user')).token))
      .status,
  ).toBe('PERMISSION_DENIED');
});

it('refuses ratings outside 1–5 and matters not on the list, and keeps what was saved', async () => {
  await env.onPlan('materiality-c', 'leader');
  const owner = await env.member('materiality-c', 'owner');
  resultOf(await save(owner, RATINGS));
  for (const ratings of [
    { 'climate-change': { impact: 6, financial: 1 } },
    { 'climate-change': { impact: 2.5, financial: 1 } },
    { 'climate-change': { impact: 2 } },
    { tax: { impact: 2, financial: 2 } },
  ]) {
    expect(errorOf(await save(owner, ratings)).status).toBe('INVALID_ARGUMENT');
  }
  expect((await read(owner)).ratings).toEqual(RATINGS);
});

it('keeps the ratings after a downgrade, readable but no longer changeable', async () => {
  await env.onPlan('materiality-d', 'leader');
  const owner = await env.member('materiality-d', 'owner');
  resultOf(await save(owner, RATINGS));
  resultOf(await env.call(API.cancelSubscription, null, owner.token));
  expect(await read(owner)).toMatchObject({ ratings: RATINGS, included: false });
  expect(errorOf(await save(owner, {})).status).toBe('FAILED_PRECONDITION');
  expect((await read(owner)).ratings).toEqual(RATINGS);
});
