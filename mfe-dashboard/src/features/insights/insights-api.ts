// The Insights screen's one-off request: the priorities fetched for a download (the journey's
// download-actions milestone, which the server records).
import { API } from '@toolkit/domain';
import { api, callableMutation } from '@toolkit/data';

const insightsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The priorities as the server gives them for a file: asking is the download-actions milestone. */
    downloadPriorities: callableMutation(build, API.getBenchmark, {
      request: (surveyId: string) => ({ surveyId, downloading: true }),
      transformResponse: ({ priorities }) => priorities,
      invalidatesTags: ['Milestones'],
    }),
  }),
});

export const { useDownloadPrioritiesMutation } = insightsApi;
