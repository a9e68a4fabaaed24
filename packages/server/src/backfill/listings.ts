// Backfill: completed results stored before the workbench's `listing` existed get it, so the
// publisher's list, filters and search see them. The listing's presence is the mark: a result that
// has one (written at completion, or by an earlier run) is left alone.
import type { ServerSurveyDefinition } from '../api/handler';
import { storedListing } from '../callables/insights/set-excluded';
import { paths } from '../repositories/paths';
import { completedResults, toStoredResult } from '../repositories/results';
import type { DocumentStore } from '../store/port';

export async function backfillListings(
  store: DocumentStore,
  definition: ServerSurveyDefinition,
): Promise<{ listed: number }> {
  const { tenantId, id: surveyId } = definition;
  let listed = 0;
  for await (const { id, data } of completedResults(store, tenantId, surveyId)) {
    if (data.listing) continue;
    const path = paths.result(tenantId, surveyId, id);
    // Read again in the transaction: an exclusion may have written the listing meanwhile.
    const written = await store.transaction(async (tx) => {
      const current = (await tx.get(path)).data;
      if (!current || current.listing) return false;
      tx.update(path, { listing: await storedListing(tx, toStoredResult(current)) });
      return true;
    });
    if (written) listed++;
  }
  return { listed };
}
