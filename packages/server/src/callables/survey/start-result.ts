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
import type { StoreTransaction } from '../../store/port';
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

    const scoredQuestions = scoredQuestionIds(definition.sections);
    const resumed = ({ ref, result }: Found): ApiResponses[typeof API.startResult] => ({
      resultId: ref.resultId,
      status: statusOfResult(result),
      created: false,
      questions: allAnswers(result),
      seqs: result.seqs,
      scoredQuestions,
    });
    if (resultId) {
      const ref = { tenantId, surveyId, resultId };
      const result = await readResult(deps.store, ref);
      if (!result) throw notFound(SERVER_ERRORS.resultNotFound);
      if (!(await canReach(deps.store, ref, result, { uid: caller.uid, inviteId: inviteIdOf(caller) }))) {
        throw permissionDenied(SERVER_ERRORS.resultNotYours);
      }
      if (decideResultAction(result) === 'resume') return resumed({ ref, result });
    }

    const questions = prefill?.answers ?? {};
    const newResultId = deps.store.newId();
    // The caller's latest result is looked up in the transaction that starts a new one, so starts
    // sent together (a retried request, a second tab) resume one result instead of each starting one.
    const latest = await deps.store.transaction(async (tx) => {
      const found = resultId ? null : await latestOwnResult(tx, { tenantId, surveyId }, caller);
      if (found && decideResultAction(found.result) === 'resume') return found;
      for (const [questionId, answer] of Object.entries(questions)) {
        checkAnswer(definition, questionId, answer, `prefill.answers.${questionId}`);
      }
      await createResult(tx, newResultId, {
        tenantId,
        surveyId,
        uid: caller.uid,
        respondentTenantId: caller.tenantId,
        questions,
        custom: prefill?.custom ?? {},
        respondent: prefill?.respondent ?? {},
        quota: startQuota(request.ip, now),
      });
      return null;
    });
    if (latest) return resumed(latest);
    return {
      resultId: newResultId,
      status: SurveyStatus.InProgress,
      created: true,
      questions,
      seqs: {},
      scoredQuestions,
    };
  },
});

interface Found {
  ref: ResultRef;
  result: StoredResult;
}

/** The caller's latest result of the survey under this publisher, when they started it. */
async function latestOwnResult(
  tx: StoreTransaction,
  survey: { tenantId: string; surveyId: string },
  caller: { uid: string; tenantId: string | null },
): Promise<Found | null> {
  const { tenantId, surveyId } = survey;
  const link = await findLatestUserResult(tx, caller.tenantId ?? tenantId, caller.uid, surveyId);
  if (!link || link.surveyTenantId !== tenantId) return null;
  const ref = { tenantId, surveyId, resultId: link.resultId };
  const result = await readResult(tx, ref);
  return result?.userId === caller.uid ? { ref, result } : null;
}
