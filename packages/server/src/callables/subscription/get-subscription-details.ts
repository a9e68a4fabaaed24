// subscription-getSubscriptionDetails: the tenant's subscriptions from its billing
// customer; none without one.
import { API, MESSAGES, type ApiResponses } from '@toolkit/domain';
import { notFound } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { tenantPlan } from '../../billing/tenant-plan';
import { readTenant } from '../../repositories/tenants';

export const getSubscriptionDetails = defineHandler(API.getSubscriptionDetails, {
  async run(_input, { caller, deps }): Promise<ApiResponses[typeof API.getSubscriptionDetails]> {
    if (!(await readTenant(deps.store, caller.tenantId))) throw notFound(MESSAGES.tenantNotFound);
    const { subscriptions } = await tenantPlan(deps, caller.tenantId);
    return { status: 'success', subscriptions };
  },
});
