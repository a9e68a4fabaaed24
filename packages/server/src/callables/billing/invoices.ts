// billing-listInvoices and billing-openPortal: the organisation's invoices with the provider's PDF
// or receipt, and the provider's customer portal for the payment method and cancelling.
import { API, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { ApiError } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { readTenant } from '../../repositories/tenants';

export const listInvoices = defineHandler(API.listInvoices, {
  async run(_input, { caller, deps }): Promise<ApiResponses[typeof API.listInvoices]> {
    const customerId = (await readTenant(deps.store, caller.tenantId))?.stripeCustomerId;
    return { invoices: customerId ? await deps.billing.listInvoices(customerId) : [] };
  },
});

export const openBillingPortal = defineHandler(API.openBillingPortal, {
  checkRevoked: true,
  async run(_input, { caller, deps }): Promise<ApiResponses[typeof API.openBillingPortal]> {
    const customerId = (await readTenant(deps.store, caller.tenantId))?.stripeCustomerId;
    if (!customerId) throw new ApiError('failed-precondition', SERVER_ERRORS.noBillingAccount);
    return deps.billing.openPortal(customerId, `${deps.appUrl.replace(/\/+$/, '')}/dashboard/plans`);
  },
});
