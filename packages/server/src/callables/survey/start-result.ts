// survey-startResult: resume the caller's result, or start a new one with
// the survey link's prefill.
import {
  API,
  SERVER_ERRORS,
  SurveyStatus,
  decideResultAction,
  scoredQuestionIds,
  statusOfResult,
  type ApiResponses,
} from '@toolkit/domain';
import { notFound, permissionDenied } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { checkAnswer, loadSurvey } from '../../content';
import { inviteIdOf } from '../../repositories/invites';
import {
  allAnswers,
  createResult,
  findLatestUserResult,
  readResult,
  type ResultRef,
  type StoredResult,
} from '../../repositories/results';
import { startQuota } from '../../abuse/limits';
import { canReach } from './answers';

export const startResult = defineHandler(API.startResult, {
  async run(
    { tenantId, surveyId, resultId, prefill },
    { caller, deps, now, request },
  ): Promise<ApiResponses[typeof API.startResult]> {
    const definition = await loadSurvey(deps, surveyId);
    // The route names the publisher: a survey asked for under another tenant does not exist there.
    if (definition.tenantId !== tenantId) throw notFound(SERVER_ERRORS.surveyNotFound);
    if (definition.requireAccount && caller.isAnonymous) {
      throw permissionDenied(SERVER_ERRORS.surveyNeedsAccount);
    }

    let existing: { ref: ResultRef; result: StoredResult } | null = null;
    if (resultId) {
      const ref = { tenantId, surveyId, resultId };
      const result = await readResult(deps.store, ref);
      if (!result) throw notFound(SERVER_ERRORS.resultNotFound);
      if (!(await canReach(deps.store, ref, result, { uid: caller.uid, inviteId: inviteIdOf(caller) }))) {
        throw permissionDenied(SERVER_ERRORS.resultNotYours);
      }
      existing = { ref, result };
    } else {
      const link = await findLatestUserResult(deps.store, caller.tenantId ?? tenantId, caller.uid, surveyId);
      if (link && link.surveyTenantId === tenantId) {
        const ref = { tenantId, surveyId, resultId: link.resultId };
        const result = await readResult(deps.store, ref);
        if (result?.userId === caller.uid) existing = { ref, result };
      }
    }
    const scoredQuestions = scoredQuestionIds(definition.sections);
    if (existing && decideResultAction(existing.result) === 'resume') {
      return {
        resultId: existing.ref.resultId,
        status: statusOfResult(existing.result),
        created: false,
        questions: allAnswers(existing.result),
        seqs: existing.result.seqs,
        scoredQuestions,
      };
    }

    const questions = prefill?.answers ?? {};
    for (const [questionId, answer] of Object.entries(questions)) {
      checkAnswer(definition, questionId, answer, `prefill.answers.${questionId}`);
    }
    const created = await createResult(deps.store, {
      tenantId,
      surveyId,
      uid: caller.uid,
      respondentTenantId: caller.tenantId,
      questions,
      custom: prefill?.custom ?? {},
      respondent: prefill?.respondent ?? {},
      quota: startQuota(request.ip, now),
    });
    return {
      resultId: created,
      status: SurveyStatus.InProgress,
      created: true,
      questions,
      seqs: {},
      scoredQuestions,
    };
  },
});
