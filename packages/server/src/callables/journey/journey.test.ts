import { API, MESSAGES } from '@toolkit/domain';
import { paths } from '../../repositories/paths';
import {
  errorOf,
  openInvite,
  resultOf,
  snapshotStore,
  startTestEnv,
  type OpenedInvite,
  type TestAccount,
  type TestEnv,
} from '../../testing';

const TENANT = 'tenant-journey';
const SURVEY = 'quickscan';

let env: TestEnv;
let owner: TestAccount;

beforeAll(async () => {
  env = await startTestEnv({ content: true });
  owner = await env.member(TENANT, 'owner');
  await env.onPlan(TENANT, 'leader');
}, 120_000);

afterAll(() => env?.stop(), 60_000);

const saveRequest = (invited: OpenedInvite, overrides: Record<string, unknown> = {}) => ({
  tenantId: invited.tenantId,
  surveyId: SURVEY,
  surveyResultId: invited.surveyResultId,
  questionId: 'renewable-electricity',
  answer: 'all',
  seq: 1,
  ...overrides,
});

const submitRequest = (invited: OpenedInvite, overrides: Record<string, unknown> = {}) => ({
  tenantId: invited.tenantId,
  surveyId: SURVEY,
  surveyResultId: invited.surveyResultId,
  inviteId: invited.inviteId,
  ...overrides,
});

const storedResult = async (invited: OpenedInvite) =>
  (await env.store.get(paths.result(invited.tenantId, SURVEY, invited.surveyResultId))).data;

describe('journey-saveAnswer', () => {
  it('saves the invitee’s answers in order into the invite’s result', async () => {
    const invited = await openInvite(env, owner, SURVEY);
    expect(
      resultOf(await env.call(API.saveInviteAnswer, saveRequest(invited, { seq: 2 }), invited.token)),
    ).toEqual({
      applied: true,
      updatedAt: expect.stringMatching(/^\d{4}-/),
    });
    const late = await env.call(
      API.saveInviteAnswer,
      saveRequest(invited, { answer: 'none', seq: 1 }),
      invited.token,
    );
    expect(resultOf(late)).toMatchObject({ applied: false });
    expect(await storedResult(invited)).toMatchObject({
      answers: { 'renewable-electricity': 'all' },
      seqs: { 'renewable-electricity': 2 },
    });
  });

  it('says which ids are missing in the catalogue’s words, and names other invalid fields', async () => {
    const invited = await openInvite(env, owner, SURVEY);
    for (const missing of ['tenantId', 'surveyId', 'surveyResultId']) {
      for (const value of [undefined, '']) {
        const response = await env.call(
          API.saveInviteAnswer,
          saveRequest(invited, { [missing]: value }),
          invited.token,
        );
        expect(errorOf(response)).toEqual({
          status: 'INVALID_ARGUMENT',
          message: MESSAGES.missingJourneyIds,
        });
      }
    }
    expect(errorOf(await env.call(API.saveInviteAnswer, null, invited.token)).message).toBe(
      MESSAGES.missingJourneyIds,
    );
    const badSeq = errorOf(
      await env.call(API.saveInviteAnswer, saveRequest(invited, { seq: -1 }), invited.token),
    );
    expect(badSeq.status).toBe('INVALID_ARGUMENT');
    expect(badSeq.message).toMatch(/^Invalid seq: /);
    const badQuestion = errorOf(
      await env.call(API.saveInviteAnswer, saveRequest(invited, { questionId: 'nope' }), invited.token),
    );
    expect(badQuestion.message).toBe('Invalid questionId: this survey has no question "nope".');
  });

  it('refuses callers without this invite and writes nothing', async () => {
    const invited = await openInvite(env, owner, SURVEY);
    const other = await openInvite(env, owner, SURVEY);
    const stranger = await env.account({ claims: { tenantId: TENANT } });
    const before = await snapshotStore(env.store);
    for (const token of [stranger.token, other.token, owner.token]) {
      expect(errorOf(await env.call(API.saveInviteAnswer, saveRequest(invited), token)).status).toBe(
        'PERMISSION_DENIED',
      );
      expect(errorOf(await env.call(API.submitInvite, submitRequest(invited), token)).status).toBe(
        'PERMISSION_DENIED',
      );
    }
    // The right invitee naming another result, or another invite id, is refused too.
    const wrongResult = saveRequest(invited, { surveyResultId: other.surveyResultId });
    expect(errorOf(await env.call(API.saveInviteAnswer, wrongResult, invited.token)).status).toBe(
      'PERMISSION_DENIED',
    );
    const wrongInvite = submitRequest(invited, { inviteId: other.inviteId });
    expect(errorOf(await env.call(API.submitInvite, wrongInvite, invited.token)).status).toBe(
      'PERMISSION_DENIED',
    );
    expect(await snapshotStore(env.store)).toBe(before);
  });
});

describe('journey-submit', () => {
  it('completes the result and the invite once, with score and one mail; a second submit is refused', async () => {
    const invited = await openInvite(env, owner, SURVEY);
    resultOf(await env.call(API.saveInviteAnswer, saveRequest(invited), invited.token));
    const mailsBefore = (await env.store.query(paths.mail())).length;

    expect(resultOf(await env.call(API.submitInvite, submitRequest(invited), invited.token))).toEqual({
      status: 'completed',
    });
    expect((await env.store.get(paths.invite(invited.inviteId))).data).toMatchObject({ status: 'completed' });
    const result = await storedResult(invited);
    expect(result).toMatchObject({ isCompleted: true, completedAt: expect.stringMatching(/^\d{4}-/) });
    // renewable-electricity "all" gives 10 of the energy section's 60 points.
    expect(result?.score).toMatchObject({
      sections: expect.arrayContaining([expect.objectContaining({ points: 10, max: 60 })]),
    });
    const mails = await env.store.query(paths.mail());
    expect(mails).toHaveLength(mailsBefore + 1);

    // The invite's session ended with it: a second submit or a late save is refused and changes nothing.
    const before = await snapshotStore(env.store);
    for (const response of [
      await env.call(API.submitInvite, submitRequest(invited), invited.token),
      await env.call(API.saveInviteAnswer, saveRequest(invited, { seq: 9 }), invited.token),
    ]) {
      expect(errorOf(response)).toEqual({ status: 'UNAUTHENTICATED', message: MESSAGES.inviteSessionEnded });
    }
    expect(await snapshotStore(env.store)).toBe(before);
  });

  it('needs the invite id as well', async () => {
    const invited = await openInvite(env, owner, SURVEY);
    const response = await env.call(
      API.submitInvite,
      submitRequest(invited, { inviteId: '' }),
      invited.token,
    );
    expect(errorOf(response)).toEqual({ status: 'INVALID_ARGUMENT', message: MESSAGES.missingJourneyIds });
    expect((await env.store.get(paths.invite(invited.inviteId))).data).toMatchObject({ status: 'pending' });
  });
});
