// "Save my results": an anonymous respondent's completed result is claimed by the address they
// name, once that address is proven, once, and not after the claim expired.
import { API, type ApiResponses } from '@toolkit/domain';
import { paths } from '../../repositories/paths';
import { claimPath } from '../../repositories/result-claims';
import { errorOf, resultOf, startTestEnv, uniqueEmail, type TestAccount, type TestEnv } from '../../testing';

const PUBLISHER = 'demo-publisher';
const SURVEY = 'quickscan';

let env: TestEnv;

beforeAll(async () => {
  env = await startTestEnv({ authPort: 9487, content: true });
}, 120_000);

afterAll(() => env?.stop(), 60_000);

afterEach(() => {
  delete env.deps.now;
});

/** An anonymous respondent who answered one scored question and completed the Quickscan. */
async function completedAnonymously(): Promise<{ respondent: TestAccount; resultId: string }> {
  const respondent = await env.anonymous();
  const ref = { tenantId: PUBLISHER, surveyId: SURVEY };
  const { resultId } = resultOf<{ resultId: string }>(await env.call(API.startResult, ref, respondent.token));
  resultOf(
    await env.call(
      API.saveAnswer,
      { ...ref, resultId, questionId: 'renewable-electricity', answer: 'all', seq: 1 },
      respondent.token,
    ),
  );
  resultOf(await env.call(API.completeResult, { ...ref, resultId }, respondent.token));
  return { respondent, resultId };
}

const requestClaim = (respondent: TestAccount, resultId: string, email: string) =>
  env.call(
    API.requestResultClaim,
    { tenantId: PUBLISHER, surveyId: SURVEY, resultId, email },
    respondent.token,
  );

/** Signs up a proven address (a new account, as a sign-in link on another device makes) and lists its results. */
async function signUp(email: string) {
  const account = await env.account({ email });
  const { tenantId, sessionToken } = resultOf<ApiResponses[typeof API.completeSignup]>(
    await env.call(API.completeSignup, { toolkit: 'quickscan' }, account.token),
  );
  // Proving the address ended the account's earlier sessions: it goes on with the one handed back.
  const token = await env.signInWithCustomToken(sessionToken ?? '');
  const { results } = resultOf<ApiResponses[typeof API.listLatestResults]>(
    await env.call(API.listLatestResults, null, token),
  );
  return { account, tenantId, results };
}

describe('results-requestClaim and account-completeSignup', () => {
  it('gives the result, its answers and score to the account that proves the claimed address', async () => {
    const { respondent, resultId } = await completedAnonymously();
    const email = uniqueEmail('Keeper');
    expect(resultOf(await requestClaim(respondent, resultId, email))).toEqual({
      status: 'recorded',
      email: email.toLowerCase(),
      expiresAt: expect.stringMatching(/^\d{4}-/),
    });
    // The claim holds only the address, the result and its expiry.
    expect(
      (await env.store.get(claimPath({ tenantId: PUBLISHER, surveyId: SURVEY, resultId }))).data,
    ).toEqual({
      email: email.toLowerCase(),
      tenantId: PUBLISHER,
      surveyId: SURVEY,
      resultId,
      expiresAt: expect.any(String),
      used: false,
      requestedAt: expect.any(String),
    });

    const { account, tenantId, results } = await signUp(email);

    expect(results).toEqual([
      expect.objectContaining({ resultId, surveyId: SURVEY, isCompleted: true, score: expect.any(Object) }),
    ]);
    const stored = (await env.store.get(paths.result(PUBLISHER, SURVEY, resultId))).data;
    expect(stored).toMatchObject({
      userId: account.uid,
      respondentTenantId: tenantId,
      questions: { 'renewable-electricity': 'all' },
    });
    // The anonymous session's record of the result is gone: the result has one owner.
    expect(
      (await env.store.get(paths.userSurveyResult(PUBLISHER, respondent.uid, resultId))).data,
    ).toBeNull();
  });

  it('refuses the claim to an account whose proven address is another one', async () => {
    const { respondent, resultId } = await completedAnonymously();
    resultOf(await requestClaim(respondent, resultId, uniqueEmail('Named')));

    const { results } = await signUp(uniqueEmail('Other'));

    expect(results).toEqual([]);
    expect((await env.store.get(paths.result(PUBLISHER, SURVEY, resultId))).data).toMatchObject({
      userId: respondent.uid,
      respondentTenantId: null,
    });
  });

  it('uses a claim once: a later account with the same address gets nothing', async () => {
    const { respondent, resultId } = await completedAnonymously();
    const email = uniqueEmail('Once');
    resultOf(await requestClaim(respondent, resultId, email));
    const first = await signUp(email);
    expect(first.results.map((result) => result.resultId)).toEqual([resultId]);

    // The address's account is deleted and registered again: a new account, the same address.
    await env.admin.deleteUser(first.account.uid);
    const second = await signUp(email);

    expect(second.results).toEqual([]);
    expect((await env.store.get(paths.result(PUBLISHER, SURVEY, resultId))).data).toMatchObject({
      userId: first.account.uid,
    });
    // Nor can the anonymous session claim it again for another address: it is not theirs any more.
    expect(errorOf(await requestClaim(respondent, resultId, uniqueEmail('Again')))).toMatchObject({
      status: 'PERMISSION_DENIED',
    });
  });

  it('grants nothing once the claim has expired', async () => {
    const { respondent, resultId } = await completedAnonymously();
    const email = uniqueEmail('Late');
    resultOf(await requestClaim(respondent, resultId, email));

    env.deps.now = () => new Date(Date.now() + 25 * 60 * 60 * 1000);
    const { results } = await signUp(email);

    expect(results).toEqual([]);
    expect((await env.store.get(paths.result(PUBLISHER, SURVEY, resultId))).data).toMatchObject({
      userId: respondent.uid,
    });
  });

  it('takes a claim only from the anonymous session that completed the result', async () => {
    const { resultId } = await completedAnonymously();
    const stranger = await env.anonymous();
    expect(errorOf(await requestClaim(stranger, resultId, uniqueEmail('Thief')))).toMatchObject({
      status: 'PERMISSION_DENIED',
    });

    const started = await env.anonymous();
    const { resultId: open } = resultOf<{ resultId: string }>(
      await env.call(API.startResult, { tenantId: PUBLISHER, surveyId: SURVEY }, started.token),
    );
    expect(errorOf(await requestClaim(started, open, uniqueEmail('Early')))).toMatchObject({
      status: 'FAILED_PRECONDITION',
    });
  });
});
