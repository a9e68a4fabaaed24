// The Results workbench's own read and its one change: the survey's filter choices, and marking a
// result excluded or counted again. Its pages of results come from shared/api (receivedResults).
import {
  API,
  PEER_FACETS,
  WORKBENCH_FILTERS_QUERY,
  type PeerFacet,
  type WorkbenchFiltersQuery,
} from '@toolkit/domain';
import { api, callableMutation, contentQuery } from '@toolkit/data';

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

const receivedApi = api.injectEndpoints({
  endpoints: (build) => ({
    workbenchFilters: build.query<WorkbenchFilters, string>({
      queryFn: contentQuery(WORKBENCH_FILTERS_QUERY, (id: string) => ({ id }), filtersOf),
    }),
    /** Leaves or rejoins every aggregate, so every screen showing results or insights is asked again. */
    setResultExcluded: callableMutation(build, API.setResultExcluded, ['Results', 'Benchmark']),
  }),
});

export const { useWorkbenchFiltersQuery, useSetResultExcludedMutation } = receivedApi;
