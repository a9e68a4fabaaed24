// results-listLatest: the organisation's latest result per survey, for the Results and Assessments pages.
// Any member's completed result is the organisation's (the latest completed wins); a survey the
// organisation has not completed lists the caller's own latest, still open, result.
import { API, type ApiResponses, type ResultVerification } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { listOrganisationResults, type OrganisationResult } from '../../repositories/results';
import { readLatestReviewOfResult } from '../../repositories/reviews';
import type { DocumentStore } from '../../store/port';

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

/** What the publisher's latest review of a completed result says; the verified score only while it stands. */
async function verificationOf(
  store: DocumentStore,
  businessTenantId: string,
  { link, result }: OrganisationResult,
): Promise<ResultVerification | null> {
  if (!result?.isCompleted) return null;
  const review = await readLatestReviewOfResult(store, {
    businessTenantId,
    surveyId: link.surveyId,
    resultId: link.resultId,
  });
  if (!review) return null;
  const verified = review.status === 'verified';
  return {
    status: review.status,
    publisherName: review.publisherName,
    verifiedAt: verified ? review.verifiedAt : null,
    verifiedPercent: verified ? review.verifiedPercent : null,
  };
}

export const listLatestResults = defineHandler(API.listLatestResults, {
  async run(_input, { caller, deps }): Promise<ApiResponses[typeof API.listLatestResults]> {
    const entries = await listOrganisationResults(deps.store, caller.tenantId);
    const latest = latestPerSurvey(entries, caller.uid);
    const verifications = await Promise.all(
      latest.map((entry) => verificationOf(deps.store, caller.tenantId, entry)),
    );
    const results = latest.map(({ link, result }, i) => ({
      resultId: link.resultId,
      surveyId: link.surveyId,
      userResultId: link.userResultId,
      startedAt: result?.startedAt ?? '',
      updatedAt: result?.updatedAt ?? null,
      completedAt: result?.completedAt ?? null,
      isCompleted: result?.isCompleted ?? false,
      score: result?.score ?? null,
      actionPlans: link.plan.actionPlans,
      verification: verifications[i] ?? null,
    }));
    return { results };
  },
});
