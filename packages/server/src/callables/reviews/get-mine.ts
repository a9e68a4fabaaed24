// reviews-getMine: the business's latest completed result with each answer in words, the review of
// it if one was asked for, and whether an owner or admin may ask for one now (or why not).
import {
  API,
  canSignDeclaration,
  isOpenReview,
  planUnlocking,
  REVIEW_ERRORS,
  type ApiResponses,
  type ReviewStatus,
} from '@toolkit/domain';
import { defineHandler, type Member, type ServerDeps } from '../../api/handler';
import { hasFeature } from '../../billing/entitlements';
import { allAnswers } from '../../repositories/results';
import { readLatestReviewOfResult } from '../../repositories/reviews';
import {
  latestCompletedResult,
  organisationNameOf,
  reviewQuestions,
  reviewView,
  type Reviewed,
} from './review';

/** Why the result's latest review stands in the way of another; null when none does. */
export function reviewStandsInWay(review: { status: ReviewStatus } | null): string | null {
  if (review?.status === 'verified') return REVIEW_ERRORS.alreadyVerified;
  if (review && isOpenReview(review.status)) return REVIEW_ERRORS.alreadyOpen;
  return null;
}

/** Why the caller may not ask for a review of this result now; null when they may. */
export async function requestRefusal(
  deps: ServerDeps,
  caller: Member,
  review: { status: ReviewStatus } | null,
): Promise<string | null> {
  const standing = reviewStandsInWay(review);
  if (standing) return standing;
  if (!canSignDeclaration(caller.role)) return REVIEW_ERRORS.ownerOrAdminAsks;
  if (!(await hasFeature(deps, caller.tenantId, 'result-verification'))) {
    return REVIEW_ERRORS.planRequired(planUnlocking('result-verification').name);
  }
  return null;
}

export const getMyReview = defineHandler(API.getMyReview, {
  async run(_input, { caller, deps }): Promise<ApiResponses[typeof API.getMyReview]> {
    const latest = await latestCompletedResult(deps.store, caller.tenantId);
    const definition = latest ? await deps.content.getSurvey(latest.link.surveyId) : null;
    if (!latest || !definition) {
      return {
        result: null,
        review: null,
        canRequest: false,
        requestRefusal: REVIEW_ERRORS.noCompletedResult,
      };
    }
    const { link, result } = latest;
    const review = await readLatestReviewOfResult(deps.store, {
      businessTenantId: caller.tenantId,
      surveyId: link.surveyId,
      resultId: link.resultId,
    });
    const reviewed: Reviewed = { definition, result, answers: allAnswers(result) };
    const refusal = await requestRefusal(deps, caller, review);
    return {
      result: {
        surveyId: link.surveyId,
        resultId: link.resultId,
        surveyTitle: definition.title,
        publisherName: review?.publisherName ?? (await organisationNameOf(deps.store, definition.tenantId)),
        completedAt: result.completedAt ?? '',
        questions: reviewQuestions(definition, reviewed.answers, review),
      },
      review: review && reviewView(review, reviewed),
      canRequest: refusal === null,
      requestRefusal: refusal,
    };
  },
});
