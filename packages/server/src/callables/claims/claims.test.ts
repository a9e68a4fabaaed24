// "Save my results": an anonymous respondent's completed result is claimed by the address they
// name, once that address's owner, signed in through its inbox, confirms it; once, and not after the
// claim expired. Signing in alone never takes it.
import { API, type ApiResponses } from '@toolkit/domain';
import { paths } from '../../repositories/paths';
import { claimPath } from '../../repositories/result-claims';
import { errorOf, resultOf, startTestEnv, uniqueEmail, type TestAccount, type TestEnv } from '../../testing';

const PUBLISHER = 'demo-publisher';
const SURVEY = 'quickscan';

let env: TestEnv;

beforeAll(async () => {
  env = await startTestEnv({ content: true });
}, 120_000);

afterAll(() => env?.stop(), 60_000);

afterEach(() => {
  delete env.deps.now;
});

/** An anonymous respondent who named their organisation, answered one scored question and completed the Quickscan. */
async function completedAnonymously(): Promise<{ respondent: TestAccount; resultId: string }> {
  const respondent = await env.anonymous();
  const ref = { tenantId: PUBLISHER, surveyId: SURVEY };
  const { resultId } = resultOf<{ resultId: string }>(await env.call(API.startResult, ref, respondent.token));
  for (const [questionId, answer] of [
    ['company-name', 'Harbour Bakery'],
    ['renewable-electricity', 'all'],
  ]) {
    resultOf(
      await env.call(API.saveAnswer, { ...ref, resultId, questionId, answer, seq: 1 }, respondent.token),
    );
  }
  resultOf(await env.call(API.completeResult, { ...ref, resultId }, respondent.token));
  return { respondent, resultId };
}

const requestClaim = (respondent: TestAccount, resultId: string, email: string) =>
  env.call(
    API.requestResultClaim,
    { tenantId: PUBLISHER, surveyId: SURVEY, resultId, email },
    respondent.token,
  );

/**
 * Signs up a proven address (a new account, as a sign-in link on another device makes) and lists its
 * results. The session goes on as the browser's does: with the one complete-signup hands back.
 */
async function signUp(email: string) {
  const account = await env.account({ email });
  const signedUp = resultOf<ApiResponses[typeof API.completeSignup]>(
    await env.call(
      API.completeSignup,
      { toolkit: 'quickscan', organisationName: 'Green Grocers' },
      account.token,
    ),
  );
  // Proving the address ended the account's earlier sessions: it goes on with the one handed back.
  const token = await env.signInWithCustomToken(signedUp.sessionToken ?? '');
  return { account, tenantId: signedUp.tenantId, pendingClaims: signedUp.pendingClaims, token };
}

const latestResults = async (token: string) =>
  resultOf<ApiResponses[typeof API.listLatestResults]>(await env.call(API.listLatestResults, null, token))
    .results;

const waitingFor = async (token: string) =>
  resultOf<ApiResponses[typeof API.describeResultClaims]>(
    await env.call(API.describeResultClaims, null, token),
  );

const claimIdOf = (resultId: string) =>
  claimPath({ tenantId: PUBLISHER, surveyId: SURVEY, resultId }).split('/')[1]!;

const confirm = (resultId: string, token: string) =>
  env.call(API.confirmResultClaim, { claimId: claimIdOf(resultId) }, token);

const decline = (resultId: string, token: string) =>
  env.call(API.declineResultClaim, { claimId: claimIdOf(resultId) }, token);

