// reviews-resubmit: the business has answered what the publisher asked and sends the review back.
// The reopened questions wait for the reviewer's decision again.
import { API, REVIEW_ERRORS, type ApiResponses } from '@toolkit/domain';
import { ApiError } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { updateReview } from '../../repositories/reviews';
import {
  auditStep,
  loadReviewed,
  mailStep,
  reviewLink,
  reviewOfBusiness,
  reviewRecipients,
  reviewView,
} from './review';

export const resubmitReview = defineHandler(API.resubmitReview, {
  async run({ reviewId }, { caller, deps, now }): Promise<ApiResponses[typeof API.resubmitReview]> {
    const found = await reviewOfBusiness(deps.store, caller, reviewId);
    const [reviewed, recipients] = await Promise.all([
      loadReviewed(deps, found),
      reviewRecipients(deps.store, 'publisher', found.publisherTenantId),
    ]);
    const at = now.toISOString();
    const review = await deps.store.transaction(async (tx) => {
      const current = await reviewOfBusiness(tx, caller, reviewId);
      if (current.status !== 'needsInformation') {
        throw new ApiError('failed-precondition', REVIEW_ERRORS.resubmitOnlyNeedsInformation);
      }
      const decisions = Object.fromEntries(
        Object.entries(current.decisions).filter(
          ([questionId]) => !current.openQuestionIds.includes(questionId),
        ),
      );
      const changes = { status: 'inReview' as const, decisions, openQuestionIds: [], updatedAt: at };
      updateReview(tx, reviewId, changes);
      auditStep(tx, caller, 'review.resubmitted', current, { publisherName: current.publisherName });
      mailStep(tx, deps.store, {
        to: recipients,
        subject: { own: 'Review answered by', theirs: current.organisationName },
        lines: [
          `${current.organisationName} answered what you asked about its result of ${current.surveyTitle} and sent it back for review.`,
        ],
        link: reviewLink(deps, 'publisher', reviewId),
        button: 'Open the review',
      });
      return { ...current, ...changes };
    });
    return reviewView(review, reviewed);
  },
});
