// The billing provider as the server needs it: Stripe in production, a local sandbox by default
// (./sandbox.ts). One customer per tenant, a checkout per paid plan and period, subscriptions and
// entitlements, prices, invoices, plan changes with proration, and the customer portal.
import type {
  BillingPeriod,
  ChangePreview,
  Entitlement,
  Invoice,
  PaidPlanId,
  PlanPrice,
  SandboxCard,
  Subscription,
} from '@toolkit/domain';
import type { StoreTransaction } from '../store/port';

/** A plan as an audit entry names it: its name, and its period unless Free. */
export interface PlanState {
  plan: string;
  period: BillingPeriod | null;
}

export interface BillingCheckout {
  id: string;
  customerId: string;
  planId: PaidPlanId;
  period: BillingPeriod;
  status: 'open' | 'paid' | 'canceled';
  /** The organisation's plan when the checkout began; null for one begun before it was kept. */
  from: PlanState | null;
}

/**
 * Writes what the change needs beside it (the audit entry): in the change's own transaction in the
 * sandbox; on Stripe, where the change happens outside the store, once Stripe has made it.
 */
export type RecordChange = (tx: StoreTransaction) => void;

export interface BillingPort {
  readonly kind: 'sandbox' | 'stripe';
  /** A new customer for the tenant; its id is kept as the tenant's stripeCustomerId. */
  createCustomer(tenantId: string): Promise<string>;
  /**
   * A checkout for one plan and period. `successUrl` may hold `{CHECKOUT_SESSION_ID}`, replaced by
   * the session's id as Stripe does; the answer's url is where the member pays.
   */
  createCheckout(input: {
    customerId: string;
    planId: PaidPlanId;
    period: BillingPeriod;
    from: PlanState;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string }>;
  getCheckout(sessionId: string): Promise<BillingCheckout | null>;
  /**
   * Runs `record` once for a paid checkout, however often its return is confirmed. The sandbox's
   * page records the payment in its own transaction, so here it does nothing.
   */
  recordPaidCheckout(checkout: BillingCheckout, record: RecordChange): Promise<void>;
  /** The paid plans' prices by lookup key (`<plan>_monthly`, `<plan>_yearly`). */
  listPrices(): Promise<readonly PlanPrice[]>;
  listSubscriptions(customerId: string): Promise<Subscription[]>;
  listEntitlements(customerId: string): Promise<Entitlement[]>;
  /** The customer's invoices, newest first. */
  listInvoices(customerId: string): Promise<Invoice[]>;
  /** What moving the customer's subscription to this plan and period would invoice now. */
  previewChange(customerId: string, planId: PaidPlanId, period: BillingPeriod): Promise<ChangePreview>;
  /** Moves the customer's subscription to this plan and period, invoicing the proration at once. */
  changeSubscription(
    customerId: string,
    planId: PaidPlanId,
    period: BillingPeriod,
    record?: RecordChange,
  ): Promise<void>;
  /** Ends every paid subscription of the customer; `record` runs only if one ended. */
  cancelSubscriptions(customerId: string, record?: RecordChange): Promise<void>;
  /** The customer portal (payment method, cancellation), returning to `returnUrl`. */
  openPortal(customerId: string, returnUrl: string): Promise<{ url: string }>;
}

/** What only the local sandbox can do: its checkout, portal and receipt pages. */
export interface SandboxBilling extends BillingPort {
  readonly kind: 'sandbox';
  /** The session afterwards and where it returns to: its success or its cancel address. */
  finishCheckout(
    sessionId: string,
    pay: boolean,
    record?: (tx: StoreTransaction, checkout: BillingCheckout) => void,
  ): Promise<{ checkout: BillingCheckout; returnUrl: string } | null>;
  portal(customerId: string): Promise<{ card: SandboxCard | null; pastDue: boolean }>;
  /** Another test card; it pays what is owed, ending a past-due state. */
  replaceCard(customerId: string, last4: SandboxCard['last4']): Promise<SandboxCard>;
  invoice(customerId: string, invoiceId: string): Promise<Invoice | null>;
  /** A renewal whose payment failed: the subscription is past due from `at`, its invoice open. */
  failRenewal(customerId: string, at?: Date): Promise<void>;
}

export const isSandbox = (billing: BillingPort): billing is SandboxBilling => billing.kind === 'sandbox';
