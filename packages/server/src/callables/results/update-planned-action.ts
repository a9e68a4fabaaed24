// results-updatePlannedAction: the status, owner and due date of an action in the caller's plan,
// kept beside actionPlans on the user survey result, in one transaction with the check
// that the action is planned.
import { API, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { ApiError, notFound } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { paths } from '../../repositories/paths';
import { actionPlansOf, plannedActionsOf } from '../../repositories/results';
import { FieldValue } from '../../store/port';
import { requireEditInsights } from '../access';

export const updatePlannedAction = defineHandler({
  name: API.updatePlannedAction,
  access: 'member',
  input: REQUESTS[API.updatePlannedAction],
  async run(
    { userResultId, actionId, status, owner, dueDate },
    { caller, deps },
  ): Promise<ApiResponses[typeof API.updatePlannedAction]> {
    requireEditInsights(caller);
    const path = paths.userSurveyResult(caller.tenantId, caller.uid, userResultId);
    await deps.store.transaction(async (tx) => {
      const { data } = await tx.get(path);
      if (!data) throw notFound(SERVER_ERRORS.resultNotFound);
      if (!actionPlansOf(data).includes(actionId))
        throw new ApiError('failed-precondition', SERVER_ERRORS.actionNotPlanned);
      tx.update(path, {
        [`actionStatus.${actionId}`]: { status, owner, dueDate, updatedAt: FieldValue.serverTimestamp() },
      });
    });
    return { plan: plannedActionsOf((await deps.store.get(path)).data) };
  },
});
