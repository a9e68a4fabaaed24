// The survey result lifecycle (SPEC §4): start or resume, save answers, complete; and the results
// page's list and action plans. A result is reachable only by the user who started it, or by an
// invitee whose token names the invite for it.
import { API, SurveyStatus, decideResultAction, statusOfResult, type ApiResponses } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { notFound, permissionDenied } from '../api/errors';
import { completionQuota } from '../abuse/limits';
import { defineHandler } from '../api/handler';
import { answerSaved } from './answer-saved';
import { checkAnswer, loadSurvey, SURVEY_NOT_FOUND } from '../content';
import { inviteIdOf } from '../repositories/invites';
import { milestoneWrite } from '../repositories/milestones';
import { paths } from '../repositories/paths';
import {
  actionPlansOf,
  allAnswers,
  canReach,
  completeResult as completeStoredResult,
  createResult,
  findLatestUserResult,
  listLatestUserResults,
  readResult,
  saveAnswer as saveStoredAnswer,
  type ResultRef,
  type StoredResult,
} from '../repositories/results';
import { FieldValue, StoreError } from '../store/port';
import { journeyHandlers } from './invite-journey';

const RESULT_NOT_FOUND = 'We could not find this survey result. Start the survey again from its link.';
const NOT_YOURS = 'This survey result belongs to someone else.';

export const startResult = defineHandler({
  name: API.startResult,
  access: 'signedIn',
  input: REQUESTS[API.startResult],
  async run(
    { tenantId, surveyId, resultId, prefill },
    { caller, deps },
  ): Promise<ApiResponses[typeof API.startResult]> {
    const definition = await loadSurvey(deps, surveyId);
    // The route names the publisher: a survey asked for under another tenant does not exist there.
    if (definition.tenantId !== tenantId) throw notFound(SURVEY_NOT_FOUND);
    if (definition.requireAccount && caller.isAnonymous) {
      throw permissionDenied('This survey needs an account. Sign in with your e-mail address to take part.');
    }

    let existing: { ref: ResultRef; result: StoredResult } | null = null;
    if (resultId) {
      const ref = { tenantId, surveyId, resultId };
      const result = await readResult(deps.store, ref);
      if (!result) throw notFound(RESULT_NOT_FOUND);
      if (!(await canReach(deps.store, ref, result, { uid: caller.uid, inviteId: inviteIdOf(caller) }))) {
        throw permissionDenied(NOT_YOURS);
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
    if (existing && decideResultAction(existing.result) === 'resume') {
      return {
        resultId: existing.ref.resultId,
        status: statusOfResult(existing.result),
        created: false,
        questions: allAnswers(existing.result),
        seqs: existing.result.seqs,
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
    });
    return { resultId: created, status: SurveyStatus.InProgress, created: true, questions, seqs: {} };
  },
});

export const saveAnswer = defineHandler({
  name: API.saveAnswer,
  access: 'signedIn',
  input: REQUESTS[API.saveAnswer],
  async run(input, { caller, deps, now }): Promise<ApiResponses[typeof API.saveAnswer]> {
    const { tenantId, surveyId, resultId, questionId, answer, seq } = input;
    checkAnswer(await loadSurvey(deps, surveyId), questionId, answer, 'questionId');
    const saved = await saveStoredAnswer(deps.store, {
      ref: { tenantId, surveyId, resultId },
      who: { uid: caller.uid, inviteId: inviteIdOf(caller) },
      field: 'questions',
      questionId,
      answer,
      seq,
    });
    return answerSaved(saved, { notFound: RESULT_NOT_FOUND, denied: NOT_YOURS }, now);
  },
});

export const completeResult = defineHandler({
  name: API.completeResult,
  access: 'signedIn',
  input: REQUESTS[API.completeResult],
  async run(
    { tenantId, surveyId, resultId },
    { caller, deps, now, request },
  ): Promise<ApiResponses[typeof API.completeResult]> {
    const outcome = await completeStoredResult(deps.store, {
      ref: { tenantId, surveyId, resultId },
      definition: await loadSurvey(deps, surveyId),
      caller: { ...caller, inviteId: inviteIdOf(caller) },
      appUrl: deps.appUrl,
      viaInvite: false,
      quota: completionQuota({ uid: caller.uid, ip: request.ip, tenantId, surveyId }, now),
    });
    switch (outcome.outcome) {
      case 'not-found':
        throw notFound(RESULT_NOT_FOUND);
      case 'denied':
      case 'invite-closed':
        throw permissionDenied(NOT_YOURS);
      default:
        return {
          completedAt: outcome.completedAt ?? now.toISOString(),
          alreadyCompleted: outcome.outcome === 'already-completed',
          score: outcome.score,
        };
    }
  },
});

export const listLatestResults = defineHandler({
  name: API.listLatestResults,
  access: 'member',
  input: REQUESTS[API.listLatestResults],
  async run(input, { caller, deps }): Promise<ApiResponses[typeof API.listLatestResults]> {
    const links = await listLatestUserResults(deps.store, caller.tenantId, caller.uid);
    const results = await Promise.all(
      links.map(async (link) => {
        const result = await readResult(deps.store, {
          tenantId: link.surveyTenantId,
          surveyId: link.surveyId,
          resultId: link.resultId,
        });
        return {
          resultId: link.resultId,
          surveyId: link.surveyId,
          userResultId: link.userResultId,
          startedAt: result?.startedAt ?? '',
          updatedAt: result?.updatedAt ?? null,
          completedAt: result?.completedAt ?? null,
          isCompleted: result?.isCompleted ?? false,
          score: result?.score ?? null,
          actionPlans: link.actionPlans,
        };
      }),
    );
    // Listing is not viewing the results (the Assessments page lists them too): only the Results
    // page's request (opened) is the view-results milestone, set here where the viewing happens.
    if (input?.opened) {
      const viewed = milestoneWrite(caller.tenantId, caller.uid, 'view-results', true, caller.uid);
      await deps.store.set(viewed.path, viewed.data, { merge: true });
    }
    return { results };
  },
});

export const toggleActionPlan = defineHandler({
  name: API.toggleActionPlan,
  access: 'member',
  input: REQUESTS[API.toggleActionPlan],
  async run(
    { userResultId, actionId, selected },
    { caller, deps },
  ): Promise<ApiResponses[typeof API.toggleActionPlan]> {
    const path = paths.userSurveyResult(caller.tenantId, caller.uid, userResultId);
    try {
      await deps.store.update(path, {
        actionPlans: selected ? FieldValue.arrayUnion(actionId) : FieldValue.arrayRemove(actionId),
      });
    } catch (error) {
      if (error instanceof StoreError && error.code === 'not-found') throw notFound(RESULT_NOT_FOUND);
      throw error;
    }
    return { actionPlans: actionPlansOf((await deps.store.get(path)).data) };
  },
});

export const surveyHandlers = [
  startResult,
  saveAnswer,
  completeResult,
  listLatestResults,
  toggleActionPlan,
  ...journeyHandlers,
];
