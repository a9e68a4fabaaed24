// results-listLatest: the caller's latest result per survey, for the Results and
// Assessments pages.
import { API, MILESTONE_OF_ACTION, type ApiResponses } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { defineHandler } from '../../api/handler';
import { milestoneWrite } from '../../repositories/milestones';
import { listLatestUserResults, readResult } from '../../repositories/results';

export const listLatestResults = defineHandler({
  name: API.listLatestResults,
  access: 'member',
  input: REQUESTS[API.listLatestResults],
  async run(input, { caller, deps }): Promise<ApiResponses[typeof API.listLatestResults]> {
    const links = await listLatestUserResults(deps.store, caller.tenantId, caller.uid);
    const results = await Promise.all(
      links.map(async (link) => {
        const result = await readResult(deps.store, {
          tenantId: link.surveyTenantId,
          surveyId: link.surveyId,
          resultId: link.resultId,
        });
        return {
          resultId: link.resultId,
          surveyId: link.surveyId,
          userResultId: link.userResultId,
          startedAt: result?.startedAt ?? '',
          updatedAt: result?.updatedAt ?? null,
          completedAt: result?.completedAt ?? null,
          isCompleted: result?.isCompleted ?? false,
          score: result?.score ?? null,
          actionPlans: link.actionPlans,
        };
      }),
    );
    // Listing is not viewing the results (the Assessments page lists them too): only the Results
    // page's request (opened) is the view-results milestone, set here where the viewing happens,
    // and only when it has a completed result to show.
    if (input?.opened && results.some((result) => result.isCompleted && result.score)) {
      const viewed = milestoneWrite(
        caller.tenantId,
        caller.uid,
        MILESTONE_OF_ACTION.openResults,
        true,
        caller.uid,
      );
      await deps.store.set(viewed.path, viewed.data, { merge: true });
    }
    return { results };
  },
});
