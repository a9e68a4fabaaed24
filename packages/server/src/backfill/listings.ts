// Backfill: completed results stored before the workbench's `listing` existed get it, so the
// publisher's list, filters and search see them. The listing's presence is the mark: a result that
// has one (written at completion, or by an earlier run) is left alone.
import { listingOf } from '@toolkit/domain';
import type { ServerSurveyDefinition } from '../api/handler';
import { paths } from '../repositories/paths';
import { allAnswers, toStoredResult } from '../repositories/results';
import type { DocumentStore } from '../store/port';
import { organisationAnswer } from '../callables/survey/respondent';

const PAGE = 200;

export async function backfillListings(
  store: DocumentStore,
  definition: ServerSurveyDefinition,
): Promise<{ listed: number }> {
  const { tenantId, id: surveyId } = definition;
  let listed = 0;
  for (let after: string | undefined; ;) {
    const page = await store.query(paths.results(tenantId, surveyId), {
      where: [['isCompleted', '==', true]],
      orderBy: [['completedAt', 'asc']],
      limit: PAGE,
      ...(after === undefined ? {} : { startAfter: after }),
    });
    for (const { id, data } of page) {
      if (data?.listing) continue;
      const path = paths.result(tenantId, surveyId, id);
      // Read again in the transaction: an exclusion may have written the listing meanwhile.
      const written = await store.transaction(async (tx) => {
        const current = (await tx.get(path)).data;
        if (!current || current.listing) return false;
        const result = toStoredResult(current);
        const answers = allAnswers(result);
        tx.update(path, {
          listing: listingOf({
            answers,
            score: result.score,
            respondent: result.respondent,
            organisation: organisationAnswer(answers),
          }),
        });
        return true;
      });
      if (written) listed++;
    }
    if (page.length < PAGE) return { listed };
    after = page.at(-1)!.id;
  }
}
