// The reviews queue and one review, as publisher staff work through them. Every change answers
// the review as it now stands, which the review's screen shows; the queue's counts move with it.
import { API, type ApiRequest, type ApiResponses, type Review, type ReviewStatus } from '@toolkit/domain';
import { api, call, callableMutation, callableQuery } from '@toolkit/data';
import { receivedBy } from '../../shared/result-tags';

export type ReviewsPage = ApiResponses[typeof API.listReviews];

/** Every review of the queue: its pages, its counts. */
const QUEUE = { type: 'Results', id: 'reviews' } as const;
/** One review, on its own screen. */
const reviewTag = (reviewId: string) => ({ type: 'Results', id: `review:${reviewId}` }) as const;

export interface QueueArg {
  status: ReviewStatus;
  /** Organisations whose name has a word starting with it; '' lists every one. */
  search: string;
}

type Change<N extends keyof typeof API> = ApiRequest<(typeof API)[N]>;

/** A change to one review: its own screen and the queue are asked again. */
const changes = (_answer: unknown, _error: unknown, { reviewId }: { reviewId: string }) => [
  reviewTag(reviewId),
  QUEUE,
];

/** A verdict also changes which of the survey's results count as verified in its insights. */
const verdictChanges = (answer: Review | undefined, error: unknown, request: { reviewId: string }) => [
  ...changes(answer, error, request),
  ...(answer ? [receivedBy(answer.surveyId)] : []),
];

const reviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Oldest first; each page's `next` is the cursor of the following one. */
    reviews: build.infiniteQuery<ReviewsPage, QueueArg, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.next,
      },
      query: ({ queryArg: { status, search }, pageParam }) =>
        call(API.listReviews, {
          status,
          ...(search ? { search } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        }),
      providesTags: [QUEUE],
    }),
    review: callableQuery(build, API.getReview, {
      request: (reviewId: string) => ({ reviewId }),
      providesTags: (_answer, _error, reviewId) => [reviewTag(reviewId)],
    }),
    decideReviewQuestion: callableMutation(build, API.decideReviewQuestion, {
      request: (request: Change<'decideReviewQuestion'>) => request,
      invalidatesTags: changes,
    }),
    commentOnReview: callableMutation(build, API.commentOnReview, {
      request: (request: Change<'commentOnReview'>) => request,
      invalidatesTags: changes,
    }),
    concludeReview: callableMutation(build, API.concludeReview, {
      request: (request: Change<'concludeReview'>) => request,
      invalidatesTags: verdictChanges,
    }),
    withdrawVerification: callableMutation(build, API.withdrawVerification, {
      request: (request: Change<'withdrawVerification'>) => request,
      invalidatesTags: verdictChanges,
    }),
  }),
});

export const {
  useReviewsInfiniteQuery,
  useReviewQuery,
  useDecideReviewQuestionMutation,
  useCommentOnReviewMutation,
  useConcludeReviewMutation,
  useWithdrawVerificationMutation,
} = reviewsApi;
