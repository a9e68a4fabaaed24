// actions-list: the action catalogue against the organisation's latest completed result of a survey —
// which actions its answers suggest and why, the plan kept on that result, the organisation's own
// actions, and which answers improved or worsened since the previous completed result.
import { API, suggestActions, answerChange, type ApiResponses } from '@toolkit/domain';
import { ApiError } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { loadSurvey } from '../../content';
import { allAnswers, listOrganisationResults } from '../../repositories/results';
import { questionPoints } from '../../scoring';
import { hasFeature } from '../../billing/entitlements';
import { listCustomActions } from '../../repositories/custom-actions';

export const listActions = defineHandler(API.listActions, {
  async run({ surveyId }, { caller, deps }): Promise<ApiResponses[typeof API.listActions]> {
    const definition = await loadSurvey(deps, surveyId);
    let catalogue;
    try {
      catalogue = await deps.content.getActions();
    } catch (error) {
      throw new ApiError('unavailable', error instanceof Error ? error.message : String(error));
    }
    const [results, customActions, customActionsIncluded] = await Promise.all([
      listOrganisationResults(deps.store, caller.tenantId, surveyId),
      listCustomActions(deps.store, caller.tenantId),
      hasFeature(deps, caller.tenantId, 'custom-opportunities'),
    ]);
    const completed = results.filter(({ result }) => result?.isCompleted);
    const latest = completed.at(-1);
    const previous = completed.at(-2);
    const questions = definition.sections.flatMap((section) => section.questions);
    const titleOf = new Map(questions.map((question) => [question.id, question.title]));

    const answers = latest ? allAnswers(latest.result!) : {};
    const suggested = new Map(
      latest
        ? suggestActions(catalogue, answers).map((suggestion) => [
            suggestion.actionId,
            suggestion.questionIds,
          ])
        : [],
    );
    const actions = catalogue.map(({ addresses: _addresses, ...action }) => ({
      ...action,
      addressing: (suggested.get(action.id) ?? [])
        .filter((questionId) => titleOf.has(questionId))
        .map((questionId) => ({ questionId, title: titleOf.get(questionId)! })),
    }));

    const changes: ApiResponses[typeof API.listActions]['changes'] = [];
    if (latest && previous) {
      const before = allAnswers(previous.result!);
      for (const question of questions) {
        const change = answerChange(
          questionPoints(question, before[question.id]),
          questionPoints(question, answers[question.id]),
        );
        if (change !== 'same') changes.push({ questionId: question.id, title: question.title, change });
      }
    }

    const plan = latest?.link.plan ?? null;
    // A plan lists only actions that still exist: the catalogue's and the organisation's own.
    const known = new Set([...catalogue, ...customActions].map((action) => action.id));
    return {
      surveyId,
      result: latest
        ? {
            resultId: latest.link.resultId,
            userResultId: latest.link.userResultId,
            completedAt: latest.result!.completedAt,
          }
        : null,
      actions,
      plan: (plan?.planned ?? []).filter((planned) => known.has(planned.actionId)),
      customActions,
      customActionsIncluded,
      changes,
    };
  },
});
