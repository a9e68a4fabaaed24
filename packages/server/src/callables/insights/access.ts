// What the insights callables (declared viewInsights) share: a survey's insights are its
// publisher's only. Opening the Insights screen (the `opened` request) is the view-insights
// milestone, downloading the priorities (`downloading`) the download-actions one, each set where it
// happens.
import { SERVER_ERRORS, type MILESTONE_OF_ACTION } from '@toolkit/domain';
import type { Member, ServerDeps, ServerSurveyDefinition } from '../../api/handler';
import { loadSurvey } from '../../content';
import { saveMilestone } from '../../repositories/milestones';
import { requireOwnTenant } from '../access';

/** Sets one of the caller's insights milestones: opening Insights, downloading the priorities. */
export async function markInsightsMilestone(
  deps: ServerDeps,
  caller: Member,
  milestoneId: (typeof MILESTONE_OF_ACTION)['openInsights' | 'downloadPriorities'],
): Promise<void> {
  await saveMilestone(deps.store, caller.tenantId, milestoneId, caller.uid);
}

/** A survey the caller's organisation publishes; refused otherwise. */
export async function loadPublishedSurvey(
  deps: ServerDeps,
  caller: Member,
  surveyId: string,
): Promise<ServerSurveyDefinition> {
  const definition = await loadSurvey(deps, surveyId);
  requireOwnTenant(caller, definition.tenantId, SERVER_ERRORS.notYourSurvey);
  return definition;
}
