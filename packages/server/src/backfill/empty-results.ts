// Backfill: results completed with no scored question answered (before such completions were
// refused) leave their survey's aggregate once, so the medians, counts and peer benchmark no longer
// see them, as an exclusion takes a result out (the organisation with its last counted result).
// Each result is marked (EMPTY_RESULT_MARK) in the transaction that takes its counts out, so a
// repeated or concurrent run takes nothing out twice.
import type { ServerSurveyDefinition } from '../api/handler';
import { isCounted } from '../callables/insights/received';
import { moveInAggregate } from '../callables/insights/set-excluded';
import { paths } from '../repositories/paths';
import { EMPTY_RESULT_MARK, inAggregate, completedResults, toStoredResult } from '../repositories/results';
import type { DocumentStore } from '../store/port';

export async function excludeEmptyResults(
  store: DocumentStore,
  definition: ServerSurveyDefinition,
): Promise<{ excluded: number }> {
  const { tenantId, id: surveyId } = definition;
  let excluded = 0;
  for await (const { id: resultId, data } of completedResults(store, tenantId, surveyId)) {
    if (isCounted(definition, toStoredResult(data))) continue;
    const ref = { tenantId, surveyId, resultId };
    const resultPath = paths.result(tenantId, surveyId, resultId);
    excluded += await store.transaction(async (tx) => {
      const current = (await tx.get(resultPath)).data;
      // Already out: marked by an earlier run, or excluded by the publisher.
      if (!current || !inAggregate(current)) return 0;
      await moveInAggregate(tx, definition, ref, toStoredResult(current), 'out');
      tx.update(resultPath, { [EMPTY_RESULT_MARK]: true });
      return 1;
    });
  }
  return { excluded };
}
