// The business's side of a review: its latest completed result with the review of it, asking for
// one, replying in a question's thread and sending it back. Each change answers the review as it now
// stands, so the screen reads it again, and Results, which shows the verification, too.
import { API, type ApiResponses } from '@toolkit/domain';
import { api, callableMutation, callableQuery } from '@toolkit/data';
import { OWN_RESULTS } from '../../shared/result-tags';

export type MyReview = ApiResponses[typeof API.getMyReview];

/** The organisation's own review, on this screen. */
const MY_REVIEW = { type: 'Results', id: 'my-review' } as const;

const reviewRequestApi = api.injectEndpoints({
  endpoints: (build) => ({
    myReview: callableQuery(build, API.getMyReview, {
      providesTags: [MY_REVIEW],
    }),
    askForReview: callableMutation(build, API.requestReview, {
      request: (result: { surveyId: string; resultId: string }) => result,
      invalidatesTags: [MY_REVIEW, OWN_RESULTS],
    }),
    replyInReview: callableMutation(build, API.commentOnReview, {
      request: (reply: { reviewId: string; questionId: string; text: string }) => reply,
      invalidatesTags: [MY_REVIEW],
    }),
    resubmitMyReview: callableMutation(build, API.resubmitReview, {
      request: (reviewId: string) => ({ reviewId }),
      invalidatesTags: [MY_REVIEW, OWN_RESULTS],
    }),
  }),
});

export const { useAskForReviewMutation, useReplyInReviewMutation, useResubmitMyReviewMutation } =
  reviewRequestApi;

/** Read again each time the screen opens: the publisher changes the review from elsewhere. */
export const useMyReview = () =>
  reviewRequestApi.useMyReviewQuery(undefined, { refetchOnMountOrArgChange: true });
