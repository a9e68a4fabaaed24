// The review flow over the real Auth emulator, PGlite and the local content service: a business on a
// plan with verification asks the publisher of its survey to verify its latest completed result; the
// publisher's reviewers decide each answer, ask for information, verify, and may withdraw; each step
// is mailed to the other side and recorded in the acting organisation's Activity; the credential
// signed after verification states it until a newer result or the withdrawal ends it.
import {
  ACCOUNT_DELETION_FRAGMENT,
  API,
  ORGANISATION_DELETION_FRAGMENT,
  REVIEW_ERRORS,
  reviewDay,
  type ApiResponses,
  type DeclarationOverview,
  type Review,
} from '@toolkit/domain';
import { checkCredential } from '@toolkit/domain/credential';
import { purgeDeletedOrganisations } from '../../backfill/purge-organisations';
import { paths } from '../../repositories/paths';
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
const SURVEY = { tenantId: PUBLISHER, surveyId: 'business-quickscan' };
const ANSWERS = { 'company-name': 'Harbour Bakery', 'energy-tracking': 3, 'renewable-electricity': 'all' };

let env: TestEnv;
let tenants = 0;

beforeAll(async () => {
  env = await startTestEnv({ content: true });
  await env.store.set(paths.tenant(PUBLISHER), {
    createdBy: 'system',
    getStarted: true,
    name: 'Demo Publisher',
  });
}, 120_000);

afterAll(() => env?.stop(), 60_000);

interface Business {
  tenantId: string;
  owner: TestAccount;
  admin: TestAccount;
  user: TestAccount;
}

async function onPlan(owner: TestAccount, planId: 'growth' | 'leader') {
  const { url } = resultOf<ApiResponses[typeof API.startCheckout]>(
    await env.call(API.startCheckout, { planId }, owner.token),
  );
  const sessionId = url.split('/').pop()!;
  resultOf(await env.call(API.finishSandboxCheckout, { sessionId, pay: true }, owner.token));
}

/** A business of the quickscan toolkit, on Growth unless told otherwise, with one completed result. */
async function business(plan: 'growth' | null = 'growth'): Promise<Business & { resultId: string }> {
  const tenantId = `reviewed-${++tenants}`;
  await env.store.set(paths.tenant(tenantId), {
    createdBy: 'system',
    getStarted: true,
    toolkit: 'quickscan',
  });
  await env.store.set(paths.organisation(tenantId), { name: 'Harbour Bakery' });
  const owner = await env.member(tenantId, 'owner');
  const admin = await env.member(tenantId, 'admin');
  const user = await env.member(tenantId, 'user');
  if (plan) await onPlan(owner, plan);
  const { resultId } = await completeSurvey(env, owner, SURVEY, ANSWERS);
  return { tenantId, owner, admin, user, resultId };
}

let reviewers: { owner: TestAccount; editor: TestAccount; viewer: TestAccount };

beforeAll(async () => {
  reviewers = {
    owner: await env.member(PUBLISHER, 'owner'),
    editor: await env.member(PUBLISHER, 'editor'),
    viewer: await env.member(PUBLISHER, 'viewer'),
  };
}, 60_000);

const mine = async (account: TestAccount) =>
  resultOf<ApiResponses[typeof API.getMyReview]>(await env.call(API.getMyReview, null, account.token));

const ask = (b: Business & { resultId: string }, account = b.owner) =>
  env.call(API.requestReview, { surveyId: SURVEY.surveyId, resultId: b.resultId }, account.token);

const asReviewer = async (name: string, data: unknown, account = reviewers.editor) =>
  resultOf<Review>(await env.call(name, data, account.token));

const mailTo = async (email: string) =>
  (await env.store.query(paths.mail(), { where: [['to', 'array-contains', email]] })).map((doc) => {
    const message = (doc.data as { message: { subject: string; html: string } }).message;
    return { subject: message.subject, html: message.html };
  });

const auditKinds = async (tenantId: string) =>
  (await env.store.query(`${paths.tenant(tenantId)}/audit`)).map((doc) => String(doc.data?.kind)).sort();

/** Whether the organisation's journey counts the milestone done. */
const milestone = async (account: TestAccount, id: string) =>
  resultOf<ApiResponses[typeof API.listMilestones]>(
    await env.call(API.listMilestones, {}, account.token),
  ).milestones[account.uid]?.find((candidate) => candidate.id === id)?.completed;

