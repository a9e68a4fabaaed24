// Ids that are paths ('/') and texts the store cannot hold (NUL, lone surrogates)
// are refused as invalid-argument before anything is read or written, through the real router,
// Auth emulator, PGlite store and content service.
import { answer, API } from '@toolkit/domain';
import { implement } from './api/handler';
import { createRouter, type ApiResponse } from './api/router';
import { paths } from './repositories/paths';
import { errorOf, resultOf, snapshotStore, startTestEnv, type TestAccount, type TestEnv } from './testing';

const TENANT = 'acme';
const PUBLISHER = 'demo-publisher';
const SURVEY = 'quickscan';
const ID_RULE = 'must be 1 to 128 letters, digits, hyphens or underscores';

let env: TestEnv;
let owner: TestAccount;

beforeAll(async () => {
  env = await startTestEnv({ content: true });
  owner = await env.member(TENANT, 'owner');
  await env.onPlan(TENANT, 'leader');
}, 120_000);

afterAll(() => env?.stop(), 60_000);

/** Asserts a 400 invalid-argument with `message` and that no document changed. */
async function expectInvalid(call: () => Promise<ApiResponse>, message: string | RegExp) {
  const before = await snapshotStore(env.store);
  const response = await call();
  expect(response.status).toBe(400);
  const error = errorOf(response);
  expect(error.status).toBe('INVALID_ARGUMENT');
  expect(error.message).toMatch(message);
  expect(await snapshotStore(env.store)).toBe(before);
  return response;
}

describe('ids that are not one path segment', () => {
  it('admin-setUserRole cannot write a role into the caller’s sign-up milestone', async () => {
    const milestonePath = paths.milestone(TENANT, owner.uid, 'sign-up');
    const milestone = { id: 'sign-up', completed: true, completedBy: owner.uid, completedAt: 'then' };
    await env.store.set(milestonePath, milestone);

    for (const name of [API.setUserRole, API.getUserRole, API.removeUserRole]) {
      await expectInvalid(
        () =>
          env.call(
            name,
            { uid: `${owner.uid}/milestones/sign-up`, tenantId: TENANT, role: 'viewer' },
            owner.token,
          ),
        `Invalid uid: ${ID_RULE}`,
      );
    }
    expect((await env.store.get(milestonePath)).data).toEqual(milestone);
  });

  it.each([
    ['a slash', 'a/b'],
    ['dot-dot', '..'],
    ['a reserved name', '__name__'],
    ['NUL', 'a\u0000b'],
    ['a lone surrogate', '\uD800'],
    ['129 characters', 'a'.repeat(129)],
  ])('journey-verifyAndLoginWithInvite refuses an inviteId with %s, without a token', async (_, inviteId) => {
    const response = await expectInvalid(
      () => env.call(API.verifyAndLoginWithInvite, { inviteId, key: 'k'.repeat(43) }),
      /^Invalid inviteId: /,
    );
    expect(JSON.stringify(response.body)).not.toContain('token');
  });

  it('survey-startResult refuses tenantId x/y', async () => {
    const anonymous = await env.anonymous();
    await expectInvalid(
      () => env.call(API.startResult, { tenantId: 'x/y', surveyId: SURVEY }, anonymous.token),
      `Invalid tenantId: ${ID_RULE}`,
    );
  });

  it('milestones-list refuses a user id with a slash', async () => {
    await expectInvalid(
      () => env.call(API.listMilestones, { userIds: [`${owner.uid}/milestones`] }, owner.token),
      `Invalid userIds.0: ${ID_RULE}`,
    );
  });
});

describe('text the store cannot hold', () => {
  it('survey-startResult refuses a NUL in the respondent’s name and creates no result', async () => {
    const anonymous = await env.anonymous();
    await expectInvalid(
      () =>
        env.call(
          API.startResult,
          { tenantId: PUBLISHER, surveyId: SURVEY, prefill: { respondent: { firstName: 'Ana\u0000' } } },
          anonymous.token,
        ),
      'Invalid prefill.respondent.firstName: must not contain control characters',
    );
  });

  it('account-updateNames refuses a NUL, a line break or a lone surrogate in a name', async () => {
    for (const [firstName, message] of [
      ['Ana\u0000', 'must not contain control characters'],
      ['Ana\nBob', 'must not contain control characters'],
      ['Ana\uDC00', 'must not contain unpaired surrogates (broken Unicode)'],
    ]) {
      await expectInvalid(
        () => env.call(API.updateNames, { firstName, lastName: 'Tester' }, owner.token),
        `Invalid firstName: ${message}`,
      );
    }
  });

  it('survey-saveAnswer refuses a lone surrogate in a comment and keeps a proper one', async () => {
    const anonymous = await env.anonymous();
    const { resultId } = resultOf<{ resultId: string }>(
      await env.call(API.startResult, { tenantId: PUBLISHER, surveyId: SURVEY }, anonymous.token),
    );
    const save = (answer: string, seq: number) =>
      env.call(
        API.saveAnswer,
        { tenantId: PUBLISHER, surveyId: SURVEY, resultId, questionId: 'business-description', answer, seq },
        anonymous.token,
      );

    await expectInvalid(
      () => save('Café \uD800 lunches', 1),
      'Invalid answer: must not contain unpaired surrogates (broken Unicode)',
    );
    await expectInvalid(() => save('Café\u0000', 2), 'Invalid answer: must not contain control characters');

    const comment = 'Café 🌱 lunches.\nLocal produce.';
    resultOf(await save(comment, 3));
    expect((await env.store.get(paths.result(PUBLISHER, SURVEY, resultId))).data?.questions).toEqual({
      'business-description': comment,
    });
  });

  it('journey-saveAnswer (parsed inside its handler) refuses a lone surrogate in a comment', async () => {
    // The handler parses before it looks at the invite, so any session and made-up ids reach the check.
    const anonymous = await env.anonymous();
    const request = {
      tenantId: PUBLISHER,
      surveyId: SURVEY,
      surveyResultId: 'Xq3ZbT9kLm2Pw7Rs1VdY',
      questionId: 'business-description',
      answer: 'broken \uDC00',
      seq: 1,
    };
    await expectInvalid(
      () => env.call(API.saveInviteAnswer, request, anonymous.token),
      'Invalid answer: must not contain unpaired surrogates (broken Unicode)',
    );
  });
});

describe('the path builders, for a handler that forgot to validate', () => {
  it('refuse a path-like id: the router answers internal and logs it, and nothing is written', async () => {
    const careless = implement(
      {
        name: API.setUserRole,
        access: 'member',
        request: ({ z }) => z.object({ uid: z.string() }),
        response: answer<void>(),
      },
      {
        async run({ uid }, { caller, deps }) {
          await deps.store.set(paths.tenantUser(caller.tenantId, uid), { role: 'viewer' }, { merge: true });
        },
      },
    );
    const router = createRouter(env.deps, [careless]);
    const logged = env.logs.length;
    const before = await snapshotStore(env.store);

    const response = await router.call(
      API.setUserRole,
      { data: { uid: `${owner.uid}/milestones/sign-up` } },
      `Bearer ${owner.token}`,
    );

    expect(response.status).toBe(500);
    expect(errorOf(response)).toEqual({
      status: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(env.logs.slice(logged).join('\n')).toContain('Refused the store path segment');
    expect(await snapshotStore(env.store)).toBe(before);
  });
});
