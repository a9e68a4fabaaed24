// insights-getSurveyInsights: what a publisher's survey received, read from its sharded aggregate,
// so the answer costs the same at 100 results and at 10,000.
import {
  API,
  MILESTONE_OF_ACTION,
  distribution,
  keyValue,
  type ApiResponses,
  type SurveyInsights,
} from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { defineHandler } from '../../api/handler';
import { readAggregate } from '../../repositories/aggregates';
import { loadPublishedSurvey, markInsightsMilestone } from './access';
import { excludeEmptyResults } from './empty-results';

/** Counts above 0 only: a result taken out of the aggregate (empty-results.ts) leaves its keys at 0. */
const above0 = (counts: Record<string, number> = {}) =>
  Object.fromEntries(Object.entries(counts).filter(([, count]) => count > 0));

const spread = (counts?: Record<string, number>) => {
  const histogram = above0(counts);
  return { histogram, summary: distribution(histogram) };
};

export const getSurveyInsights = defineHandler({
  name: API.getSurveyInsights,
  access: 'member:viewInsights',
  input: REQUESTS[API.getSurveyInsights],
  async run({ surveyId, opened }, { caller, deps }): Promise<ApiResponses[typeof API.getSurveyInsights]> {
    const definition = await loadPublishedSurvey(deps, caller, surveyId);
    await excludeEmptyResults(deps.store, definition, definition.tenantId, surveyId);
    const aggregate = await readAggregate(deps.store, definition.tenantId, surveyId);
    if (opened) await markInsightsMilestone(deps, caller, MILESTONE_OF_ACTION.openInsights);

    const questions: SurveyInsights['questions'] = [];
    for (const question of definition.sections.flatMap((section) => section.questions)) {
      const counted = above0(aggregate.answers[question.id]);
      if (Object.keys(counted).length === 0) continue;
      const labels = new Map((question.options ?? []).map((option) => [option.id, option.label]));
      const answers = Object.entries(counted)
        .map(([key, count]) => ({ key, label: labels.get(key) ?? String(keyValue(key)), count }))
        .sort((a, b) => (question.type === 'slider' ? keyValue(a.key) - keyValue(b.key) : b.count - a.count));
      questions.push({ id: question.id, title: question.title, type: question.type, answers });
    }
    return {
      survey: { id: definition.id, title: definition.title },
      started: aggregate.started,
      completed: aggregate.completed,
      organisations: aggregate.organisations,
      overall: spread(aggregate.overall),
      sections: definition.sections.map((section, sectionIndex) => ({
        sectionIndex,
        title: section.title,
        ...spread(aggregate.sections[String(sectionIndex)]),
      })),
      questions,
      trend: Object.entries(above0(aggregate.days))
        .map(([day, completed]) => ({ day, completed }))
        .sort((a, b) => a.day.localeCompare(b.day)),
    };
  },
});