/** Accepts every answer of the review, as its reviewer does one by one. */
async function acceptAll(review: Review): Promise<Review> {
  let latest = review;
  for (const { questionId } of review.questions) {
    latest = await asReviewer(API.decideReviewQuestion, {
      reviewId: review.reviewId,
      questionId,
      decision: 'accepted',
    });
  }
  return latest;
}

async function verified(b: Business & { resultId: string }): Promise<Review> {
  const review = resultOf<Review>(await ask(b));
  await acceptAll(review);
  return asReviewer(API.concludeReview, { reviewId: review.reviewId, verdict: 'verified' });
}

describe('asking for verification', () => {
  it('shows the latest completed result in words and who may ask', async () => {
    const b = await business();
    const answer = await mine(b.owner);
    expect(answer).toMatchObject({ canRequest: true, requestRefusal: null, review: null });
    expect(answer.result).toMatchObject({ surveyId: SURVEY.surveyId, resultId: b.resultId });
    const company = answer.result!.questions.find((question) => question.questionId === 'company-name');
    expect(company).toMatchObject({ answer: 'Harbour Bakery', decision: null, open: false, comments: [] });
    expect((await mine(b.user)).requestRefusal).toBe(REVIEW_ERRORS.ownerOrAdminAsks);
  });

  it('names the plan that allows it, and asks nothing on Free', async () => {
    const b = await business(null);
    expect((await mine(b.owner)).requestRefusal).toBe(REVIEW_ERRORS.planRequired('Growth'));
    const before = await snapshotStore(env.store);
    expect(errorOf(await ask(b))).toEqual({
      status: 'FAILED_PRECONDITION',
      message: REVIEW_ERRORS.planRequired('Growth'),
    });
    expect(await snapshotStore(env.store)).toBe(before);
  });

  it('takes only the latest completed result, from an owner or admin, one review at a time', async () => {
    const b = await business();
    expect(
      errorOf(await env.call(API.requestReview, { ...SURVEY, resultId: 'older' }, b.owner.token)),
    ).toEqual({ status: 'FAILED_PRECONDITION', message: REVIEW_ERRORS.notLatestResult });
    expect(errorOf(await ask(b, b.user))).toEqual({
      status: 'PERMISSION_DENIED',
      message: REVIEW_ERRORS.ownerOrAdminAsks,
    });
    const review = resultOf<Review>(await ask(b, b.admin));
    expect(review).toMatchObject({
      status: 'waiting',
      organisationName: 'Harbour Bakery',
      publisherName: 'Demo Publisher',
      verifiedAt: null,
    });
    expect(errorOf(await ask(b))).toEqual({
      status: 'FAILED_PRECONDITION',
      message: REVIEW_ERRORS.alreadyOpen,
    });
    expect((await mine(b.owner)).review?.reviewId).toBe(review.reviewId);

    // The publisher's reviewers are mailed, a viewer (who cannot review) is not; Activity records it.
    expect(await mailTo(reviewers.editor.email)).toContainEqual(
      expect.objectContaining({ subject: 'Verification asked for by: Harbour Bakery' }),
    );
    expect(await mailTo(reviewers.viewer.email)).toEqual([]);
    expect(await auditKinds(b.tenantId)).toContain('review.requested');
  });
});

describe('the publisher’s queue', () => {
  it('lists its reviews oldest first, by status and by name, with counts; others see none', async () => {
    const first = await business();
    const firstReview = resultOf<Review>(await ask(first));
    const rows = async (request: object) =>
      resultOf<ApiResponses[typeof API.listReviews]>(
        await env.call(API.listReviews, request, reviewers.editor.token),
      );
    const all = await rows({});
    expect(all.rows.map((row) => row.reviewId)).toContain(firstReview.reviewId);
    const times = all.rows.map((row) => row.requestedAt);
    expect(times).toEqual([...times].sort());
    expect(all.counts.waiting).toBe(all.rows.filter((row) => row.status === 'waiting').length);
    expect((await rows({ search: 'harb', status: 'waiting' })).rows.length).toBeGreaterThan(0);
    expect((await rows({ search: 'nomatch' })).rows).toEqual([]);
    expect((await rows({ status: 'verified' })).rows.every((row) => row.status === 'verified')).toBe(true);

    const viewer = errorOf(await env.call(API.listReviews, {}, reviewers.viewer.token));
    expect(viewer).toEqual({ status: 'PERMISSION_DENIED', message: REVIEW_ERRORS.reviewResultsRequired });
    const stranger = await env.member('another-publisher', 'owner');
    expect(
      errorOf(await env.call(API.getReview, { reviewId: firstReview.reviewId }, stranger.token)),
    ).toEqual({
      status: 'NOT_FOUND',
      message: REVIEW_ERRORS.reviewNotFound,
    });
  });
});

