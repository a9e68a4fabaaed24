// What the reviews callables share (docs/behaviour.md, Reviews): the review as either side sees it
// (each question with its answer in words, its decision and thread), whose it is, who is mailed at
// each step, and how a verification ends.
import {
  canSignDeclaration,
  isOpenReview,
  paths as routes,
  permissionsFor,
  REVIEW_ERRORS,
  REVOCATION_REASONS,
  type AnswerValue,
  type AuditKind,
  type CredentialVerification,
  type Review,
  type ReviewQuestion,
} from '@toolkit/domain';
import { ApiError, notFound } from '../../api/errors';
import type { Member, ServerDeps, ServerSurveyDefinition } from '../../api/handler';
import { recordAudit } from '../../repositories/audit';
import { readCredentialReview, revokeCredential } from '../../repositories/credentials';
import { queueMail } from '../../repositories/mail';
import {
  allAnswers,
  listOrganisationResults,
  readResult,
  type OrganisationResult,
  type StoredResult,
} from '../../repositories/results';
import {
  listBusinessReviews,
  readLatestReviewOfResult,
  readReview,
  updateReview,
  type StoredReview,
} from '../../repositories/reviews';
import { readOrganisationProfile, readTenant } from '../../repositories/tenants';
import { paths } from '../../repositories/paths';
import { readTenantUser, tenantUsersOf } from '../../repositories/users';
import { reviewMail, type ReviewMail } from '../../mail/review';
import { scoreResult, verifiedScore } from '../../scoring';
import type { DocumentStore, StoreTransaction } from '../../store/port';
import { answerText } from '../insights/received';

type Reader = Pick<StoreTransaction, 'get'>;

/** The questions a review covers: every question of the survey that takes an answer, in order. */
export function reviewQuestions(
  definition: ServerSurveyDefinition,
  answers: Readonly<Record<string, AnswerValue>>,
  review: Pick<StoredReview, 'decisions' | 'openQuestionIds' | 'comments'> | null,
): ReviewQuestion[] {
  return definition.sections.flatMap((section) =>
    section.questions
      .filter((question) => question.type !== 'content')
      .map((question) => ({
        questionId: question.id,
        sectionTitle: section.title,
        title: question.title,
        answer: answerText(question, answers[question.id]),
        evidenceRequired: question.evidenceRequired,
        decision: review?.decisions[question.id] ?? null,
        open: review?.openQuestionIds.includes(question.id) ?? false,
        comments: (review?.comments ?? [])
          .filter((comment) => comment.questionId === question.id)
          .map(({ authorUid: _uid, ...comment }) => comment),
      })),
  );
}

export const questionIdsOf = (definition: ServerSurveyDefinition): string[] =>
  reviewQuestions(definition, {}, null).map((question) => question.questionId);

/** The reviewed result and its survey; the survey is read from the content service. */
export interface Reviewed {
  definition: ServerSurveyDefinition;
  answers: Record<string, AnswerValue>;
  result: StoredResult | null;
}

export async function loadReviewed(deps: ServerDeps, review: StoredReview): Promise<Reviewed> {
  const [definition, result] = await Promise.all([
    deps.content.getSurvey(review.surveyId),
    readResult(deps.store, {
      tenantId: review.publisherTenantId,
      surveyId: review.surveyId,
      resultId: review.resultId,
    }),
  ]);
  if (!definition) throw notFound(REVIEW_ERRORS.reviewNotFound);
  return { definition, result, answers: result ? allAnswers(result) : {} };
}

/** The verified score so far: the answers accepted count, the rest score nothing. */
export const verifiedPercentOf = (
  { definition, answers }: Reviewed,
  review: Pick<StoredReview, 'decisions'>,
): number => verifiedScore(definition, answers, review.decisions).overall.percent;

