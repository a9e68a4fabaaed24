// The local sandbox's pages (billing-getSandboxCheckout, billing-finishSandboxCheckout, its
// portal and receipts): what is being bought and paying or cancelling it, the card on file, an
// invoice's receipt, for the caller's own organisation only.
import { API, PLAN_OFFERS, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { ApiError, notFound } from '../../api/errors';
import { defineHandler, type Member, type ServerDeps } from '../../api/handler';
import { isSandbox, type SandboxBilling } from '../../billing/port';
import { planState, tenantPlan } from '../../billing/tenant-plan';
import { readTenant } from '../../repositories/tenants';
import { recordPlanChange } from './plan-audit';

function sandboxOf(deps: ServerDeps): SandboxBilling {
  if (!isSandbox(deps.billing)) throw new ApiError('failed-precondition', SERVER_ERRORS.sandboxOnly);
  return deps.billing;
}

async function ownSandboxCheckout(deps: ServerDeps, caller: Member, sessionId: string) {
  const sandbox = sandboxOf(deps);
  const [checkout, tenant] = await Promise.all([
    sandbox.getCheckout(sessionId),
    readTenant(deps.store, caller.tenantId),
  ]);
  if (!checkout || !tenant?.stripeCustomerId || checkout.customerId !== tenant.stripeCustomerId) {
    throw notFound(SERVER_ERRORS.checkoutNotFound);
  }
  return { checkout, sandbox };
}

/** The sandbox and the caller's organisation's customer, which the portal needs. */
async function ownSandboxCustomer(deps: ServerDeps, caller: Member) {
  const sandbox = sandboxOf(deps);
  const tenant = await readTenant(deps.store, caller.tenantId);
  if (!tenant?.stripeCustomerId) throw new ApiError('failed-precondition', SERVER_ERRORS.noBillingAccount);
  return { sandbox, customerId: tenant.stripeCustomerId };
}

export const getSandboxCheckout = defineHandler(API.getSandboxCheckout, {
  async run({ sessionId }, { caller, deps }): Promise<ApiResponses[typeof API.getSandboxCheckout]> {
    const { checkout, sandbox } = await ownSandboxCheckout(deps, caller, sessionId);
    const offer = PLAN_OFFERS.find((plan) => plan.id === checkout.planId)!;
    const price = (await sandbox.listPrices()).find(
      (candidate) => candidate.planId === checkout.planId && candidate.period === checkout.period,
    );
    return { planName: offer.name, status: checkout.status, price: price ?? null };
  },
});

export const finishSandboxCheckout = defineHandler(API.finishSandboxCheckout, {
  checkRevoked: true,
  async run({ sessionId, pay }, { caller, deps }): Promise<ApiResponses[typeof API.finishSandboxCheckout]> {
    const { sandbox } = await ownSandboxCheckout(deps, caller, sessionId);
    const before = planState(await tenantPlan(deps, caller.tenantId));
    const finished = await sandbox.finishCheckout(sessionId, pay, (tx, checkout) =>
      recordPlanChange(caller, 'plan.changed', before, {
        plan: PLAN_OFFERS.find((offer) => offer.id === checkout.planId)!.name,
        period: checkout.period,
      })(tx),
    );
    if (!finished) throw notFound(SERVER_ERRORS.checkoutNotFound);
    return { returnTo: finished.returnUrl };
  },
});

export const getSandboxPortal = defineHandler(API.getSandboxPortal, {
  async run(_input, { caller, deps }): Promise<ApiResponses[typeof API.getSandboxPortal]> {
    const { sandbox, customerId } = await ownSandboxCustomer(deps, caller);
    const [portal, { plan }] = await Promise.all([
      sandbox.portal(customerId),
      tenantPlan(deps, caller.tenantId),
    ]);
    return { ...portal, plan };
  },
});

export const replaceSandboxCard = defineHandler(API.replaceSandboxCard, {
  checkRevoked: true,
  async run({ last4 }, { caller, deps }): Promise<ApiResponses[typeof API.replaceSandboxCard]> {
    const { sandbox, customerId } = await ownSandboxCustomer(deps, caller);
    await sandbox.replaceCard(customerId, last4);
    const [portal, { plan }] = await Promise.all([
      sandbox.portal(customerId),
      tenantPlan(deps, caller.tenantId),
    ]);
    return { card: portal.card!, pastDue: portal.pastDue, plan };
  },
});

export const getSandboxInvoice = defineHandler(API.getSandboxInvoice, {
  async run({ invoiceId }, { caller, deps }): Promise<ApiResponses[typeof API.getSandboxInvoice]> {
    const sandbox = sandboxOf(deps);
    const tenant = await readTenant(deps.store, caller.tenantId);
    const invoice = tenant?.stripeCustomerId && (await sandbox.invoice(tenant.stripeCustomerId, invoiceId));
    if (!tenant || !invoice) throw notFound(SERVER_ERRORS.invoiceNotFound);
    return { ...invoice, organisationName: tenant.name };
  },
});
