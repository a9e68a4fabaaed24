// journey-saveAnswer: the invitee's answer into the invite's result, through
// the same use case as the survey's save.
import { API, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { checkAnswer, loadSurvey } from '../../content';
import { saveQuota } from '../../abuse/limits';
import { recordAnswer } from '../survey/answers';
import { missingJourneyIds, openInvite } from './open-invite';

export const saveInviteAnswer = defineHandler(API.saveInviteAnswer, {
  inputMessage: missingJourneyIds,
  async run(input, { caller, deps, now }): Promise<ApiResponses[typeof API.saveInviteAnswer]> {
    const { tenantId, surveyId, surveyResultId, questionId, answer, seq } = input;
    const inviteId = await openInvite(deps.store, caller, input);
    checkAnswer(await loadSurvey(deps, surveyId), questionId, answer, 'questionId');
    return recordAnswer(
      deps.store,
      {
        ref: { tenantId, surveyId, resultId: surveyResultId },
        who: { uid: caller.uid, inviteId },
        field: 'answers',
        questionId,
        answer,
        seq,
        quota: saveQuota(caller.uid, now),
      },
      { notFound: SERVER_ERRORS.inviteResultNotFound, denied: SERVER_ERRORS.notYourInvite },
      now,
    );
  },
});
