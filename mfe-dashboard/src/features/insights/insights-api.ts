// The Insights screen's one-off request: the priorities fetched for a download (the journey's
// download-actions milestone, which the server records).
import { API, type ApiResponses, type PriorityTopic } from '@toolkit/domain';
import { api, call } from '@toolkit/data';

const insightsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The priorities as the server gives them for a file: asking is the download-actions milestone. */
    downloadPriorities: build.mutation<PriorityTopic[], string>({
      query: (surveyId) => call(API.getBenchmark, { surveyId, downloading: true }),
      transformResponse: ({ priorities }: ApiResponses[typeof API.getBenchmark]) => priorities,
      invalidatesTags: ['Milestones'],
    }),
  }),
});

export const { useDownloadPrioritiesMutation } = insightsApi;
