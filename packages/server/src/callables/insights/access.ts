// Who may read insights: a member whose role has view-insights. Opening the Insights screen (the
// `opened` request) is the view-insights milestone, set where the viewing happens.
import { MILESTONE_OF_ACTION, SERVER_ERRORS } from '@toolkit/domain';
import { permissionDenied } from '../../api/errors';
import type { Member, ServerDeps, ServerSurveyDefinition } from '../../api/handler';
import { loadSurvey } from '../../content';
import { milestoneWrite } from '../../repositories/milestones';

export function requireViewInsights(caller: Member): void {
  if (!caller.permissions.viewInsights) throw permissionDenied(SERVER_ERRORS.viewInsightsRequired);
}

export async function markInsightsViewed(deps: ServerDeps, caller: Member): Promise<void> {
  const viewed = milestoneWrite(
    caller.tenantId,
    caller.uid,
    MILESTONE_OF_ACTION.openInsights,
    true,
    caller.uid,
  );
  await deps.store.set(viewed.path, viewed.data, { merge: true });
}

/** A survey the caller's organisation publishes, for a member with view-insights; refused otherwise. */
export async function loadPublishedSurvey(
  deps: ServerDeps,
  caller: Member,
  surveyId: string,
): Promise<ServerSurveyDefinition> {
  requireViewInsights(caller);
  const definition = await loadSurvey(deps, surveyId);
  if (definition.tenantId !== caller.tenantId) throw permissionDenied(SERVER_ERRORS.notYourSurvey);
  return definition;
}
