// reviews-get: one review as the publisher's reviewer sees it: each question with the answer in
// words, whether evidence is required, its decision and thread, and the scores.
import { API, type ApiResponses } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { loadReviewed, reviewOfPublisher, reviewView } from './review';

export const getReview = defineHandler(API.getReview, {
  async run({ reviewId }, { caller, deps }): Promise<ApiResponses[typeof API.getReview]> {
    const review = await reviewOfPublisher(deps.store, caller, reviewId);
    return reviewView(review, await loadReviewed(deps, review));
  },
});
