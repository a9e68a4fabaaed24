// Results completed with no scored question answered (before such completions were refused) leave
// their survey's aggregate once: the survey's first insights or benchmark read takes each one's
// counts back out of its shard, so the medians, counts and peer benchmark no longer see them. A
// mark on each result and one on the survey's first shard make a repeated or concurrent run a no-op.
import type { AggregateCounts } from '@toolkit/domain';
import type { ServerSurveyDefinition } from '../../api/handler';
import {
  addToAggregate,
  organisationCounted,
  organisationKey,
  resultCounts,
} from '../../repositories/aggregates';
import { paths } from '../../repositories/paths';
import { allAnswers, listCompletedResults, toStoredResult } from '../../repositories/results';
import type { DocumentStore } from '../../store/port';
import { COMPANY_NAME_QUESTION } from '../survey/respondent';
import { isCounted } from './received';

/** On the survey's shard 0: its stored empty results are out of the aggregate. */
const SURVEY_MARK = 'emptyResultsExcluded';
/** On a result: its counts were taken out of the aggregate. */
const RESULT_MARK = 'excludedFromInsights';

const PAGE = 200;

type Counts = { [key: string]: number | Counts };

const negated = (counts: object): Counts =>
  Object.fromEntries(
    Object.entries(counts).map(([key, value]) => [
      key,
      typeof value === 'number' ? -value : negated(value as object),
    ]),
  );

export async function excludeEmptyResults(
  store: DocumentStore,
  definition: ServerSurveyDefinition,
  tenantId: string,
  surveyId: string,
): Promise<void> {
  const mark = paths.aggregateShard(tenantId, surveyId, 0);
  if ((await store.get(mark)).data?.[SURVEY_MARK] === true) return;

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

  for (const { resultId } of completed.filter(({ result }) => !isCounted(definition, result))) {
    const ref = { tenantId, surveyId, resultId };
    await store.transaction(async (tx) => {
      const { data } = await tx.get(paths.result(tenantId, surveyId, resultId));
      if (!data || data[RESULT_MARK] === true) return;
      const result = toStoredResult(data);
      if (!result.isCompleted || !result.score || !result.completedAt) return;
      const organisation = organisationOf(result);
      const lastOfOrganisation =
        organisation !== null &&
        !stillCounted.has(organisation) &&
        (await organisationCounted(tx, ref, organisation));
      // What its completion added (the completion's day is its completedAt's), taken away.
      const counts = resultCounts(
        definition,
        { score: result.score, answers: allAnswers(result) },
        { day: result.completedAt.slice(0, 10), newOrganisation: lastOfOrganisation },
      );
      addToAggregate(tx, ref, negated(counts) as Partial<AggregateCounts>);
      if (lastOfOrganisation) tx.delete(paths.aggregateOrganisation(tenantId, surveyId, organisation!));
      tx.update(paths.result(tenantId, surveyId, resultId), { [RESULT_MARK]: true });
    });
  }
  await store.set(mark, { [SURVEY_MARK]: true }, { merge: true });
}