describe('a review from request to verified', () => {
  it('asks for information, takes the business’s answer back, verifies and records the milestone', async () => {
    const b = await business();
    const { reviewId, questions } = resultOf<Review>(await ask(b));
    const [first, second] = questions;

    // "Needs information" says what is needed; the first decision starts the review.
    const unsaid = errorOf(
      await env.call(
        API.decideReviewQuestion,
        { reviewId, questionId: first!.questionId, decision: 'needsInformation' },
        reviewers.editor.token,
      ),
    );
    expect(unsaid).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: expect.stringContaining('Say what'),
    });
    let review = await asReviewer(API.decideReviewQuestion, {
      reviewId,
      questionId: first!.questionId,
      decision: 'needsInformation',
      comment: 'Please attach the latest bill.',
    });
    expect(review.status).toBe('inReview');
    review = await asReviewer(API.decideReviewQuestion, {
      reviewId,
      questionId: second!.questionId,
      decision: 'accepted',
    });

    // Verified only when every answer is accepted, and the refusal counts the rest.
    const notYet = errorOf(
      await env.call(API.concludeReview, { reviewId, verdict: 'verified' }, reviewers.editor.token),
    );
    expect(notYet).toEqual({
      status: 'FAILED_PRECONDITION',
      message: REVIEW_ERRORS.notAllAccepted(questions.length - 1),
    });
    // Only accepted answers count toward the verified score.
    expect(review.verifiedPercent!).toBeLessThan(review.selfAssessedPercent!);

    review = await asReviewer(API.concludeReview, { reviewId, verdict: 'needsInformation' });
    expect(review.status).toBe('needsInformation');
    expect(
      review.questions.filter((question) => question.open).map((question) => question.questionId),
    ).toEqual([first!.questionId]);
    expect(await mailTo(b.owner.email)).toContainEqual(
      expect.objectContaining({ subject: 'More information asked for by: Demo Publisher' }),
    );
    expect(
      errorOf(
        await env.call(
          API.decideReviewQuestion,
          { reviewId, questionId: second!.questionId, decision: 'accepted' },
          reviewers.editor.token,
        ),
      ),
    ).toEqual({ status: 'FAILED_PRECONDITION', message: REVIEW_ERRORS.waitingForBusiness });

    // The business answers in the thread and sends it back; the reopened answer waits for a decision again.
    const commented = resultOf<Review>(
      await env.call(
        API.commentOnReview,
        { reviewId, questionId: first!.questionId, text: 'The bill is attached.' },
        b.user.token,
      ),
    );
    expect(commented.questions[0]!.comments.map((comment) => [comment.side, comment.text])).toEqual([
      ['reviewer', 'Please attach the latest bill.'],
      ['business', 'The bill is attached.'],
    ]);
    expect(await mailTo(reviewers.owner.email)).toContainEqual(
      expect.objectContaining({ subject: 'A comment on the review of: Harbour Bakery' }),
    );
    review = resultOf<Review>(await env.call(API.resubmitReview, { reviewId }, b.owner.token));
    expect(review).toMatchObject({ status: 'inReview' });
    expect(review.questions[0]).toMatchObject({ decision: null, open: false });
    expect(review.questions[1]).toMatchObject({ decision: 'accepted' });
    expect(errorOf(await env.call(API.resubmitReview, { reviewId }, b.owner.token))).toEqual({
      status: 'FAILED_PRECONDITION',
      message: REVIEW_ERRORS.resubmitOnlyNeedsInformation,
    });

    await acceptAll(review);
    review = await asReviewer(API.concludeReview, {
      reviewId,
      verdict: 'verified',
      note: 'Well documented.',
    });
    expect(review).toMatchObject({
      status: 'verified',
      reviewerName: 'editor Tester',
      verdictNote: 'Well documented.',
    });
    expect(review.verifiedPercent).toBe(review.selfAssessedPercent);
    expect(await milestone(b.owner, 'result-verified')).toBe(true);
    expect(errorOf(await ask(b))).toEqual({
      status: 'FAILED_PRECONDITION',
      message: REVIEW_ERRORS.alreadyVerified,
    });
    expect(
      errorOf(
        await env.call(
          API.commentOnReview,
          { reviewId, questionId: first!.questionId, text: 'One more thing.' },
          b.owner.token,
        ),
      ),
    ).toEqual({ status: 'FAILED_PRECONDITION', message: REVIEW_ERRORS.concluded('verified') });

    // The Results screen's summary carries the verified score.
    const { results } = resultOf<ApiResponses[typeof API.listLatestResults]>(
      await env.call(API.listLatestResults, null, b.owner.token),
    );
    expect(results.find((result) => result.resultId === b.resultId)?.verification).toEqual({
      status: 'verified',
      publisherName: 'Demo Publisher',
      verifiedAt: review.verifiedAt,
      verifiedPercent: review.verifiedPercent,
    });
    expect(await auditKinds(PUBLISHER)).toEqual(
      expect.arrayContaining(['review.decided', 'review.concluded']),
    );
    expect(await auditKinds(b.tenantId)).toEqual(
      expect.arrayContaining(['review.requested', 'review.commented', 'review.resubmitted']),
    );
  });

  it('declines with a note, which the business is mailed', async () => {
    const b = await business();
    const { reviewId } = resultOf<Review>(await ask(b));
    const unsaid = errorOf(
      await env.call(API.concludeReview, { reviewId, verdict: 'declined' }, reviewers.owner.token),
    );
    expect(unsaid.status).toBe('INVALID_ARGUMENT');
    const review = await asReviewer(API.concludeReview, {
      reviewId,
      verdict: 'declined',
      note: 'No evidence given.',
    });
    expect(review).toMatchObject({ status: 'declined', verdictNote: 'No evidence given.' });
    const [mail] = (await mailTo(b.owner.email)).filter((sent) =>
      sent.subject.startsWith('Your result was not'),
    );
    expect(mail?.html).toContain('No evidence given.');
    // A declined result may be asked about again.
    expect(resultOf<Review>(await ask(b)).status).toBe('waiting');
  });
});

