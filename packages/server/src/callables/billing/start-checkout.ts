// billing-startCheckout: a checkout for a paid plan. The tenant's billing customer is made on the
// first checkout and kept as its stripeCustomerId; paying returns to the plans page's success route.
import { API, MESSAGES, type ApiResponses } from '@toolkit/domain';
import { notFound } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { readTenant, storeStripeCustomerId } from '../../repositories/tenants';
import { planState, tenantPlan } from '../../billing/tenant-plan';

export const startCheckout = defineHandler(API.startCheckout, {
  checkRevoked: true,
  async run({ planId, period }, { caller, deps }): Promise<ApiResponses[typeof API.startCheckout]> {
    const tenant = await readTenant(deps.store, caller.tenantId);
    if (!tenant) throw notFound(MESSAGES.tenantNotFound);
    let customerId = tenant.stripeCustomerId;
    if (!customerId) {
      const created = await deps.billing.createCustomer(caller.tenantId);
      // Two first checkouts at once keep one customer: the one stored first.
      customerId = await deps.store.transaction(async (tx) => {
        const current = (await readTenant(tx, caller.tenantId))?.stripeCustomerId;
        if (current) return current;
        storeStripeCustomerId(tx, caller.tenantId, created);
        return created;
      });
    }
    const app = deps.appUrl.replace(/\/+$/, '');
    const { url } = await deps.billing.createCheckout({
      customerId,
      planId,
      period,
      from: planState(await tenantPlan(deps, caller.tenantId)),
      successUrl: `${app}/dashboard/plans/checkout/{CHECKOUT_SESSION_ID}`,
      cancelUrl: `${app}/dashboard/plans?checkout=canceled`,
    });
    return { url };
  },
});