describe('results-requestClaim, claims-describe, claims-confirm and claims-decline', () => {
  it("waits after sign-up for the address's owner to confirm, then gives them the result, its answers and score", async () => {
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

    const { account, tenantId, pendingClaims, token } = await signUp(email);

    // Signing up alone attaches nothing: it only says a result is waiting.
    expect(pendingClaims).toBe(1);
    expect(await latestResults(token)).toEqual([]);
    expect((await env.store.get(paths.result(PUBLISHER, SURVEY, resultId))).data).toMatchObject({
      userId: respondent.uid,
      respondentTenantId: null,
    });
    const completedAt = (await env.store.get(paths.result(PUBLISHER, SURVEY, resultId))).data?.completedAt;
    expect(await waitingFor(token)).toEqual({
      claims: [
        {
          claimId: claimIdOf(resultId),
          surveyTitle: expect.stringMatching(/Quickscan/),
          completedAt,
          organisationName: 'Harbour Bakery',
          expiresAt: expect.stringMatching(/^\d{4}-/),
        },
      ],
      organisationName: 'Green Grocers',
    });

    expect(resultOf(await confirm(resultId, token))).toEqual({ status: 'saved' });

    expect(await latestResults(token)).toEqual([
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
    // Used once: it is no longer waiting.
    expect((await waitingFor(token)).claims).toEqual([]);
    expect(errorOf(await confirm(resultId, token))).toMatchObject({ status: 'NOT_FOUND' });
  });

  it('discards a claim its addressee declines: the result stays where it was', async () => {
    const { respondent, resultId } = await completedAnonymously();
    const email = uniqueEmail('Stranger');
    resultOf(await requestClaim(respondent, resultId, email));
    const { token } = await signUp(email);

    expect(resultOf(await decline(resultId, token))).toEqual({ status: 'discarded' });

    expect((await waitingFor(token)).claims).toEqual([]);
    expect(errorOf(await confirm(resultId, token))).toMatchObject({ status: 'NOT_FOUND' });
    expect(await latestResults(token)).toEqual([]);
    expect((await env.store.get(paths.result(PUBLISHER, SURVEY, resultId))).data).toMatchObject({
      userId: respondent.uid,
      respondentTenantId: null,
    });
    // Its respondent may ask again, for the address they meant.
    resultOf(await requestClaim(respondent, resultId, uniqueEmail('Meant')));
  });

  it('never lets a session an invite link opened confirm, decline or read a claim, even for its address', async () => {
    const { respondent, resultId } = await completedAnonymously();
    const email = uniqueEmail('Invited');
    resultOf(await requestClaim(respondent, resultId, email));
    const { account, token } = await signUp(email);
    // An invite link's session: a custom token the server minted, as journey-verifyAndLoginWithInvite does.
    const invited = await env.signInWithCustomToken(await env.admin.createCustomToken(account.uid));

    for (const refused of [
      await env.call(API.describeResultClaims, null, invited),
      await confirm(resultId, invited),
      await decline(resultId, invited),
    ]) {
      expect(errorOf(refused)).toMatchObject({
        status: 'FAILED_PRECONDITION',
        message: expect.stringMatching(/sign in with the link we e-mail/),
      });
    }
    expect((await env.store.get(paths.result(PUBLISHER, SURVEY, resultId))).data).toMatchObject({
      userId: respondent.uid,
    });

    // The same account signed in through an e-mail link may.
    const byEmail = await env.signInWithEmailLink(email);
    expect((await waitingFor(byEmail)).claims).toHaveLength(1);
    resultOf(await confirm(resultId, byEmail));
    expect(await latestResults(token)).toHaveLength(1);
  });

  it('refuses the claim to an account whose proven address is another one', async () => {
    const { respondent, resultId } = await completedAnonymously();
    resultOf(await requestClaim(respondent, resultId, uniqueEmail('Named')));

    const { pendingClaims, token } = await signUp(uniqueEmail('Other'));

    expect(pendingClaims).toBe(0);
    expect((await waitingFor(token)).claims).toEqual([]);
    expect(errorOf(await confirm(resultId, token))).toMatchObject({ status: 'NOT_FOUND' });
    expect(errorOf(await decline(resultId, token))).toMatchObject({ status: 'NOT_FOUND' });
    expect(await latestResults(token)).toEqual([]);
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
    resultOf(await confirm(resultId, first.token));

    // The address's account is deleted and registered again: a new account, the same address.
    await env.admin.deleteUser(first.account.uid);
    const second = await signUp(email);

    expect(second.pendingClaims).toBe(0);
    expect(errorOf(await confirm(resultId, second.token))).toMatchObject({ status: 'NOT_FOUND' });
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
    const { pendingClaims, token } = await signUp(email);

    expect(pendingClaims).toBe(0);
    expect((await waitingFor(token)).claims).toEqual([]);
    expect(errorOf(await confirm(resultId, token))).toMatchObject({ status: 'NOT_FOUND' });
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
