// A billing port whose provider is made on its first use: Cloud Functions loads Stripe's SDK
// (most of a function's start-up code) only in the functions that bill, not in every callable.
import type { BillingPort } from './port';

export function deferredBilling(kind: BillingPort['kind'], make: () => Promise<BillingPort>): BillingPort {
  let made: Promise<BillingPort> | undefined;
  const port = () => (made ??= make());
  return {
    kind,
    createCustomer: async (...args) => (await port()).createCustomer(...args),
    createCheckout: async (...args) => (await port()).createCheckout(...args),
    getCheckout: async (...args) => (await port()).getCheckout(...args),
    recordPaidCheckout: async (...args) => (await port()).recordPaidCheckout(...args),
    listPrices: async () => (await port()).listPrices(),
    listSubscriptions: async (...args) => (await port()).listSubscriptions(...args),
    listEntitlements: async (...args) => (await port()).listEntitlements(...args),
    listInvoices: async (...args) => (await port()).listInvoices(...args),
    previewChange: async (...args) => (await port()).previewChange(...args),
    changeSubscription: async (...args) => (await port()).changeSubscription(...args),
    cancelSubscriptions: async (...args) => (await port()).cancelSubscriptions(...args),
    openPortal: async (...args) => (await port()).openPortal(...args),
  };
}
