// reviews-withdraw: the publisher withdraws a verification it gave, saying why. The review reads
// withdrawn, and the organisation's credential that states the verification is revoked with the reason.
import { API, REVIEW_ERRORS, REVOCATION_REASONS, type ApiResponses } from '@toolkit/domain';
import { ApiError } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { updateReview } from '../../repositories/reviews';
import {
  auditStep,
  loadReviewed,
  mailStep,
  reviewLink,
  reviewOfPublisher,
  reviewRecipients,
  reviewView,
  revokeVerifiedCredential,
} from './review';

export const withdrawVerification = defineHandler(API.withdrawVerification, {
  async run(
    { reviewId, reason },
    { caller, deps, now },
  ): Promise<ApiResponses[typeof API.withdrawVerification]> {
    const found = await reviewOfPublisher(deps.store, caller, reviewId);
    const [reviewed, recipients] = await Promise.all([
      loadReviewed(deps, found),
      reviewRecipients(deps.store, 'business', found.businessTenantId),
    ]);
    const at = now.toISOString();
    const review = await deps.store.transaction(async (tx) => {
      const current = await reviewOfPublisher(tx, caller, reviewId);
      if (current.status !== 'verified')
        throw new ApiError('failed-precondition', REVIEW_ERRORS.withdrawOnlyVerified);
      const ended = REVOCATION_REASONS.withdrawn(current.publisherName, at, reason);
      const revoke = await revokeVerifiedCredential(tx, current.businessTenantId, reviewId, at, ended);
      revoke();
      const changes = { status: 'withdrawn' as const, endedReason: ended, updatedAt: at };
      updateReview(tx, reviewId, changes);
      auditStep(
        tx,
        caller,
        'review.withdrawn',
        current,
        { organisationName: current.organisationName },
        reason,
      );
      mailStep(tx, deps.store, {
        to: recipients,
        subject: { own: 'Verification withdrawn by', theirs: current.publisherName },
        lines: [
          `${current.publisherName} withdrew its verification of your result of ${current.surveyTitle}. A credential that stated it is revoked.`,
        ],
        quote: reason,
        link: reviewLink(deps, 'business', reviewId),
        button: 'Open the review',
      });
      return { ...current, ...changes };
    });
    return reviewView(review, reviewed);
  },
});
