// results-updatePlannedAction: the status, owner and due date of an action in the plan of one of the
// organisation's results (whichever member completed it), kept beside actionPlans on the user survey
// result, in one transaction with the check that the action is planned.
import { API, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { ApiError, notFound } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { findResultOwner, readActionPlan, updateUserResult } from '../../repositories/results';
import { FieldValue } from '../../store/port';

export const updatePlannedAction = defineHandler(API.updatePlannedAction, {
  async run(
    { userResultId, actionId, status, owner, dueDate },
    { caller, deps },
  ): Promise<ApiResponses[typeof API.updatePlannedAction]> {
    const { tenantId } = caller;
    const uid = await findResultOwner(deps.store, tenantId, userResultId);
    if (!uid) throw notFound(SERVER_ERRORS.resultNotFound);
    await deps.store.transaction(async (tx) => {
      const plan = await readActionPlan(tx, tenantId, uid, userResultId);
      if (!plan) throw notFound(SERVER_ERRORS.resultNotFound);
      if (!plan.actionPlans.includes(actionId))
        throw new ApiError('failed-precondition', SERVER_ERRORS.actionNotPlanned);
      updateUserResult(tx, tenantId, uid, userResultId, {
        [`actionStatus.${actionId}`]: { status, owner, dueDate, updatedAt: FieldValue.serverTimestamp() },
      });
    });
    return { plan: (await readActionPlan(deps.store, tenantId, uid, userResultId))?.planned ?? [] };
  },
});
