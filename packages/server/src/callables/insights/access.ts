// What the insights callables (declared viewInsights) share: a survey's insights are its
// publisher's only.
import { SERVER_ERRORS } from '@toolkit/domain';
import type { Member, ServerDeps, ServerSurveyDefinition } from '../../api/handler';
import { loadSurvey } from '../../content';
import { requireOwnTenant } from '../access';

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