export function reviewView(review: StoredReview, reviewed: Reviewed): Review {
  const { definition, answers, result } = reviewed;
  const concluded = !isOpenReview(review.status);
  return {
    reviewId: review.reviewId,
    surveyId: review.surveyId,
    resultId: review.resultId,
    surveyTitle: review.surveyTitle,
    organisationName: review.organisationName,
    publisherName: review.publisherName,
    status: review.status,
    requestedAt: review.requestedAt,
    updatedAt: review.updatedAt,
    verifiedAt: review.verifiedAt,
    reviewerName: review.reviewerName,
    verdictNote: review.verdictNote,
    selfAssessedPercent: result?.score?.overall.percent ?? scoreResult(definition, answers).overall.percent,
    // A concluded review keeps the score it verified; an open one shows what the accepted answers give.
    verifiedPercent: concluded ? review.verifiedPercent : verifiedPercentOf(reviewed, review),
    questions: reviewQuestions(definition, answers, review),
  };
}

/** The review, only for the publisher that reviews it: anyone else is told there is none. */
export async function reviewOfPublisher(
  reader: Reader,
  caller: Member,
  reviewId: string,
): Promise<StoredReview> {
  const review = await readReview(reader, reviewId);
  if (!review || review.publisherTenantId !== caller.tenantId) throw notFound(REVIEW_ERRORS.reviewNotFound);
  return review;
}

/** The review, only for the business whose result it is. */
export async function reviewOfBusiness(
  reader: Reader,
  caller: Member,
  reviewId: string,
): Promise<StoredReview> {
  const review = await readReview(reader, reviewId);
  if (!review || review.businessTenantId !== caller.tenantId) throw notFound(REVIEW_ERRORS.reviewNotFound);
  return review;
}

/** An organisation's name: its profile's, else its tenant record's. */
export async function organisationNameOf(reader: Reader, tenantId: string): Promise<string> {
  const [profile, tenant] = await Promise.all([
    readOrganisationProfile(reader, tenantId),
    readTenant(reader, tenantId),
  ]);
  return profile.name.trim() || tenant?.name.trim() || 'An organisation';
}

/** A member's name as the thread shows it: their names, else their address. */
export async function memberNameOf(reader: Reader, caller: Member): Promise<string> {
  const member = await readTenantUser(reader, caller.tenantId, caller.uid);
  const name = [member?.firstName.trim(), member?.lastName.trim()].filter(Boolean).join(' ');
  return name || member?.email || caller.email || 'A member';
}

/**
 * Who is mailed on the publisher's side: its members who may review results (those who can act on
 * the mail); on the business's side: its owners and admins, who ask for and answer the review.
 */
export async function reviewRecipients(
  store: DocumentStore,
  side: 'publisher' | 'business',
  tenantId: string,
): Promise<string[]> {
  const members = tenantUsersOf(await store.query(paths.tenantUsers(tenantId)));
  return members
    .filter((member) => !member.invitePending)
    .filter((member) =>
      side === 'publisher'
        ? permissionsFor({ role: member.role, permissions: member.permissions }).reviewResults
        : canSignDeclaration(member.role),
    )
    .map((member) => member.email)
    .filter((email) => email !== '');
}

/** Where each side acts on a review: the publisher's review screen, the business's Evidence and review. */
export const reviewLink = (
  deps: Pick<ServerDeps, 'appUrl'>,
  side: 'publisher' | 'business',
  reviewId: string,
) =>
  `${deps.appUrl.replace(/\/+$/, '')}${side === 'publisher' ? routes.review(reviewId) : routes.evidence()}`;

/** Queues the step's mail when anyone is there to receive it. */
export function mailStep(tx: Pick<StoreTransaction, 'create'>, store: DocumentStore, mail: ReviewMail): void {
  if (mail.to.length > 0) queueMail(tx, store.newId(), reviewMail(mail));
}

/** The step in the acting organisation's audit trail (its Activity). */
export function auditStep(
  tx: Pick<StoreTransaction, 'create'>,
  caller: Pick<Member, 'uid' | 'tenantId'>,
  kind: AuditKind,
  review: StoredReview,
  after: Record<string, unknown>,
  reason: string | null = null,
): void {
  recordAudit(tx, caller.tenantId, {
    actorUid: caller.uid,
    kind,
    subject: { type: 'review', id: review.reviewId },
    before: null,
    after: { surveyTitle: review.surveyTitle, ...after },
    reason,
  });
}

