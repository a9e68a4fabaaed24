// subscription-getSubscriptionDetails (SPEC §7): the tenant's subscriptions; none on the Free plan.
import { API } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { defineHandler } from '../../api/handler';
import { requireFreeTenant } from '../free-plan';

export const getSubscriptionDetails = defineHandler({
  name: API.getSubscriptionDetails,
  access: 'member',
  input: REQUESTS[API.getSubscriptionDetails],
  async run(_input, { caller, deps }) {
    await requireFreeTenant(deps.store, caller.tenantId);
    return { status: 'success' as const, subscriptions: [] };
  },
});
