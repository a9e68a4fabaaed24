// The local sandbox's checkout page (billing-getSandboxCheckout, billing-finishSandboxCheckout):
// what is being bought and paying or cancelling it, for the caller's own organisation only.
import { API, PLAN_OFFERS, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { ApiError, notFound } from '../../api/errors';
import { defineHandler, type Member, type ServerDeps } from '../../api/handler';
import { isSandbox, type SandboxBilling } from '../../billing/port';
import { readTenant } from '../../repositories/tenants';

async function ownSandboxCheckout(deps: ServerDeps, caller: Member, sessionId: string) {
  if (!isSandbox(deps.billing)) throw new ApiError('failed-precondition', SERVER_ERRORS.sandboxOnly);
  const [checkout, tenant] = await Promise.all([
    deps.billing.getCheckout(sessionId),
    readTenant(deps.store, caller.tenantId),
  ]);
  if (!checkout || !tenant?.stripeCustomerId || checkout.customerId !== tenant.stripeCustomerId) {
    throw notFound(SERVER_ERRORS.checkoutNotFound);
  }
  return { checkout, sandbox: deps.billing as SandboxBilling };
}

export const getSandboxCheckout = defineHandler({
  name: API.getSandboxCheckout,
  access: 'member:manageBilling',
  input: REQUESTS[API.getSandboxCheckout],
  async run({ sessionId }, { caller, deps }): Promise<ApiResponses[typeof API.getSandboxCheckout]> {
    const { checkout } = await ownSandboxCheckout(deps, caller, sessionId);
    const offer = PLAN_OFFERS.find((plan) => plan.id === checkout.planId)!;
    return { planName: offer.name, status: checkout.status };
  },
});

export const finishSandboxCheckout = defineHandler({
  name: API.finishSandboxCheckout,
  access: 'member:manageBilling',
  input: REQUESTS[API.finishSandboxCheckout],
  async run({ sessionId, pay }, { caller, deps }): Promise<ApiResponses[typeof API.finishSandboxCheckout]> {
    const { sandbox } = await ownSandboxCheckout(deps, caller, sessionId);
    const finished = await sandbox.finishCheckout(sessionId, pay);
    if (!finished) throw notFound(SERVER_ERRORS.checkoutNotFound);
    return { returnTo: finished.returnUrl };
  },
});
