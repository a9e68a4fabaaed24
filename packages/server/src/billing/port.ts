// The billing provider as the server needs it: Stripe in production, a local sandbox by default
// (./sandbox.ts). One customer per tenant, a checkout per paid plan, subscriptions and entitlements.
import type { Entitlement, PaidPlanId, Subscription } from '@toolkit/domain';

export interface BillingCheckout {
  id: string;
  customerId: string;
  planId: PaidPlanId;
  status: 'open' | 'paid' | 'canceled';
}

export interface BillingPort {
  readonly kind: 'sandbox' | 'stripe';
  /** A new customer for the tenant; its id is kept as the tenant's stripeCustomerId. */
  createCustomer(tenantId: string): Promise<string>;
  /**
   * A checkout for one plan. `successUrl` may hold `{CHECKOUT_SESSION_ID}`, replaced by the
   * session's id as Stripe does; the answer's url is where the member pays.
   */
  createCheckout(input: {
    customerId: string;
    planId: PaidPlanId;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string }>;
  getCheckout(sessionId: string): Promise<BillingCheckout | null>;
  listSubscriptions(customerId: string): Promise<Subscription[]>;
  listEntitlements(customerId: string): Promise<Entitlement[]>;
  /** Ends every paid subscription of the customer. */
  cancelSubscriptions(customerId: string): Promise<void>;
}

/** What only the local sandbox can do: its checkout page pays or cancels a session. */
export interface SandboxBilling extends BillingPort {
  readonly kind: 'sandbox';
  /** The session afterwards and where it returns to: its success or its cancel address. */
  finishCheckout(
    sessionId: string,
    pay: boolean,
  ): Promise<{ checkout: BillingCheckout; returnUrl: string } | null>;
}

export const isSandbox = (billing: BillingPort): billing is SandboxBilling => billing.kind === 'sandbox';