describe('the credential of a verified result', () => {
  const sign = async (account: TestAccount) =>
    resultOf<DeclarationOverview>(
      await env.call(API.signDeclaration, { surveyId: 'business-quickscan' }, account.token),
    ).credential!;
  const status = async (credentialId: string) =>
    resultOf<ApiResponses[typeof API.getCredentialStatus]>(
      await env.call(API.getCredentialStatus, { credentialId }),
    );

  it('states who verified it until the publisher withdraws the verification, then says why it was revoked', async () => {
    const b = await business();
    const review = await verified(b);
    const credential = await sign(b.owner);
    const expected = {
      publisherName: 'Demo Publisher',
      verifiedAt: review.verifiedAt,
      verifiedPercent: review.verifiedPercent,
    };
    expect(credential.verification).toEqual(expected);
    const keys = resultOf<ApiResponses[typeof API.getCredentialKeys]>(
      await env.call(API.getCredentialKeys, null),
    );
    const check = await checkCredential(credential.token, keys, new Date());
    expect(check).toMatchObject({ status: 'genuine', credential: { verification: expected } });

    const noReason = errorOf(
      await env.call(
        API.withdrawVerification,
        { reviewId: review.reviewId, reason: ' ' },
        reviewers.editor.token,
      ),
    );
    expect(noReason.status).toBe('INVALID_ARGUMENT');
    const withdrawn = await asReviewer(API.withdrawVerification, {
      reviewId: review.reviewId,
      reason: 'The bills belonged to another business.',
    });
    expect(withdrawn.status).toBe('withdrawn');
    expect(await status(credential.id)).toEqual({
      status: 'revoked',
      revokedAt: expect.any(String),
      reason: `Demo Publisher withdrew its verification on ${reviewDay(withdrawn.updatedAt)}: The bills belonged to another business.`,
    });
    expect(await mailTo(b.owner.email)).toContainEqual(
      expect.objectContaining({ subject: 'Verification withdrawn by: Demo Publisher' }),
    );
    expect(
      errorOf(
        await env.call(
          API.withdrawVerification,
          { reviewId: review.reviewId, reason: 'Again.' },
          reviewers.editor.token,
        ),
      ),
    ).toEqual({ status: 'FAILED_PRECONDITION', message: REVIEW_ERRORS.withdrawOnlyVerified });
  });

  it('is revoked when a newer result of the survey is completed', async () => {
    const b = await business();
    await verified(b);
    const credential = await sign(b.owner);
    const { completedAt } = await completeSurvey(env, b.owner, SURVEY, ANSWERS);
    expect(await status(credential.id)).toEqual({
      status: 'revoked',
      revokedAt: completedAt,
      reason: `A newer result was completed on ${reviewDay(completedAt!)}.`,
    });
    expect(await auditKinds(b.tenantId)).toContain('verification.ended');
    expect(await milestone(b.owner, 'result-verified')).toBe(false);
    // The newer result is not verified: signing again states nothing verified.
    expect((await sign(b.owner)).verification).toBeNull();
  });

  it('is self-declared without a verified result', async () => {
    const b = await business();
    expect((await sign(b.owner)).verification).toBeNull();
  });
});