/** Refused unless the review is in one of `statuses`, in the words of the state it is in. */
export function requireStatus(review: StoredReview, statuses: readonly StoredReview['status'][]): void {
  if (statuses.includes(review.status)) return;
  if (review.status === 'needsInformation') {
    throw new ApiError('failed-precondition', REVIEW_ERRORS.waitingForBusiness);
  }
  throw new ApiError('failed-precondition', REVIEW_ERRORS.concluded(review.status));
}

/** The organisation's latest completed result (any member's counts for all); null before the first. */
export async function latestCompletedResult(
  store: DocumentStore,
  tenantId: string,
): Promise<(OrganisationResult & { result: StoredResult }) | null> {
  const results = await listOrganisationResults(store, tenantId);
  const completed = results.filter(
    (entry): entry is OrganisationResult & { result: StoredResult } => entry.result?.isCompleted === true,
  );
  return completed.at(-1) ?? null;
}

/**
 * Ends what a verification vouches for: the organisation's credential that states it is revoked,
 * with the reason in words. Called in the transaction of the change that ends it.
 */
export async function revokeVerifiedCredential(
  tx: Pick<StoreTransaction, 'get' | 'set' | 'update'>,
  businessTenantId: string,
  reviewId: string,
  revokedAt: string,
  reason: string,
): Promise<() => void> {
  const credentialId = (await readTenant(tx, businessTenantId))?.declarationCredentialId;
  const states = credentialId
    ? (await readCredentialReview(tx, businessTenantId, credentialId)) === reviewId
    : false;
  // Reads first, writes after (as Firestore's transactions ask): the write is handed back.
  return () => {
    if (states && credentialId) revokeCredential(tx, businessTenantId, credentialId, revokedAt, reason);
  };
}

/**
 * A newer result of the survey completed: the verification of an older one no longer speaks for
 * the organisation. The review stays verified (it was, for that result); its credential is revoked
 * and the organisation's Activity says why.
 */
export async function endVerificationByNewerResult(
  store: DocumentStore,
  completed: {
    businessTenantId: string;
    surveyId: string;
    resultId: string;
    completedAt: string;
    uid: string;
  },
): Promise<void> {
  const verified = await listBusinessReviews(store, completed.businessTenantId, {
    surveyId: completed.surveyId,
    status: 'verified',
  });
  for (const review of verified.filter((candidate) => candidate.resultId !== completed.resultId)) {
    if (review.endedReason) continue;
    const reason = REVOCATION_REASONS.newerResult(completed.completedAt);
    await store.transaction(async (tx) => {
      const revoke = await revokeVerifiedCredential(
        tx,
        completed.businessTenantId,
        review.reviewId,
        completed.completedAt,
        reason,
      );
      revoke();
      updateReview(tx, review.reviewId, { endedReason: reason });
      auditStep(
        tx,
        { uid: completed.uid, tenantId: completed.businessTenantId },
        'verification.ended',
        review,
        { publisherName: review.publisherName },
        reason,
      );
    });
  }
}

/**
 * The verification a credential signed now states: the organisation's latest completed result's,
 * while it stands verified; null otherwise (the credential is self-declared).
 */
export async function standingVerification(
  store: DocumentStore,
  tenantId: string,
): Promise<{ reviewId: string; verification: CredentialVerification } | null> {
  const latest = await latestCompletedResult(store, tenantId);
  if (!latest) return null;
  const review = await readLatestReviewOfResult(store, {
    businessTenantId: tenantId,
    surveyId: latest.link.surveyId,
    resultId: latest.link.resultId,
  });
  if (review?.status !== 'verified' || review.endedReason) return null;
  const { verifiedAt, verifiedPercent, publisherName } = review;
  if (verifiedAt === null || verifiedPercent === null) return null;
  return { reviewId: review.reviewId, verification: { publisherName, verifiedAt, verifiedPercent } };
}
