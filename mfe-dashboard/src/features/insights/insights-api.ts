// The Insights screen's one-off requests: the export of every received result and the priorities
// fetched for a download (the journey's download-actions milestone, which the server records).
import { API, type ApiRequest, type ApiResponses, type PriorityTopic } from '@toolkit/domain';
import { api, call, servicesOf, toQueryError } from '@toolkit/data';
import { callApi } from '@toolkit/platform';

type ExportAnswer = ApiResponses[typeof API.exportReceivedResults];

const insightsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Every completed result of a survey as one CSV. The server streams it in pages where it can;
     * `onProgress` hears how many characters have arrived so far.
     */
    exportReceivedResults: build.mutation<
      ExportAnswer,
      { surveyId: string; onProgress?: (characters: number) => void }
    >({
      async queryFn({ surveyId, onProgress }, { extra }) {
        const { callable } = servicesOf(extra);
        const request: ApiRequest<typeof API.exportReceivedResults> = { surveyId };
        const pages: string[] = [];
        let size = 0;
        try {
          const answer = callable.stream
            ? await callable.stream<typeof request, { csv: string }, ExportAnswer>(
                API.exportReceivedResults,
                request,
                ({ csv }) => {
                  pages.push(csv);
                  size += csv.length;
                  onProgress?.(size);
                },
              )
            : await callApi(callable, API.exportReceivedResults, request);
          return { data: { rows: answer.rows, csv: pages.join('') + answer.csv } };
        } catch (error) {
          return { error: toQueryError(error) };
        }
      },
    }),
    /** The priorities as the server gives them for a file: asking is the download-actions milestone. */
    downloadPriorities: build.mutation<PriorityTopic[], string>({
      query: (surveyId) => call(API.getBenchmark, { surveyId, downloading: true }),
      transformResponse: ({ priorities }: ApiResponses[typeof API.getBenchmark]) => priorities,
      invalidatesTags: ['Milestones'],
    }),
  }),
});

export const { useExportReceivedResultsMutation, useDownloadPrioritiesMutation } = insightsApi;
