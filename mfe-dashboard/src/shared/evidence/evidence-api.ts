// A result's evidence: read once for the whole result (each answer's list shows its own items),
// added and removed one item at a time, and a download link asked for on each click. A change asks
// again only that result's evidence.
import { API, type ApiRequest } from '@toolkit/domain';
import { api, callableMutation, callableQuery } from '@toolkit/data';

/** One result's evidence, as a tag with an id: another result's lists are not asked again. */
export const resultEvidence = (resultId: string) =>
  ({ type: 'Results', id: `evidence:${resultId}` }) as const;

const evidenceApi = api.injectEndpoints({
  endpoints: (build) => ({
    evidence: callableQuery(build, API.listEvidence, {
      request: (ref: { surveyId: string; resultId: string }) => ref,
      providesTags: (_items, _error, { resultId }) => [resultEvidence(resultId)],
    }),
    addEvidenceFile: callableMutation(build, API.addEvidenceFile, {
      request: (request: ApiRequest<typeof API.addEvidenceFile>) => request,
      invalidatesTags: (_item, _error, { resultId }) => [resultEvidence(resultId)],
    }),
    addEvidenceLink: callableMutation(build, API.addEvidenceLink, {
      request: (request: ApiRequest<typeof API.addEvidenceLink>) => request,
      invalidatesTags: (_item, _error, { resultId }) => [resultEvidence(resultId)],
    }),
    removeEvidence: callableMutation(build, API.removeEvidence, {
      request: (request: ApiRequest<typeof API.removeEvidence>) => request,
      invalidatesTags: (_status, _error, { resultId }) => [resultEvidence(resultId)],
    }),
    /** A fresh link on every click: each works for a few minutes only, so none is kept. */
    evidenceDownload: callableQuery(build, API.getEvidenceDownload, {
      request: (ref: { surveyId: string; resultId: string; evidenceId: string }) => ref,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useEvidenceQuery,
  useAddEvidenceFileMutation,
  useAddEvidenceLinkMutation,
  useRemoveEvidenceMutation,
  useLazyEvidenceDownloadQuery,
} = evidenceApi;
