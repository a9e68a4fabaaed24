// reviews-comment: a comment on one question of a review, by the business whose result it is or by
// the publisher reviewing it (the caller's organisation says which side); the other side is mailed.
import { API, isOpenReview, REVIEW_ERRORS, type ApiResponses } from '@toolkit/domain';
import { ApiError, notFound, permissionDenied } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { holdsPermission } from '../../api/permissions';
import { readReview, updateReview } from '../../repositories/reviews';
import {
  auditStep,
  loadReviewed,
  mailStep,
  memberNameOf,
  questionIdsOf,
  reviewLink,
  reviewRecipients,
  reviewView,
} from './review';

export const commentOnReview = defineHandler(API.commentOnReview, {
  async run(
    { reviewId, questionId, text },
    { caller, deps, now },
  ): Promise<ApiResponses[typeof API.commentOnReview]> {
    const found = await readReview(deps.store, reviewId);
    const side =
      found?.publisherTenantId === caller.tenantId
        ? 'reviewer'
        : found?.businessTenantId === caller.tenantId
          ? 'business'
          : null;
    if (!found || !side) throw notFound(REVIEW_ERRORS.reviewNotFound);
    if (side === 'reviewer' && !holdsPermission(caller, 'reviewResults')) {
      throw permissionDenied(REVIEW_ERRORS.reviewResultsRequired);
    }
    const reviewed = await loadReviewed(deps, found);
    if (!questionIdsOf(reviewed.definition).includes(questionId)) {
      throw new ApiError('invalid-argument', REVIEW_ERRORS.questionNotInResult);
    }
    const [authorName, recipients] = await Promise.all([
      memberNameOf(deps.store, caller),
      side === 'reviewer'
        ? reviewRecipients(deps.store, 'business', found.businessTenantId)
        : reviewRecipients(deps.store, 'publisher', found.publisherTenantId),
    ]);
    const at = now.toISOString();
    const comment = {
      commentId: deps.store.newId(),
      questionId,
      side,
      authorName,
      authorUid: caller.uid,
      text,
      at,
    } as const;
    const review = await deps.store.transaction(async (tx) => {
      const current = (await readReview(tx, reviewId))!;
      if (!isOpenReview(current.status)) {
        throw new ApiError('failed-precondition', REVIEW_ERRORS.concluded(current.status));
      }
      // A reviewer's first word starts the review, as a first decision does.
      const status = side === 'reviewer' && current.status === 'waiting' ? 'inReview' : current.status;
      const comments = [...current.comments, comment];
      updateReview(tx, reviewId, { comments, status, updatedAt: at });
      const question = reviewed.definition.sections
        .flatMap((section) => section.questions)
        .find((candidate) => candidate.id === questionId)!;
      auditStep(tx, caller, 'review.commented', current, {
        organisationName: current.organisationName,
        publisherName: current.publisherName,
        question: question.title,
      });
      mailStep(tx, deps.store, {
        to: recipients,
        subject:
          side === 'reviewer'
            ? { own: 'A comment on your review from', theirs: current.publisherName }
            : { own: 'A comment on the review of', theirs: current.organisationName },
        lines: [`${authorName} commented on "${question.title}" (${current.surveyTitle}):`],
        quote: text,
        link: reviewLink(deps, side === 'reviewer' ? 'business' : 'publisher', reviewId),
        button: 'Open the review',
      });
      return { ...current, comments, status, updatedAt: at };
    });
    return reviewView(review, reviewed);
  },
});
