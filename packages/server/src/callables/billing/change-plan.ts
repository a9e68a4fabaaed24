// billing-previewChange and billing-changePlan: a paid organisation moves to another plan or
// period in place; the provider prorates the current period and invoices the difference at once.
// Free has nothing to change: it goes to a checkout.
import {
  API,
  FREE_PLAN,
  PLAN_OFFERS,
  SERVER_ERRORS,
  type ApiResponses,
  type BillingPeriod,
  type PaidPlanId,
} from '@toolkit/domain';
import { ApiError } from '../../api/errors';
import { defineHandler, type Member, type ServerDeps } from '../../api/handler';
import { planState, tenantPlan } from '../../billing/tenant-plan';
import { recordPlanChange } from './plan-audit';

async function paidPlan(deps: ServerDeps, caller: Member, planId: PaidPlanId, period: BillingPeriod) {
  const current = await tenantPlan(deps, caller.tenantId);
  const before = planState(current);
  if (!current.customerId || before.plan === FREE_PLAN) {
    throw new ApiError('failed-precondition', SERVER_ERRORS.noPlanToChange);
  }
  const after = { plan: PLAN_OFFERS.find((offer) => offer.id === planId)!.name, period };
  if (before.plan === after.plan && before.period === period) {
    throw new ApiError('failed-precondition', SERVER_ERRORS.samePlan);
  }
  return { customerId: current.customerId, before, after };
}

export const previewPlanChange = defineHandler(API.previewPlanChange, {
  async run({ planId, period }, { caller, deps }): Promise<ApiResponses[typeof API.previewPlanChange]> {
    const { customerId } = await paidPlan(deps, caller, planId, period);
    return deps.billing.previewChange(customerId, planId, period);
  },
});

export const changePlan = defineHandler(API.changePlan, {
  checkRevoked: true,
  async run({ planId, period }, { caller, deps }): Promise<ApiResponses[typeof API.changePlan]> {
    const { customerId, before, after } = await paidPlan(deps, caller, planId, period);
    await deps.billing.changeSubscription(
      customerId,
      planId,
      period,
      recordPlanChange(caller, 'plan.changed', before, after),
    );
    return { plan: after.plan };
  },
});
