// The Survey insights screen's own read: the comments on one open question, page by page.
import { API, type ApiResponses } from '@toolkit/domain';
import { api, call } from '@toolkit/data';
import { receivedBy } from '../../shared/result-tags';

export type CommentsPage = ApiResponses[typeof API.listComments];

/** How many comments a page holds ("Load more" asks for the next). */
export const COMMENTS_PAGE = 10;

export interface CommentsArg {
  surveyId: string;
  questionId: string;
  /** Words each listed comment has a word starting with; '' lists every comment. */
  search: string;
}

const surveyInsightsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Newest first; each page's `next` is the cursor of the following one. */
    comments: build.infiniteQuery<CommentsPage, CommentsArg, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.next,
      },
      query: ({ queryArg: { surveyId, questionId, search }, pageParam }) =>
        call(API.listComments, {
          surveyId,
          questionId,
          limit: COMMENTS_PAGE,
          ...(search ? { search } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        }),
      // An excluded result's comment leaves the list with it.
      providesTags: (_page, _error, { surveyId }) => [receivedBy(surveyId)],
    }),
  }),
});

export const { useCommentsInfiniteQuery } = surveyInsightsApi;
