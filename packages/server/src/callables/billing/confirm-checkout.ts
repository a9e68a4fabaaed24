// billing-confirmCheckout: the success route believes a checkout only when it belongs to the
// caller's organisation and is paid; any other id, forged or foreign, is not found. A checkout
// paid at the provider is recorded as plan.changed on its first confirmation.
import { API, FREE_PLAN, PLAN_OFFERS, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { notFound } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { tenantPlan } from '../../billing/tenant-plan';
import { recordPlanChange } from './plan-audit';

export const confirmCheckout = defineHandler(API.confirmCheckout, {
  checkRevoked: true,
  async run({ sessionId }, { caller, deps }): Promise<ApiResponses[typeof API.confirmCheckout]> {
    // The checkout first: reading a paid one brings the plan it bought into the store (Stripe).
    const checkout = await deps.billing.getCheckout(sessionId);
    const current = await tenantPlan(deps, caller.tenantId);
    if (!checkout || !current.customerId || checkout.customerId !== current.customerId) {
      throw notFound(SERVER_ERRORS.checkoutNotFound);
    }
    if (checkout.status === 'paid') {
      const after = {
        plan: PLAN_OFFERS.find((offer) => offer.id === checkout.planId)!.name,
        period: checkout.period,
      };
      const before = checkout.from ?? { plan: FREE_PLAN, period: null };
      await deps.billing.recordPaidCheckout(
        checkout,
        recordPlanChange(caller, 'plan.changed', before, after),
      );
    }
    return { paid: checkout.status === 'paid', plan: current.plan };
  },
});
