// An organisation's results are its members' together: any member's completed result is the
// organisation's (the latest completed wins), listed for every member, read by Insights and Actions,
// and its plan kept by whoever may edit it. Over the real Auth emulator, PGlite and the content service.
import { API, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { errorOf, resultOf, startTestEnv, type TestAccount, type TestEnv } from '../../testing';

const PUBLISHER = 'demo-publisher';
const SURVEY = 'quickscan';

let env: TestEnv;

beforeAll(async () => {
  env = await startTestEnv({ content: true });
}, 120_000);

afterAll(() => env?.stop(), 60_000);

/** Starts the Quickscan as `account` with one answer (0-4); completes it unless told not to. */
async function takeQuickscan(account: TestAccount, energy: number, { complete = true } = {}) {
  const { resultId } = resultOf<ApiResponses[typeof API.startResult]>(
    await env.call(API.startResult, { tenantId: PUBLISHER, surveyId: SURVEY }, account.token),
  );
  resultOf(
    await env.call(
      API.saveAnswer,
      {
        tenantId: PUBLISHER,
        surveyId: SURVEY,
        resultId,
        questionId: 'energy-tracking',
        answer: energy,
        seq: 1,
      },
      account.token,
    ),
  );
  if (complete) {
    resultOf(
      await env.call(API.completeResult, { tenantId: PUBLISHER, surveyId: SURVEY, resultId }, account.token),
    );
  }
  return resultId;
}

const latest = async (account: TestAccount) =>
  resultOf<ApiResponses[typeof API.listLatestResults]>(
    await env.call(API.listLatestResults, null, account.token),
  ).results;

describe('results-listLatest: the organisation’s latest result per survey', () => {
  it('lists the owner’s completed Quickscan, with its score, for a member who answered nothing', async () => {
    const owner = await env.member('org-shared', 'owner');
    const member = await env.member('org-shared', 'user');
    expect(await latest(member)).toEqual([]);
    const resultId = await takeQuickscan(owner, 3);
    const [listed, ...rest] = await latest(member);
    expect(rest).toEqual([]);
    expect(listed).toMatchObject({
      resultId,
      surveyId: SURVEY,
      isCompleted: true,
      score: expect.any(Object),
    });
    expect(await latest(owner)).toEqual([listed]);
  });

  it('keeps the organisation’s completed result over a member’s open one, and the latest completed wins', async () => {
    const owner = await env.member('org-latest', 'owner');
    const member = await env.member('org-latest', 'editor');
    const first = await takeQuickscan(owner, 1);
    // The member starts a Quickscan of their own: the organisation's completed one still shows.
    const open = await takeQuickscan(member, 4, { complete: false });
    expect((await latest(member)).map((result) => result.resultId)).toEqual([first]);
    resultOf(
      await env.call(
        API.completeResult,
        { tenantId: PUBLISHER, surveyId: SURVEY, resultId: open },
        member.token,
      ),
    );
    expect((await latest(owner)).map((result) => result.resultId)).toEqual([open]);
    expect((await latest(member)).map((result) => result.resultId)).toEqual([open]);
  });

  it('lists the caller’s own open result while the organisation has none completed, never a colleague’s', async () => {
    const owner = await env.member('org-open', 'owner');
    const member = await env.member('org-open', 'user');
    const open = await takeQuickscan(owner, 2, { complete: false });
    expect((await latest(owner)).map((result) => [result.resultId, result.isCompleted])).toEqual([
      [open, false],
    ]);
    expect(await latest(member)).toEqual([]);
  });

  it('never lists another organisation’s results', async () => {
    const other = await env.member('org-other', 'owner');
    await takeQuickscan(other, 4);
    const stranger = await env.member('org-stranger', 'owner');
    expect(await latest(stranger)).toEqual([]);
  });
});

describe('the organisation’s result behind Insights, Actions and the plan', () => {
  it('gives a member the benchmark history and the priorities of the results colleagues completed', async () => {
    const owner = await env.member('org-insights', 'owner');
    const admin = await env.member('org-insights', 'admin');
    await takeQuickscan(owner, 1);
    await takeQuickscan(owner, 3);
    const benchmark = resultOf<ApiResponses[typeof API.getBenchmark]>(
      await env.call(API.getBenchmark, { surveyId: SURVEY }, admin.token),
    );
    expect(benchmark.history).toHaveLength(2);
    expect(benchmark.priorities).not.toEqual([]);
  });

  it('lets an editor keep the plan of the owner’s result, and a viewer only read it', async () => {
    const owner = await env.member('org-plan', 'owner');
    const editor = await env.member('org-plan', 'editor');
    const viewer = await env.member('org-plan', 'viewer');
    const resultId = await takeQuickscan(owner, 0);
    const actions = resultOf<ApiResponses[typeof API.listActions]>(
      await env.call(API.listActions, { surveyId: SURVEY }, editor.token),
    );
    expect(actions.result).toMatchObject({ resultId });
    const userResultId = actions.result!.userResultId;

    expect(
      resultOf(
        await env.call(
          API.toggleActionPlan,
          { userResultId, actionId: 'track-energy-use', selected: true },
          editor.token,
        ),
      ),
    ).toEqual({ actionPlans: ['track-energy-use'] });
    resultOf(
      await env.call(
        API.updatePlannedAction,
        { userResultId, actionId: 'track-energy-use', status: 'doing', owner: 'Sam', dueDate: null },
        editor.token,
      ),
    );
    // Everyone in the organisation reads the one plan.
    expect((await latest(owner))[0]?.actionPlans).toEqual(['track-energy-use']);
    const read = resultOf<ApiResponses[typeof API.listActions]>(
      await env.call(API.listActions, { surveyId: SURVEY }, viewer.token),
    );
    expect(read.plan).toEqual([
      { actionId: 'track-energy-use', status: 'doing', owner: 'Sam', dueDate: null },
    ]);
    expect(
      errorOf(
        await env.call(
          API.toggleActionPlan,
          { userResultId, actionId: 'track-energy-use', selected: false },
          viewer.token,
        ),
      ).status,
    ).toBe('PERMISSION_DENIED');
  });

  it('finds no plan of another organisation’s result', async () => {
    const other = await env.member('org-plan-other', 'owner');
    const userResultId = await takeQuickscan(other, 2);
    const owner = await env.member('org-plan-own', 'owner');
    for (const [name, request] of [
      [API.toggleActionPlan, { userResultId, actionId: 'track-energy-use', selected: true }],
      [
        API.updatePlannedAction,
        { userResultId, actionId: 'track-energy-use', status: 'done', owner: null, dueDate: null },
      ],
    ] as const) {
      expect(errorOf(await env.call(name, request, owner.token))).toEqual({
        status: 'NOT_FOUND',
        message: SERVER_ERRORS.resultNotFound,
      });
    }
  });
});
