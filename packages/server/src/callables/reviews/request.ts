// reviews-request: an owner or admin asks the publisher of the survey to verify the organisation's
// latest completed result. One review at a time per result; the plan must include verification.
import { API, REVIEW_ERRORS, type ApiResponses } from '@toolkit/domain';
import { ApiError } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { createReview, readLatestReviewOfResult, reviewOf } from '../../repositories/reviews';
import { allAnswers } from '../../repositories/results';
import { scoreResult } from '../../scoring';
import { requestRefusal, reviewStandsInWay } from './get-mine';
import {
  auditStep,
  latestCompletedResult,
  mailStep,
  organisationNameOf,
  reviewLink,
  reviewRecipients,
  reviewView,
} from './review';

export const requestReview = defineHandler(API.requestReview, {
  async run({ surveyId, resultId }, { caller, deps, now }): Promise<ApiResponses[typeof API.requestReview]> {
    const latest = await latestCompletedResult(deps.store, caller.tenantId);
    if (!latest) throw new ApiError('failed-precondition', REVIEW_ERRORS.noCompletedResult);
    if (latest.link.surveyId !== surveyId || latest.link.resultId !== resultId) {
      throw new ApiError('failed-precondition', REVIEW_ERRORS.notLatestResult);
    }
    const definition = await deps.content.getSurvey(surveyId);
    if (!definition || !definition.tenantId || definition.tenantId === caller.tenantId) {
      throw new ApiError('failed-precondition', REVIEW_ERRORS.noPublisher);
    }
    const ref = { businessTenantId: caller.tenantId, surveyId, resultId };
    const refusal = await requestRefusal(deps, caller, await readLatestReviewOfResult(deps.store, ref));
    if (refusal) throw new ApiError('failed-precondition', refusal);

    const [organisationName, publisherName, recipients] = await Promise.all([
      organisationNameOf(deps.store, caller.tenantId),
      organisationNameOf(deps.store, definition.tenantId),
      reviewRecipients(deps.store, 'publisher', definition.tenantId),
    ]);
    const answers = allAnswers(latest.result);
    const at = now.toISOString();
    const review = {
      ...reviewOf(deps.store.newId(), {}),
      ...ref,
      publisherTenantId: definition.tenantId,
      surveyTitle: definition.title,
      organisationName,
      publisherName,
      status: 'waiting' as const,
      requestedAt: at,
      updatedAt: at,
      selfAssessedPercent:
        latest.result.score?.overall.percent ?? scoreResult(definition, answers).overall.percent,
    };
    await deps.store.transaction(async (tx) => {
      // Checked again where it is written: two owners asking at once make one review.
      const again = reviewStandsInWay(await readLatestReviewOfResult(tx, ref));
      if (again) throw new ApiError('failed-precondition', again);
      createReview(tx, review);
      auditStep(tx, caller, 'review.requested', review, { publisherName });
      mailStep(tx, deps.store, {
        to: recipients,
        subject: { own: 'Verification asked for by', theirs: organisationName },
        lines: [
          `${organisationName} asks ${publisherName} to verify its result of ${definition.title}.`,
          'Review each answer and its evidence, then verify the result, ask for more information or decline it.',
        ],
        link: reviewLink(deps, 'publisher', review.reviewId),
        button: 'Open the review',
      });
    });
    return reviewView(review, { definition, result: latest.result, answers });
  },
});
