// Actions against real completions: suggestions follow the latest completed result's answers, the
// plan keeps status, owner and due date, a re-assessment shows what improved, and a viewer reads
// the plan but cannot change it.
import { API, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { paths } from '../../repositories/paths';
import { errorOf, resultOf, startTestEnv, type TestAccount, type TestEnv } from '../../testing';

const PUBLISHER = 'demo-publisher';
const SURVEY = 'quickscan';

let env: TestEnv;

beforeAll(async () => {
  env = await startTestEnv({ content: true });
}, 120_000);

afterAll(() => env?.stop(), 60_000);

async function complete(account: TestAccount, answers: Record<string, unknown>) {
  const { resultId } = resultOf<ApiResponses[typeof API.startResult]>(
    await env.call(API.startResult, { tenantId: PUBLISHER, surveyId: SURVEY }, account.token),
  );
  let seq = 0;
  for (const [questionId, answer] of Object.entries(answers)) {
    resultOf(
      await env.call(
        API.saveAnswer,
        { tenantId: PUBLISHER, surveyId: SURVEY, resultId, questionId, answer, seq: ++seq },
        account.token,
      ),
    );
  }
  resultOf(
    await env.call(API.completeResult, { tenantId: PUBLISHER, surveyId: SURVEY, resultId }, account.token),
  );
  return resultId;
}

const overview = async (account: TestAccount) =>
  resultOf<ApiResponses[typeof API.listActions]>(
    await env.call(API.listActions, { surveyId: SURVEY }, account.token),
  );

const suggested = (answer: ApiResponses[typeof API.listActions]) =>
  answer.actions.filter((action) => action.addressing.length > 0).map((action) => action.id);

it('has nothing to suggest before a completed result', async () => {
  const owner = await env.member('tenant-new', 'owner');
  const answer = await overview(owner);
  expect(answer.result).toBeNull();
  expect(answer.plan).toEqual([]);
  expect(suggested(answer)).toEqual([]);
  expect(answer.actions.length).toBeGreaterThanOrEqual(10);
});

it('suggests actions for weak answers, keeps a plan, and follows a re-assessment', async () => {
  const owner = await env.member('tenant-plan', 'owner');
  await complete(owner, {
    'energy-tracking': 0,
    'renewable-electricity': 'all',
    'efficiency-measures': ['led-lighting', 'shutdown-routine'],
  });
  const first = await overview(owner);
  expect(first.result).toMatchObject({ completedAt: expect.any(String) });
  const track = first.actions.find((action) => action.id === 'track-energy-use')!;
  expect(track.addressing).toEqual([{ questionId: 'energy-tracking', title: expect.any(String) }]);
  expect(suggested(first)).not.toContain('switch-to-renewable-electricity');
  expect(suggested(first)).not.toContain('switch-to-led');
  // Unanswered questions count as steps not yet taken.
  expect(suggested(first)).toContain('write-sustainability-policy');
  expect(first.changes).toEqual([]);

  const userResultId = first.result!.userResultId;
  for (const actionId of ['track-energy-use', 'write-sustainability-policy']) {
    resultOf(await env.call(API.toggleActionPlan, { userResultId, actionId, selected: true }, owner.token));
  }
  const updated = resultOf<ApiResponses[typeof API.updatePlannedAction]>(
    await env.call(
      API.updatePlannedAction,
      { userResultId, actionId: 'track-energy-use', status: 'done', owner: 'Sam', dueDate: '2026-12-31' },
      owner.token,
    ),
  );
  expect(updated.plan).toEqual([
    { actionId: 'track-energy-use', status: 'done', owner: 'Sam', dueDate: '2026-12-31' },
    { actionId: 'write-sustainability-policy', status: 'todo', owner: null, dueDate: null },
  ]);
  expect((await overview(owner)).plan).toEqual(updated.plan);

  // An action not in the plan has no status to set.
  expect(
    errorOf(
      await env.call(
        API.updatePlannedAction,
        { userResultId, actionId: 'buy-local', status: 'doing', owner: null, dueDate: null },
        owner.token,
      ),
    ),
  ).toEqual({ status: 'FAILED_PRECONDITION', message: SERVER_ERRORS.actionNotPlanned });

  // Re-assessed: energy tracking is now monthly, so it improved and is no longer suggested.
  await complete(owner, {
    'energy-tracking': 4,
    'renewable-electricity': 'all',
    'efficiency-measures': ['led-lighting'],
  });
  const second = await overview(owner);
  expect(second.result!.resultId).not.toBe(first.result!.resultId);
  expect(suggested(second)).not.toContain('track-energy-use');
  expect(suggested(second)).toContain('shutdown-routine');
  expect(second.changes).toEqual(
    expect.arrayContaining([
      { questionId: 'energy-tracking', title: expect.any(String), change: 'improved' },
      { questionId: 'efficiency-measures', title: expect.any(String), change: 'worsened' },
    ]),
  );
});

it('lets a viewer read the plan but not change it', async () => {
  const viewer = await env.member('tenant-view', 'viewer');
  await complete(viewer, { 'energy-tracking': 0 });
  const { result } = await overview(viewer);
  const path = paths.userSurveyResult('tenant-view', viewer.uid, result!.userResultId);
  const before = (await env.store.get(path)).data;
  expect(
    errorOf(
      await env.call(
        API.toggleActionPlan,
        { userResultId: result!.userResultId, actionId: 'track-energy-use', selected: true },
        viewer.token,
      ),
    ),
  ).toEqual({ status: 'PERMISSION_DENIED', message: SERVER_ERRORS.editPlanRequired });
  expect((await env.store.get(path)).data).toEqual(before);
});

describe('actions of the organisation’s own (custom-opportunities)', () => {
  const action = {
    actionId: null,
    title: 'Bike to work week',
    summary: 'Lend bikes to the team for a week each spring.',
    topic: 'CLIMATE',
    effort: 'LOW',
    impact: 'MEDIUM',
  } as const;
  const save = (account: TestAccount, request: object) =>
    env.call(API.saveCustomAction, request, account.token);

  it('refuses them on a plan without the feature, naming the plan that has it, and writes nothing', async () => {
    const owner = await env.member('tenant-custom-free', 'owner');
    expect(errorOf(await save(owner, action))).toEqual({
      status: 'FAILED_PRECONDITION',
      message: SERVER_ERRORS.featureNeedsPlan('Actions you write yourself', 'Leader'),
    });
    expect(await env.store.query(paths.customActions('tenant-custom-free'))).toEqual([]);
    expect((await overview(owner)).customActionsIncluded).toBe(false);
  });

  it('writes, changes, plans beside the catalogue’s, and deletes them; a viewer cannot; a downgrade keeps them read-only', async () => {
    const tenantId = 'tenant-custom';
    await env.onPlan(tenantId, 'leader');
    const owner = await env.member(tenantId, 'owner');
    const viewer = await env.member(tenantId, 'viewer');
    await complete(owner, { 'energy-tracking': 0 });

    const { customActions } = resultOf<ApiResponses[typeof API.saveCustomAction]>(await save(owner, action));
    const { actionId: _new, ...written } = action;
    expect(customActions).toEqual([{ ...written, id: expect.stringMatching(/^custom-/) }]);
    const id = customActions[0]!.id;

    const changed = resultOf<ApiResponses[typeof API.saveCustomAction]>(
      await save(owner, { ...action, actionId: id, title: 'Bike to work month' }),
    );
    expect(changed.customActions.map((entry) => entry.title)).toEqual(['Bike to work month']);
    expect(errorOf(await save(owner, { ...action, actionId: 'custom-missing' })).status).toBe('NOT_FOUND');
    expect(errorOf(await save(owner, { ...action, title: ' x ' })).status).toBe('INVALID_ARGUMENT');
    expect(errorOf(await save(viewer, action)).status).toBe('PERMISSION_DENIED');

    const { userResultId } = (await overview(owner)).result!;
    for (const actionId of [id, 'track-energy-use']) {
      resultOf(await env.call(API.toggleActionPlan, { userResultId, actionId, selected: true }, owner.token));
    }
    const planned = await overview(owner);
    expect(planned.plan.map((entry) => entry.actionId)).toEqual([id, 'track-energy-use']);
    expect(planned.customActions.map((entry) => entry.id)).toEqual([id]);
    expect(planned.customActionsIncluded).toBe(true);

    // Back to Free: the action stays, and stays in the plan, but cannot be changed.
    resultOf(await env.call(API.cancelSubscription, null, owner.token));
    const downgraded = await overview(owner);
    expect(downgraded.customActionsIncluded).toBe(false);
    expect(downgraded.customActions.map((entry) => entry.title)).toEqual(['Bike to work month']);
    expect(downgraded.plan.map((entry) => entry.actionId)).toContain(id);
    expect(errorOf(await env.call(API.deleteCustomAction, { actionId: id }, owner.token)).status).toBe(
      'FAILED_PRECONDITION',
    );

    // Upgraded again, deleting it takes it out of the plan as well.
    await env.onPlan(tenantId, 'leader');
    expect(
      resultOf<ApiResponses[typeof API.deleteCustomAction]>(
        await env.call(API.deleteCustomAction, { actionId: id }, owner.token),
      ).customActions,
    ).toEqual([]);
    expect((await overview(owner)).plan.map((entry) => entry.actionId)).toEqual(['track-energy-use']);
    expect(errorOf(await env.call(API.deleteCustomAction, { actionId: id }, owner.token)).status).toBe(
      'NOT_FOUND',
    );
  });

  it('keeps another tenant’s actions out of reach', async () => {
    await env.onPlan('tenant-custom-a', 'leader');
    await env.onPlan('tenant-custom-b', 'leader');
    const a = await env.member('tenant-custom-a', 'owner');
    const b = await env.member('tenant-custom-b', 'owner');
    const id = resultOf<ApiResponses[typeof API.saveCustomAction]>(await save(a, action)).customActions[0]!
      .id;
    expect(errorOf(await save(b, { ...action, actionId: id })).status).toBe('NOT_FOUND');
    expect(errorOf(await env.call(API.deleteCustomAction, { actionId: id }, b.token)).status).toBe(
      'NOT_FOUND',
    );
    expect((await overview(b)).customActions).toEqual([]);
  });
});
