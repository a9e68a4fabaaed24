// billing-cancelSubscription: back to Free, recorded as plan.cancelled. What the paid plan's
// features made is kept; the features themselves become read-only until it upgrades again.
import {
  API,
  FREE_PLAN,
  isFreePlan,
  isPaidSubscription,
  SERVER_ERRORS,
  type ApiResponses,
} from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { ApiError } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { tenantPlan } from '../../billing/tenant-plan';
import { recordPlanChange } from './plan-audit';

export const cancelSubscription = defineHandler({
  name: API.cancelSubscription,
  access: 'member:manageBilling',
  input: REQUESTS[API.cancelSubscription],
  async run(_input, { caller, deps }): Promise<ApiResponses[typeof API.cancelSubscription]> {
    const { plan, customerId, subscriptions } = await tenantPlan(deps, caller.tenantId);
    if (isFreePlan(plan) || !customerId)
      throw new ApiError('failed-precondition', SERVER_ERRORS.noSubscription);
    const before = {
      plan,
      period: subscriptions.find((subscription) => isPaidSubscription(subscription))?.period ?? null,
    };
    await deps.billing.cancelSubscriptions(
      customerId,
      recordPlanChange(caller, 'plan.cancelled', before, { plan: FREE_PLAN, period: null }),
    );
    return { plan: FREE_PLAN };
  },
});
