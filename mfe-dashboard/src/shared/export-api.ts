// The received results export, downloaded: the server streams the file a page at a time (the
// workbook as base64 parts) and says how many results have gone; the browser saves it whole.
import { API, type ApiRequest, type ApiResponses, type ReceivedResultsExportMessage } from '@toolkit/domain';
import type { ExportFormat } from '@toolkit/domain/requests';
import { api, servicesOf, toQueryError } from '@toolkit/data';
import { callApi } from '@toolkit/platform';
import { fileSlug, saveFile } from './download';

type ExportAnswer = ApiResponses[typeof API.exportReceivedResults];

const FILE_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));

export interface DownloadExportArg {
  surveyId: string;
  /** Names the file: <survey>-results.csv or .xlsx. */
  surveyTitle: string;
  format: ExportFormat;
  /** Hears how many results have arrived so far. */
  onProgress?: (rows: number) => void;
}

const receivedResultApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every counted result of a survey, saved as a file; answers how many it holds. */
    downloadReceivedResults: build.mutation<{ rows: number }, DownloadExportArg>({
      async queryFn({ surveyId, surveyTitle, format, onProgress }, { extra, signal }) {
        const { callable } = servicesOf(extra);
        const request: ApiRequest<typeof API.exportReceivedResults> = { surveyId, format };
        const parts: BlobPart[] = [];
        const keep = (part: { csv?: string; xlsx?: string }) => {
          if (format === 'xlsx' && part.xlsx) parts.push(bytesOf(part.xlsx));
          if (format === 'csv' && part.csv) parts.push(part.csv);
        };
        try {
          const answer = callable.stream
            ? await callable.stream<typeof request, ReceivedResultsExportMessage, ExportAnswer>(
                API.exportReceivedResults,
                request,
                (message) => {
                  keep(message);
                  onProgress?.(message.rows);
                },
                { signal },
              )
            : await callApi(callable, API.exportReceivedResults, request);
          keep(answer);
          saveFile(`${fileSlug(surveyTitle)}-results.${format}`, parts, FILE_TYPES[format]);
          return { data: { rows: answer.rows } };
        } catch (error) {
          return { error: toQueryError(error) };
        }
      },
    }),
  }),
});

export const { useDownloadReceivedResultsMutation } = receivedResultApi;
