// Backfill: results completed before the trend's score sums, `answered`, the peer-group counters and
// the comment documents existed get exactly those added, nothing else (their other counts are in the
// aggregate already). Oldest first, so an organisation counts in the groups of its first counted
// result, as at completion. Each result is marked in the transaction that adds its counters, so a
// second run, or one resumed after a failure, adds nothing twice.
import type { ServerSurveyDefinition } from '../api/handler';
import {
  addToAggregate,
  GROUPS_COUNTED_MARK,
  INSIGHTS_COUNTERS_MARK,
  newCounters,
  organisationKey,
  resultCounts,
} from '../repositories/aggregates';
import { writeComments } from '../repositories/comments';
import { paths } from '../repositories/paths';
import {
  allAnswers,
  completedResults,
  EMPTY_RESULT_MARK,
  inAggregate,
  toStoredResult,
} from '../repositories/results';
import type { DocumentStore } from '../store/port';
import { COMPANY_NAME_QUESTION } from '../callables/survey/respondent';

export interface InsightsCountersReport {
  /** Results given their new counters (and comments). */
  counted: number;
  /** Results excluded since the counters existed: what their exclusion took out put back. */
  restored: number;
  /** Results taken out as empty before the counters existed: comments written, nothing counted. */
  leftOut: number;
}

/**
 * One survey's completed results without INSIGHTS_COUNTERS_MARK. Runs before the empty-results step
 * (steps.ts): an empty result still in the aggregate gets the counters that step then takes out.
 */
export async function backfillInsightsCounters(
  store: DocumentStore,
  definition: ServerSurveyDefinition,
): Promise<InsightsCountersReport> {
  const { tenantId, id: surveyId } = definition;
  const report: InsightsCountersReport = { counted: 0, restored: 0, leftOut: 0 };
  for await (const { id: resultId, data } of completedResults(store, tenantId, surveyId)) {
    if (data[INSIGHTS_COUNTERS_MARK] === true) continue;
    const outcome = await backfillResult(store, definition, resultId);
    if (outcome) report[outcome]++;
  }
  return report;
}

async function backfillResult(
  store: DocumentStore,
  definition: ServerSurveyDefinition,
  resultId: string,
): Promise<keyof InsightsCountersReport | null> {
  const ref = { tenantId: definition.tenantId, surveyId: definition.id, resultId };
  return store.transaction(async (tx) => {
    const resultPath = paths.result(ref.tenantId, ref.surveyId, resultId);
    const { data } = await tx.get(resultPath);
    if (!data || data[INSIGHTS_COUNTERS_MARK] === true) return null;
    const result = toStoredResult(data);
    if (!result.isCompleted || !result.completedAt) return null;
    const answers = allAnswers(result);
    const organisation = organisationKey(result.respondentTenantId, answers[COMPANY_NAME_QUESTION]);
    const marker = organisation
      ? await tx.get(paths.aggregateOrganisation(ref.tenantId, ref.surveyId, organisation))
      : null;
    writeComments(tx, ref, definition, answers, result.completedAt);
    tx.update(resultPath, { [INSIGHTS_COUNTERS_MARK]: true });
    // Taken out as empty by code older than these counters: they were never in, nor taken out.
    if (!result.score || data[EMPTY_RESULT_MARK] === true) return 'leftOut';
    const excluded = !inAggregate(data);
    // Excluded since (set-excluded.ts): their removal took these counters out, so they go back
    // in, the organisation with them if its marker left with it. Otherwise the organisation's
    // first result met here counts it in its groups, unless its completion did.
    const newOrganisation = excluded
      ? organisation !== null && marker?.data == null
      : marker?.data != null && marker.data[GROUPS_COUNTED_MARK] !== true;
    const counts = resultCounts(
      definition,
      { score: result.score, answers },
      { day: result.completedAt.slice(0, 10), newOrganisation },
    );
    addToAggregate(tx, ref, newCounters(counts));
    if (excluded) return 'restored';
    if (newOrganisation) tx.update(marker!.path, { [GROUPS_COUNTED_MARK]: true });
    return 'counted';
  });
}
