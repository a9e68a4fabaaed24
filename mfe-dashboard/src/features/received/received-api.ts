// The Results workbench's own read and its one change: the survey's filter choices, and marking a
// result excluded or counted again. Its pages of results come from shared/api (receivedResults).
import {
  API,
  PEER_FACETS,
  type ApiRequest,
  WORKBENCH_FILTERS_QUERY,
  type PeerFacet,
  type WorkbenchFiltersQuery,
} from '@toolkit/domain';
import { api, callableMutation, contentQuery } from '@toolkit/data';
import { receivedBy, receivedResult } from '../../shared/result-tags';

/** A filter's choices: option id (or band label) and what the survey calls it. */
export interface Choice {
  value: string;
  label: string;
}

export interface WorkbenchFilters {
  bands: Choice[];
  facets: Record<PeerFacet, Choice[]>;
}

function filtersOf({ survey }: WorkbenchFiltersQuery): WorkbenchFilters {
  const questions = (survey?.sections ?? []).flatMap((section) =>
    section.questions.flatMap((item) => ('questions' in item ? item.questions : [item])),
  );
  const optionsOf = (questionId: string): Choice[] =>
    (questions.find((question) => question.id === questionId)?.options ?? []).map((option) => ({
      value: option.id,
      label: option.label,
    }));
  return {
    bands: (survey?.scoring.bands ?? []).map(({ label }) => ({ value: label, label })),
    facets: Object.fromEntries(
      PEER_FACETS.map(({ facet, questionId }) => [facet, optionsOf(questionId)]),
    ) as Record<PeerFacet, Choice[]>,
  };
}

export const receivedApi = api.injectEndpoints({
  endpoints: (build) => ({
    workbenchFilters: build.query<WorkbenchFilters, string>({
      queryFn: contentQuery(WORKBENCH_FILTERS_QUERY, (id: string) => ({ id }), filtersOf),
    }),
    /**
     * Leaves or rejoins its survey's aggregates: that survey's pages, insights and comments and the
     * result's own screen are asked again, and any benchmark, which the aggregates feed.
     */
    setResultExcluded: callableMutation(build, API.setResultExcluded, {
      request: (request: ApiRequest<typeof API.setResultExcluded>) => request,
      invalidatesTags: (_answer, _error, { surveyId, resultId }) => [
        receivedBy(surveyId),
        receivedResult(resultId),
        'Benchmark',
      ],
    }),
  }),
});

export const { useWorkbenchFiltersQuery, useSetResultExcludedMutation } = receivedApi;
