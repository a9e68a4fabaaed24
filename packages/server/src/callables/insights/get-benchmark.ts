// insights-getBenchmark: an organisation's own results of a survey over time and, for the latest, where
// it stands among every organisation that completed the survey (domain `benchmark`: nothing but a
// count below the k-anonymity threshold) and its priority ESG topics.
import { API, benchmark, MILESTONE_OF_ACTION, priorityTopics, type ApiResponses } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { defineHandler } from '../../api/handler';
import { loadSurvey } from '../../content';
import { readAggregate } from '../../repositories/aggregates';
import { listOrganisationResults } from '../../repositories/results';
import { markInsightsMilestone } from './access';
import { excludeEmptyResults } from './empty-results';
import { isCounted } from './received';

export const getBenchmark = defineHandler({
  name: API.getBenchmark,
  access: 'member:viewInsights',
  input: REQUESTS[API.getBenchmark],
  async run(
    { surveyId, opened, downloading },
    { caller, deps },
  ): Promise<ApiResponses[typeof API.getBenchmark]> {
    const definition = await loadSurvey(deps, surveyId);
    // The organisation's results, whichever member completed them, in the order they were completed.
    const results = await listOrganisationResults(deps.store, caller.tenantId, surveyId);
    // A result with no scored answer is neither in the history nor benchmarked.
    const completed = results.filter(
      ({ result }) => result?.isCompleted && result.score && isCounted(definition, result),
    );
    const history = completed.map(({ link, result }) => ({
      resultId: link.resultId,
      completedAt: result!.completedAt,
      score: result!.score!,
    }));
    if (opened) await markInsightsMilestone(deps, caller, MILESTONE_OF_ACTION.openInsights);
    const latest = completed[completed.length - 1];
    if (!latest) return { surveyId, history, benchmark: null, priorities: [] };
    const score = latest.result!.score!;
    await excludeEmptyResults(deps.store, definition, latest.link.surveyTenantId, surveyId);
    const aggregate = await readAggregate(deps.store, latest.link.surveyTenantId, surveyId);
    const priorities = priorityTopics(
      score,
      definition.sections.map((section) => section.topic),
    );
    // Only a download with priorities in it is the download-actions milestone.
    if (downloading && priorities.length > 0) {
      await markInsightsMilestone(deps, caller, MILESTONE_OF_ACTION.downloadPriorities);
    }
    return { surveyId, history, benchmark: benchmark(aggregate, score), priorities };
  },
});
