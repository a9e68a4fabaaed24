// billing-cancelSubscription: back to Free. What the paid plan's features made is kept; the
// features themselves become read-only until the organisation upgrades again.
import { API, FREE_PLAN, isFreePlan, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { ApiError } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { tenantPlan } from '../../billing/tenant-plan';

export const cancelSubscription = defineHandler({
  name: API.cancelSubscription,
  access: 'member:manageBilling',
  input: REQUESTS[API.cancelSubscription],
  async run(_input, { caller, deps }): Promise<ApiResponses[typeof API.cancelSubscription]> {
    const { plan, customerId } = await tenantPlan(deps, caller.tenantId);
    if (isFreePlan(plan) || !customerId)
      throw new ApiError('failed-precondition', SERVER_ERRORS.noSubscription);
    await deps.billing.cancelSubscriptions(customerId);
    return { plan: FREE_PLAN };
  },
});
