// results-listLatest: the organisation's latest result per survey, for the Results and Assessments pages.
// Any member's completed result is the organisation's (the latest completed wins); a survey the
// organisation has not completed lists the caller's own latest, still open, result.
import { API, type ApiResponses } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { listOrganisationResults, type OrganisationResult } from '../../repositories/results';

/** Per survey: the last completed result, else the caller's latest started one. */
function latestPerSurvey(entries: readonly OrganisationResult[], uid: string): OrganisationResult[] {
  const latest = new Map<string, OrganisationResult>();
  for (const entry of entries) {
    const known = latest.get(entry.link.surveyId);
    const completed = entry.result?.isCompleted === true;
    if (completed || (entry.link.uid === uid && !known?.result?.isCompleted)) {
      latest.set(entry.link.surveyId, entry);
    }
  }
  return [...latest.values()].sort((a, b) => a.link.surveyId.localeCompare(b.link.surveyId));
}

export const listLatestResults = defineHandler(API.listLatestResults, {
  async run(_input, { caller, deps }): Promise<ApiResponses[typeof API.listLatestResults]> {
    const entries = await listOrganisationResults(deps.store, caller.tenantId);
    const results = latestPerSurvey(entries, caller.uid).map(({ link, result }) => ({
      resultId: link.resultId,
      surveyId: link.surveyId,
      userResultId: link.userResultId,
      startedAt: result?.startedAt ?? '',
      updatedAt: result?.updatedAt ?? null,
      completedAt: result?.completedAt ?? null,
      isCompleted: result?.isCompleted ?? false,
      score: result?.score ?? null,
      actionPlans: link.plan.actionPlans,
    }));
    return { results };
  },
});
