// Who may see and change a result's evidence (docs/behaviour.md, Evidence): the organisation that
// gave the answers reads and, unless a review locks it, changes it; the reviewers of the survey's
// publisher read it once asked to verify the result. Nobody else learns it exists.
import { SERVER_ERRORS, evidenceLock, type EvidenceLock, type ReviewStatus } from '@toolkit/domain';
import { ApiError, notFound, permissionDenied } from '../../api/errors';
import type { Member, ServerDeps } from '../../api/handler';
import { holdsPermission } from '../../api/permissions';
import { readResult } from '../../repositories/results';
import type { StoredEvidence } from '../../repositories/evidence';
import { readReviewOfResult } from '../../repositories/reviews';
import { findQuestion } from '../../scoring';

export interface EvidenceAccess {
  /** The organisation that gave the answers, which keeps the evidence. */
  tenantId: string;
  surveyId: string;
  resultId: string;
  side: 'business' | 'reviewer';
  review: { status: ReviewStatus; openQuestionIds: string[] } | null;
  completed: boolean;
  /** The survey's title, as the audit trail names it. */
  surveyTitle: string;
  /** A question's title; null when the survey has no such question. */
  questionTitle: (questionId: string) => string | null;
}

/** The result's evidence as the caller may reach it; refused when they may not. */
export async function evidenceAccess(
  deps: ServerDeps,
  caller: Member,
  ref: { surveyId: string; resultId: string },
): Promise<EvidenceAccess> {
  const notYours = permissionDenied(SERVER_ERRORS.evidenceNotYours);
  const definition = await deps.content.getSurvey(ref.surveyId);
  if (!definition) throw notYours;
  const result = await readResult(deps.store, { tenantId: definition.tenantId, ...ref });
  const tenantId = result?.respondentTenantId;
  if (!result || !tenantId) throw notYours;
  const review = await readReviewOfResult(deps.store, { businessTenantId: tenantId, ...ref });
  const reviewer =
    caller.tenantId !== tenantId &&
    review !== null &&
    review.publisherTenantId === caller.tenantId &&
    holdsPermission(caller, 'reviewResults');
  if (caller.tenantId !== tenantId && !reviewer) throw notYours;
  return {
    tenantId,
    ...ref,
    side: reviewer ? 'reviewer' : 'business',
    review,
    completed: result.isCompleted,
    surveyTitle: definition.title,
    questionTitle: (questionId) => findQuestion(definition, questionId)?.title ?? null,
  };
}

const LOCK_REFUSALS: Record<EvidenceLock, string> = {
  inReview: SERVER_ERRORS.evidenceLockedInReview,
  verified: SERVER_ERRORS.evidenceLockedVerified,
  notReopened: SERVER_ERRORS.evidenceQuestionNotReopened,
};

/** What the audit trail keeps of a piece of evidence: what it is and which answer it supports. */
export const evidenceAudited = (
  access: EvidenceAccess,
  item: Pick<StoredEvidence, 'questionId' | 'kind' | 'name'>,
) => ({
  surveyTitle: access.surveyTitle,
  question: access.questionTitle(item.questionId),
  kind: item.kind,
  name: item.name,
});

/** Refused unless the caller's organisation gave the answers and no review locks this one's evidence. */
export function requireEvidenceChange(access: EvidenceAccess, questionId: string): void {
  if (access.side !== 'business') throw permissionDenied(SERVER_ERRORS.evidenceByOrganisationOnly);
  if (!access.completed)
    throw new ApiError('failed-precondition', SERVER_ERRORS.evidenceNeedsCompletedResult);
  if (access.questionTitle(questionId) === null)
    throw notFound(SERVER_ERRORS.noSuchQuestion('questionId', questionId));
  const lock = evidenceLock(access.review, questionId);
  if (lock) throw new ApiError('failed-precondition', LOCK_REFUSALS[lock]);
}
