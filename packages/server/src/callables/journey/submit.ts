// journey-submit: the invite's result completes, through the same use case
// as the survey's, and the invite with it.
import { API, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { completionQuota } from '../../abuse/limits';
import { ApiError, notFound, permissionDenied } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { loadSurvey } from '../../content';
import { completeResult } from '../survey/completion';
import { missingJourneyIds, openInvite } from './open-invite';

export const submitInvite = defineHandler(API.submitInvite, {
  inputMessage: missingJourneyIds,
  async run(input, { caller, deps, now, request }): Promise<ApiResponses[typeof API.submitInvite]> {
    const inviteId = await openInvite(deps.store, caller, input);
    const { tenantId, surveyId } = input;
    const outcome = await completeResult(deps.store, {
      ref: { tenantId, surveyId, resultId: input.surveyResultId },
      definition: await loadSurvey(deps, surveyId),
      caller: { ...caller, inviteId },
      appUrl: deps.appUrl,
      viaInvite: true,
      // Each submit mails the publisher, like a survey completion: the same limits apply.
      quota: completionQuota({ uid: caller.uid, ip: request.ip, tenantId, surveyId }, now),
    });
    switch (outcome.outcome) {
      case 'not-found':
        throw notFound(SERVER_ERRORS.inviteResultNotFound);
      case 'denied':
        throw permissionDenied(SERVER_ERRORS.notYourInvite);
      case 'invite-closed':
      case 'already-completed':
        throw new ApiError('failed-precondition', SERVER_ERRORS.alreadySubmitted);
      default:
        return { status: 'completed' };
    }
  },
});
