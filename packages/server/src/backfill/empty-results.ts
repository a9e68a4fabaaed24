// Backfill: results completed with no scored question answered (before such completions were
// refused) leave their survey's aggregate once, so the medians, counts and peer benchmark no longer
// see them. Each result is marked (EMPTY_RESULT_MARK) in the transaction that takes its counts out,
// so a repeated or concurrent run takes nothing out twice.
import type { AggregateCounts } from '@toolkit/domain';
import type { ServerSurveyDefinition } from '../api/handler';
import { isCounted } from '../callables/insights/received';
import { COMPANY_NAME_QUESTION } from '../callables/survey/respondent';
import {
  addToAggregate,
  organisationCounted,
  organisationKey,
  resultCounts,
} from '../repositories/aggregates';
import { paths } from '../repositories/paths';
import {
  allAnswers,
  EMPTY_RESULT_MARK,
  inAggregate,
  listCompletedResults,
  negatedCounts,
  toStoredResult,
} from '../repositories/results';
import type { DocumentStore } from '../store/port';

const PAGE = 200;

export async function excludeEmptyResults(
  store: DocumentStore,
  definition: ServerSurveyDefinition,
): Promise<{ excluded: number }> {
  const { tenantId, id: surveyId } = definition;
  const completed: Awaited<ReturnType<typeof listCompletedResults>> = [];
  for (let after: string | undefined; ;) {
    const page = await listCompletedResults(store, tenantId, surveyId, PAGE, after);
    completed.push(...page);
    if (page.length < PAGE) break;
    after = page[page.length - 1]!.resultId;
  }
  const organisationOf = (result: (typeof completed)[number]['result']) =>
    organisationKey(result.respondentTenantId, allAnswers(result)[COMPANY_NAME_QUESTION]);
  // An organisation stays among the distinct ones while a counted result of it remains.
  const stillCounted = new Set(
    completed
      .filter(({ result }) => isCounted(definition, result))
      .map(({ result }) => organisationOf(result)),
  );

  let excluded = 0;
  for (const { resultId } of completed.filter(({ result }) => !isCounted(definition, result))) {
    const ref = { tenantId, surveyId, resultId };
    excluded += await store.transaction(async (tx) => {
      const { data } = await tx.get(paths.result(tenantId, surveyId, resultId));
      // Already out: marked by an earlier run, or excluded by the publisher.
      if (!data || !inAggregate(data)) return 0;
      const result = toStoredResult(data);
      const organisation = organisationOf(result);
      const lastOfOrganisation =
        organisation !== null &&
        !stillCounted.has(organisation) &&
        (await organisationCounted(tx, ref, organisation));
      // What its completion added (the completion's day is its completedAt's), taken away.
      const counts = resultCounts(
        definition,
        { score: result.score!, answers: allAnswers(result) },
        { day: result.completedAt!.slice(0, 10), newOrganisation: lastOfOrganisation },
      );
      addToAggregate(tx, ref, negatedCounts<Partial<AggregateCounts>>(counts));
      if (lastOfOrganisation) tx.delete(paths.aggregateOrganisation(tenantId, surveyId, organisation!));
      tx.update(paths.result(tenantId, surveyId, resultId), { [EMPTY_RESULT_MARK]: true });
      return 1;
    });
  }
  return { excluded };
}
