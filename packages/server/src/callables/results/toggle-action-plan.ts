// results-toggleActionPlan: adds or removes an action id in the plan of one of the organisation's
// results, whichever member completed it; a role that may not edit insights (a viewer) reads the plan
// but cannot change it.
import { API, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { notFound } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { findResultOwner, readActionPlan, toggleActionInPlan } from '../../repositories/results';
import { StoreError } from '../../store/port';

export const toggleActionPlan = defineHandler(API.toggleActionPlan, {
  async run(
    { userResultId, actionId, selected },
    { caller, deps },
  ): Promise<ApiResponses[typeof API.toggleActionPlan]> {
    const owner = await findResultOwner(deps.store, caller.tenantId, userResultId);
    if (!owner) throw notFound(SERVER_ERRORS.resultNotFound);
    try {
      await toggleActionInPlan(deps.store, caller.tenantId, owner, userResultId, { actionId, selected });
    } catch (error) {
      if (error instanceof StoreError && error.code === 'not-found')
        throw notFound(SERVER_ERRORS.resultNotFound);
      throw error;
    }
    const plan = await readActionPlan(deps.store, caller.tenantId, owner, userResultId);
    return { actionPlans: plan?.actionPlans ?? [] };
  },
});
