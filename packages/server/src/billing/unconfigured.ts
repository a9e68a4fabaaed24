// Production's billing until the Stripe adapter is configured: every tenant is on Free (no
// subscriptions, no entitlements), and starting a checkout says plainly that paid plans are not
// available. Never the sandbox: its checkout page would hand out paid plans for free.
import { SERVER_ERRORS } from '@toolkit/domain';
import { ApiError } from '../api/errors';
import type { BillingPort } from './port';

export function createUnconfiguredBilling(): BillingPort {
  const unavailable = async (): Promise<never> => {
    throw new ApiError('unavailable', SERVER_ERRORS.billingNotConfigured);
  };
  return {
    kind: 'stripe',
    createCustomer: unavailable,
    createCheckout: unavailable,
    getCheckout: async () => null,
    listSubscriptions: async () => [],
    listEntitlements: async () => [],
    cancelSubscriptions: unavailable,
  };
}
