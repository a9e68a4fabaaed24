// survey-saveAnswer: one answer and the updated time, in order of the respondent's saves.
import { API, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { checkAnswer, loadSurvey } from '../../content';
import { inviteIdOf } from '../../repositories/invites';
import { saveQuota } from '../../abuse/limits';
import { recordAnswer } from './answers';

export const saveAnswer = defineHandler(API.saveAnswer, {
  async run(input, { caller, deps, now }): Promise<ApiResponses[typeof API.saveAnswer]> {
    const { tenantId, surveyId, resultId, questionId, answer, seq } = input;
    checkAnswer(await loadSurvey(deps, surveyId), questionId, answer, 'questionId');
    return recordAnswer(
      deps.store,
      {
        ref: { tenantId, surveyId, resultId },
        who: { uid: caller.uid, inviteId: inviteIdOf(caller) },
        field: 'questions',
        questionId,
        answer,
        seq,
        quota: saveQuota(caller.uid, now),
      },
      { notFound: SERVER_ERRORS.resultNotFound, denied: SERVER_ERRORS.resultNotYours },
      now,
    );
  },
});
