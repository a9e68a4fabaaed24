// reviews-list: the publisher's queue, oldest first (the longest waiting on top), of one status and
// by a word of the organisation's name, a page at a time, with how many reviews are in each status.
import { API, REVIEWS_PAGE, type ApiResponses } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { countReviews, listReviewsPage } from '../../repositories/reviews';

export const listReviews = defineHandler(API.listReviews, {
  async run({ status, search, cursor }, { caller, deps }): Promise<ApiResponses[typeof API.listReviews]> {
    const [page, counts] = await Promise.all([
      listReviewsPage(deps.store, caller.tenantId, { status, search, cursor, limit: REVIEWS_PAGE + 1 }),
      countReviews(deps.store, caller.tenantId),
    ]);
    const rows = page.slice(0, REVIEWS_PAGE).map((review) => ({
      reviewId: review.reviewId,
      organisationName: review.organisationName,
      surveyTitle: review.surveyTitle,
      status: review.status,
      requestedAt: review.requestedAt,
      updatedAt: review.updatedAt,
    }));
    return { rows, next: page.length > REVIEWS_PAGE ? rows.at(-1)!.reviewId : null, counts };
  },
});
