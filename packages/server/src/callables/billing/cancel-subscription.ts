// billing-cancelSubscription: back to Free, recorded as plan.cancelled. What the paid plan's
// features made is kept; the features themselves become read-only until it upgrades again.
import { API, FREE_PLAN, isFreePlan, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { ApiError } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { planState, tenantPlan } from '../../billing/tenant-plan';
import { recordPlanChange } from './plan-audit';

export const cancelSubscription = defineHandler(API.cancelSubscription, {
  checkRevoked: true,
  async run(_input, { caller, deps }): Promise<ApiResponses[typeof API.cancelSubscription]> {
    const current = await tenantPlan(deps, caller.tenantId);
    if (isFreePlan(current.plan) || !current.customerId)
      throw new ApiError('failed-precondition', SERVER_ERRORS.noSubscription);
    await deps.billing.cancelSubscriptions(
      current.customerId,
      recordPlanChange(caller, 'plan.cancelled', planState(current), { plan: FREE_PLAN, period: null }),
    );
    return { plan: FREE_PLAN };
  },
});
