// survey-completeResult: the result and the user's result complete, scored, mailed once.
import { API, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { completionQuota } from '../../abuse/limits';
import { notFound, permissionDenied } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { loadSurvey } from '../../content';
import { inviteIdOf } from '../../repositories/invites';
import { completeResult } from './completion';

export const completeSurveyResult = defineHandler(API.completeResult, {
  async run(
    { tenantId, surveyId, resultId },
    { caller, deps, now, request },
  ): Promise<ApiResponses[typeof API.completeResult]> {
    const outcome = await completeResult(deps.store, {
      ref: { tenantId, surveyId, resultId },
      definition: await loadSurvey(deps, surveyId),
      caller: { ...caller, inviteId: inviteIdOf(caller) },
      appUrl: deps.appUrl,
      viaInvite: false,
      quota: completionQuota({ uid: caller.uid, ip: request.ip, tenantId, surveyId }, now),
    });
    switch (outcome.outcome) {
      case 'not-found':
        throw notFound(SERVER_ERRORS.resultNotFound);
      case 'denied':
      case 'invite-closed':
        throw permissionDenied(SERVER_ERRORS.resultNotYours);
      default:
        return {
          completedAt: outcome.completedAt ?? now.toISOString(),
          alreadyCompleted: outcome.outcome === 'already-completed',
          score: outcome.score,
        };
    }
  },
});
