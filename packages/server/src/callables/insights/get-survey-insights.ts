// insights-getSurveyInsights: what a publisher's survey received, read from its sharded aggregate,
// so the answer costs the same at 100 results and at 10,000; or only the results it verified.
import {
  API,
  distribution,
  firstCompletionDay,
  keyValue,
  resolveTrendRange,
  sliderAnswerText,
  sumShards,
  trendOf,
  type AggregateCounts,
  type ApiResponses,
  type QuestionInsights,
} from '@toolkit/domain';
import { invalidArgument } from '../../api/errors';
import { defineHandler, type ServerQuestion, type ServerSurveyDefinition } from '../../api/handler';
import { readAggregate, resultCounts } from '../../repositories/aggregates';
import { commentQuestions } from '../../repositories/comments';
import { allAnswers, readResult } from '../../repositories/results';
import { listPublisherReviews } from '../../repositories/reviews';
import type { DocumentStore } from '../../store/port';
import { loadPublishedSurvey } from './access';
import { isCounted } from './received';

/** Counts above 0 only: a result taken out of the aggregate leaves its keys at 0. */
const above0 = (counts: Record<string, number> = {}) =>
  Object.fromEntries(Object.entries(counts).filter(([, count]) => count > 0));

const spread = (counts?: Record<string, number>) => {
  const histogram = above0(counts);
  return { histogram, summary: distribution(histogram) };
};

const shareOf = (count: number, answered: number) =>
  answered > 0 ? Math.round((count / answered) * 10_000) / 10_000 : 0;

/** A slider's captions at their values, spread evenly from scoreMin to scoreMax as on the slide. */
function sliderScale(question: ServerQuestion): NonNullable<QuestionInsights['slider']> {
  const min = question.scoreMin ?? 0;
  const max = question.scoreMax ?? min;
  const labels = question.labels ?? [];
  const step = labels.length > 1 ? (max - min) / (labels.length - 1) : 0;
  return { min, max, captions: labels.map((label, index) => ({ value: min + index * step, label })) };
}

/** A closed question's answers: options in the survey's order, slider values ascending. */
function questionInsights(
  question: ServerQuestion,
  sectionIndex: number,
  counted: Record<string, number>,
  answered: number,
): QuestionInsights {
  const slider = question.type === 'slider' ? sliderScale(question) : null;
  const answers = slider
    ? Object.entries(counted)
        .map(([key, count]) => ({
          key,
          label: sliderAnswerText(
            { labels: question.labels, scoreMin: question.scoreMin, scoreMax: question.scoreMax },
            keyValue(key),
          ),
          count,
          share: shareOf(count, answered),
        }))
        .sort((a, b) => keyValue(a.key) - keyValue(b.key))
    : (question.options ?? []).map((option) => ({
        key: option.id,
        label: option.label,
        count: counted[option.id] ?? 0,
        share: shareOf(counted[option.id] ?? 0, answered),
      }));
  return {
    id: question.id,
    title: question.title,
    type: question.type,
    sectionIndex,
    answered,
    answers,
    slider,
  };
}

/**
 * The figures of the survey's results that stand verified by the publisher's review, counted as the
 * aggregate counts them: few enough to add up on request, where the aggregate keeps every result.
 */
async function verifiedAggregate(
  store: DocumentStore,
  definition: ServerSurveyDefinition,
): Promise<AggregateCounts> {
  const reviews = (await listPublisherReviews(store, definition.tenantId, 'verified')).filter(
    (review) => review.surveyId === definition.id && review.endedReason === null,
  );
  const organisations = new Set<string>();
  const counts: Partial<AggregateCounts>[] = [];
  for (const review of reviews) {
    const result = await readResult(store, {
      tenantId: definition.tenantId,
      surveyId: review.surveyId,
      resultId: review.resultId,
    });
    if (!result?.isCompleted || !result.score || !isCounted(definition, result)) continue;
    const newOrganisation = !organisations.has(review.businessTenantId);
    organisations.add(review.businessTenantId);
    counts.push({
      started: 1,
      ...resultCounts(
        definition,
        { score: result.score, answers: allAnswers(result) },
        { day: (result.completedAt ?? '').slice(0, 10), newOrganisation },
      ),
    });
  }
  return sumShards(counts);
}

export const getSurveyInsights = defineHandler(API.getSurveyInsights, {
  async run(request, { caller, deps }): Promise<ApiResponses[typeof API.getSurveyInsights]> {
    const { surveyId } = request;
    const definition = await loadPublishedSurvey(deps, caller, surveyId);
    const aggregate = request.verifiedOnly
      ? await verifiedAggregate(deps.store, definition)
      : await readAggregate(deps.store, definition.tenantId, surveyId);
    const today = (deps.now?.() ?? new Date()).toISOString().slice(0, 10);
    const range = resolveTrendRange(request, today, firstCompletionDay(above0(aggregate.days)));
    if ('problem' in range)
      throw invalidArgument(range.problem, { fields: ['from'], problems: { from: range.problem } });

    const questions = definition.sections.flatMap((section, sectionIndex) =>
      section.questions.flatMap((question) => {
        const counted = above0(aggregate.answers[question.id]);
        if (Object.keys(counted).length === 0) return [];
        return [questionInsights(question, sectionIndex, counted, aggregate.answered[question.id] ?? 0)];
      }),
    );
    return {
      survey: { id: definition.id, title: definition.title },
      started: aggregate.started,
      completed: aggregate.completed,
      organisations: aggregate.organisations,
      overall: spread(aggregate.overall),
      // A section of weight 0 ("Your business") has no score to spread, as in the benchmark.
      sections: definition.sections.map((section, sectionIndex) => {
        const scored = section.weight > 0;
        return {
          sectionIndex,
          title: section.title,
          scored,
          ...spread(scored ? aggregate.sections[String(sectionIndex)] : undefined),
        };
      }),
      questions,
      range,
      trend: trendOf(aggregate, range),
      comments: commentQuestions(definition).map((question) => ({
        questionId: question.id,
        title: question.title,
        count: Math.max(0, aggregate.answered[question.id] ?? 0),
      })),
    };
  },
});
