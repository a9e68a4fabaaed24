// reviews-decide: the reviewer accepts one answer, or asks for more information about it (saying
// what, in the question's thread). The first decision starts a waiting review.
import { API, REVIEW_ERRORS, type ApiResponses } from '@toolkit/domain';
import { ApiError } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { updateReview } from '../../repositories/reviews';
import {
  auditStep,
  loadReviewed,
  memberNameOf,
  questionIdsOf,
  requireStatus,
  reviewOfPublisher,
  reviewView,
} from './review';

export const decideReviewQuestion = defineHandler(API.decideReviewQuestion, {
  async run(
    { reviewId, questionId, decision, comment },
    { caller, deps, now },
  ): Promise<ApiResponses[typeof API.decideReviewQuestion]> {
    const found = await reviewOfPublisher(deps.store, caller, reviewId);
    const reviewed = await loadReviewed(deps, found);
    if (!questionIdsOf(reviewed.definition).includes(questionId)) {
      throw new ApiError('invalid-argument', REVIEW_ERRORS.questionNotInResult);
    }
    const authorName = await memberNameOf(deps.store, caller);
    const at = now.toISOString();
    const review = await deps.store.transaction(async (tx) => {
      const current = await reviewOfPublisher(tx, caller, reviewId);
      requireStatus(current, ['waiting', 'inReview']);
      const comments = comment
        ? [
            ...current.comments,
            {
              commentId: deps.store.newId(),
              questionId,
              side: 'reviewer' as const,
              authorName,
              authorUid: caller.uid,
              text: comment,
              at,
            },
          ]
        : current.comments;
      const changes = {
        status: 'inReview' as const,
        decisions: { ...current.decisions, [questionId]: decision },
        comments,
        reviewerName: authorName,
        reviewerUid: caller.uid,
        updatedAt: at,
      };
      updateReview(tx, reviewId, changes);
      const question = reviewed.definition.sections
        .flatMap((section) => section.questions)
        .find((candidate) => candidate.id === questionId)!;
      auditStep(tx, caller, 'review.decided', current, {
        organisationName: current.organisationName,
        question: question.title,
        decision,
      });
      return { ...current, ...changes };
    });
    return reviewView(review, reviewed);
  },
});