describe('survey insights of verified results', () => {
  const completed = async (verifiedOnly: boolean) =>
    resultOf<ApiResponses[typeof API.getSurveyInsights]>(
      await env.call(
        API.getSurveyInsights,
        { surveyId: SURVEY.surveyId, verifiedOnly },
        reviewers.owner.token,
      ),
    ).completed;

  it('count only results that stand verified', async () => {
    const b = await business();
    const before = await completed(true);
    const review = await verified(b);
    expect(await completed(true)).toBe(before + 1);
    expect(await completed(false)).toBeGreaterThan(before + 1);
    await asReviewer(API.withdrawVerification, { reviewId: review.reviewId, reason: 'Checked again.' });
    expect(await completed(true)).toBe(before);
  });
});

describe('a business’s reviews and its data', () => {
  it('are in its members’ data download, threads included, and purged with the organisation', async () => {
    const b = await business();
    const { reviewId, questions } = resultOf<Review>(await ask(b));
    const text = 'Our bills are attached.';
    resultOf(
      await env.call(
        API.commentOnReview,
        { reviewId, questionId: questions[0]!.questionId, text },
        b.user.token,
      ),
    );
    const download = resultOf<ApiResponses[typeof API.exportMyData]>(
      await env.call(API.exportMyData, null, b.user.token),
    );
    expect(download.collections.reviews).toEqual([
      {
        path: paths.review(reviewId),
        data: expect.objectContaining({
          status: 'waiting',
          comments: [expect.objectContaining({ side: 'business', text })],
        }),
      },
    ]);

    // A member who deletes their account leaves what they said, by a former member.
    resultOf(await env.call(API.requestAccountDeletion, null, b.user.token));
    const accountLink = (await mailTo(b.user.email)).map((sent) => sent.html).join(' ');
    const accountToken = new RegExp(`#${ACCOUNT_DELETION_FRAGMENT}([A-Za-z0-9_-]{43})`).exec(
      accountLink,
    )![1]!;
    resultOf(await env.call(API.confirmAccountDeletion, { token: accountToken }, b.user.token));
    const thread = (await mine(b.owner)).review!.questions[0]!.comments;
    expect(thread).toEqual([expect.objectContaining({ authorName: 'A former member', text })]);
    expect(JSON.stringify((await env.store.get(paths.review(reviewId))).data)).not.toContain(b.user.uid);

    resultOf(await env.call(API.requestOrganisationDeletion, null, b.owner.token));
    const mailed = (await mailTo(b.owner.email)).map((sent) => sent.html).join(' ');
    const token = new RegExp(`#${ORGANISATION_DELETION_FRAGMENT}([A-Za-z0-9_-]{43})`).exec(mailed)![1]!;
    const deleted = resultOf<ApiResponses[typeof API.confirmOrganisationDeletion]>(
      await env.call(API.confirmOrganisationDeletion, { token }, b.owner.token),
    );
    await purgeDeletedOrganisations(env.store, new Date(Date.parse(deleted.purgeAfter) + 1000), {
      evidenceFiles: env.evidenceFiles,
    });
    expect((await env.store.get(paths.review(reviewId))).data).toBeNull();
  });
});
