// insights-getBenchmark: an organisation's own results of a survey over time and, for the latest, where
// it stands among every organisation that completed the survey, or among one of its peer groups as
// last published (peer-snapshots.ts; domain `benchmark`: nothing but a count below the k-anonymity
// threshold), and its priority ESG topics.
import {
  API,
  benchmark,
  facetOfGroup,
  PEER_FACETS,
  peerGroupsIn,
  priorityTopics,
  type ApiResponses,
  type PeerGroupSummary,
  type ResultScore,
} from '@toolkit/domain';
import { invalidArgument } from '../../api/errors';
import { defineHandler, type ServerDeps, type ServerSurveyDefinition } from '../../api/handler';
import { loadSurvey } from '../../content';
import { readAggregate } from '../../repositories/aggregates';
import { allAnswers, listOrganisationResults } from '../../repositories/results';
import { isShown, peerGroupViews, type PeerGroupView } from './peer-snapshots';
import { isCounted } from './received';

export const NOT_YOUR_PEER_GROUP =
  'You can compare only with the groups your latest result puts your organisation in.';

/** The caller's groups: the facets its latest result answered, each with its proven organisations. */
function groupsOf(
  definition: ServerSurveyDefinition,
  views: Record<string, PeerGroupView>,
  keys: readonly string[],
): PeerGroupSummary[] {
  const questions = definition.sections.flatMap((section) => section.questions);
  return keys.map((key) => {
    const facet = facetOfGroup(key);
    const optionId = key.slice(facet.length + 1);
    const questionId = PEER_FACETS.find((peer) => peer.facet === facet)!.questionId;
    const option = questions
      .find((question) => question.id === questionId)
      ?.options?.find((o) => o.id === optionId);
    const view = views[key]!;
    const shown = isShown(view);
    return {
      key,
      facet,
      label: option?.label ?? optionId,
      // Once shown, the count the published figures are over, so the count never runs ahead of them.
      organisations: shown ? view.published.organisations : view.organisations,
      shown,
    };
  });
}

/**
 * The organisation's scored results of a survey, whichever member completed them, in the order they
 * were completed (a result with no scored answer is neither in the history nor benchmarked).
 */
async function completedResults(deps: ServerDeps, tenantId: string, definition: ServerSurveyDefinition) {
  const results = await listOrganisationResults(deps.store, tenantId, definition.id);
  return results.filter(({ result }) => result?.isCompleted && result.score && isCounted(definition, result));
}

const prioritiesOf = (definition: ServerSurveyDefinition, score: ResultScore) =>
  priorityTopics(
    score,
    definition.sections.map((section) => section.topic),
  );

/** The priority topics of the organisation's latest scored result of a survey (none before it). */
export async function latestPriorities(deps: ServerDeps, tenantId: string, surveyId: string) {
  const definition = await loadSurvey(deps, surveyId);
  const latest = (await completedResults(deps, tenantId, definition)).at(-1);
  return latest ? prioritiesOf(definition, latest.result!.score!) : [];
}

export const getBenchmark = defineHandler(API.getBenchmark, {
  async run({ surveyId, group }, { caller, deps, now }): Promise<ApiResponses[typeof API.getBenchmark]> {
    const definition = await loadSurvey(deps, surveyId);
    const completed = await completedResults(deps, caller.tenantId, definition);
    const history = completed.map(({ link, result }) => ({
      resultId: link.resultId,
      completedAt: result!.completedAt,
      score: result!.score!,
    }));
    const latest = completed[completed.length - 1];
    const groupKeys = latest
      ? peerGroupsIn(
          definition.sections.flatMap((section) => section.questions),
          allAnswers(latest.result!),
        )
      : [];
    // A business may not probe the figures of groups it is not in.
    if (group !== undefined && !groupKeys.includes(group)) throw invalidArgument(NOT_YOUR_PEER_GROUP);
    if (!latest) return { surveyId, history, benchmark: null, priorities: [], groups: [], group: null };
    const score = latest.result!.score!;
    const aggregate = await readAggregate(deps.store, latest.link.surveyTenantId, surveyId);
    const priorities = prioritiesOf(definition, score);
    const views = await peerGroupViews(
      deps,
      definition,
      { tenantId: latest.link.surveyTenantId, surveyId },
      aggregate,
      groupKeys,
      now,
    );
    const groups = groupsOf(definition, views, groupKeys);
    const view = group === undefined ? null : views[group]!;
    const within =
      view === null
        ? aggregate
        : isShown(view)
          ? view.published
          : { organisations: view.organisations, overall: {}, sections: {} };
    return {
      surveyId,
      history,
      benchmark: benchmark(within, score),
      priorities,
      groups,
      group: group ?? null,
    };
  },
});
