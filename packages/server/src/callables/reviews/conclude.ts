// reviews-conclude: the reviewer's verdict on the whole result. Verified only once every answer is
// accepted (a Leader milestone while it stands, and the credential signed next states it); needs
// information reopens the questions marked so for the business; declined says why.
import { API, REVIEW_ERRORS, reviewDay, type ApiResponses } from '@toolkit/domain';
import { ApiError } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { updateReview, type StoredReview } from '../../repositories/reviews';
import {
  auditStep,
  loadReviewed,
  mailStep,
  memberNameOf,
  questionIdsOf,
  requireStatus,
  reviewLink,
  reviewOfPublisher,
  reviewRecipients,
  reviewView,
  verifiedPercentOf,
  type Reviewed,
} from './review';

/** The review's changes for the verdict, or the refusal in words. */
function verdictChanges(
  review: StoredReview,
  reviewed: Reviewed,
  verdict: 'verified' | 'needsInformation' | 'declined',
): Partial<StoredReview> {
  const questionIds = questionIdsOf(reviewed.definition);
  switch (verdict) {
    case 'verified': {
      const notAccepted = questionIds.filter((questionId) => review.decisions[questionId] !== 'accepted');
      if (notAccepted.length > 0)
        throw new ApiError('failed-precondition', REVIEW_ERRORS.notAllAccepted(notAccepted.length));
      return { status: 'verified', verifiedPercent: verifiedPercentOf(reviewed, review) };
    }
    case 'needsInformation': {
      const reopened = questionIds.filter(
        (questionId) => review.decisions[questionId] === 'needsInformation',
      );
      if (reopened.length === 0) throw new ApiError('failed-precondition', REVIEW_ERRORS.nothingToReopen);
      return { status: 'needsInformation', openQuestionIds: reopened };
    }
    case 'declined':
      return { status: 'declined' };
  }
}

export const concludeReview = defineHandler(API.concludeReview, {
  async run(
    { reviewId, verdict, note },
    { caller, deps, now },
  ): Promise<ApiResponses[typeof API.concludeReview]> {
    const found = await reviewOfPublisher(deps.store, caller, reviewId);
    const [reviewed, reviewerName, recipients] = await Promise.all([
      loadReviewed(deps, found),
      memberNameOf(deps.store, caller),
      reviewRecipients(deps.store, 'business', found.businessTenantId),
    ]);
    const at = now.toISOString();
    const review = await deps.store.transaction(async (tx) => {
      const current = await reviewOfPublisher(tx, caller, reviewId);
      requireStatus(current, ['waiting', 'inReview']);
      const changes: Partial<StoredReview> = {
        ...verdictChanges(current, reviewed, verdict),
        reviewerName,
        reviewerUid: caller.uid,
        verdictNote: note ?? null,
        updatedAt: at,
        ...(verdict === 'verified' ? { verifiedAt: at } : {}),
      };
      updateReview(tx, reviewId, changes);
      const after = { ...current, ...changes };
      auditStep(
        tx,
        caller,
        'review.concluded',
        current,
        {
          organisationName: current.organisationName,
          status: verdict,
        },
        note ?? null,
      );
      const opening = `${current.publisherName} reviewed your result of ${current.surveyTitle}.`;
      mailStep(tx, deps.store, {
        to: recipients,
        subject:
          verdict === 'verified'
            ? { own: 'Your result is verified by', theirs: current.publisherName }
            : verdict === 'needsInformation'
              ? { own: 'More information asked for by', theirs: current.publisherName }
              : { own: 'Your result was not verified by', theirs: current.publisherName },
        lines:
          verdict === 'verified'
            ? [
                `${opening} It is verified on ${reviewDay(at)}, with a verified score of ${after.verifiedPercent}%.`,
                'Sign your declaration again so that your credential states it.',
              ]
            : verdict === 'needsInformation'
              ? [
                  `${opening} It asks for more information about ${after.openQuestionIds!.length === 1 ? '1 answer' : `${after.openQuestionIds!.length} answers`}.`,
                  'Reply in the thread of each reopened answer, add evidence where it helps, then send the review back.',
                ]
              : [`${opening} It did not verify it.`],
        quote: note ?? null,
        link: reviewLink(deps, 'business', reviewId),
        button: verdict === 'verified' ? 'See your verified result' : 'Open the review',
      });
      return after as StoredReview;
    });
    return reviewView(review, reviewed);
  },
});
