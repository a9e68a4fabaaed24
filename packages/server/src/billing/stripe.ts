// Production's billing on Stripe. Checkouts and cancellations go to Stripe's API; a tenant's
// subscriptions and entitlements are read from a mirror in the store that Stripe's webhooks (and a
// sync after checkout or cancel) keep current, so resolving a plan at sign-in or on a role grant
// costs one document read, not a round trip to Stripe.
//
// Set up in Stripe: two Prices per paid plan, in AUD with tax behaviour inclusive (GST included),
// looked up by `<plan>_monthly` and `<plan>_yearly` (`growth_monthly`, `leader_yearly`); their
// Product carries metadata.internalPlanName (`Growth`, `Leader`) and the Features whose lookup
// keys are the entitlement keys of domain's PLAN_OFFERS. The customer portal's configuration allows
// updating the payment method and cancelling.
import Stripe from 'stripe';
import {
  BILLING_PERIODS,
  graceUntil,
  INVOICE_STATES,
  PAID_PLAN_IDS,
  priceLookupKey,
  PRICE_LOOKUP_KEYS,
  type BillingPeriod,
  type ChangePreview,
  type Entitlement,
  type Invoice,
  type PaidPlanId,
  type PlanPrice,
  type Subscription,
} from '@toolkit/domain';
import { paths } from '../repositories/paths';
import type { DocumentStore } from '../store/port';
import type { BillingCheckout, BillingPort, RecordChange } from './port';

export type StripeClient = InstanceType<typeof Stripe>;

export interface StripeBillingOptions {
  secretKey: string;
  /** Another address for Stripe's API, as the tests' fixture server; Stripe itself by default. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

export function createStripeClient({ secretKey, api }: StripeBillingOptions): StripeClient {
  return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...api });
}

/** One subscription as mirrored: its state when the event at `at` (Unix seconds) or later was seen. */
interface MirroredSubscription {
  status: string;
  internalPlanName: string;
  at: number;
  period?: BillingPeriod;
  /** Unix seconds. */
  currentPeriodEnd?: number | null;
  /** When it was first seen past due (Unix seconds); the grace period runs from then. */
  pastDueSince?: number | null;
}

interface Mirror {
  subscriptions: Record<string, MirroredSubscription>;
  entitlements: { keys: string[]; at: number };
  /** Paid checkouts whose plan change is in the audit trail already. */
  recordedCheckouts: Record<string, true>;
}

const EMPTY_MIRROR: Mirror = { subscriptions: {}, entitlements: { keys: [], at: -1 }, recordedCheckouts: {} };

function mirrorOf(data: Record<string, unknown> | null): Mirror {
  if (!data) return EMPTY_MIRROR;
  return {
    subscriptions: (data.subscriptions as Mirror['subscriptions'] | undefined) ?? {},
    entitlements: (data.entitlements as Mirror['entitlements'] | undefined) ?? EMPTY_MIRROR.entitlements,
    recordedCheckouts: (data.recordedCheckouts as Mirror['recordedCheckouts'] | undefined) ?? {},
  };
}

/** A Stripe reference as its id, whether Stripe sent the id or the expanded object. */
export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

function planNameOf(subscription: Stripe.Subscription): string {
  const product = subscription.items.data[0]?.price.product;
  if (!product || typeof product === 'string' || product.deleted) return '';
  return product.metadata.internalPlanName ?? product.name;
}

const PLAN_OF_KEY = new Map(
  PAID_PLAN_IDS.flatMap((planId) =>
    BILLING_PERIODS.map((period) => [priceLookupKey(planId, period), { planId, period }] as const),
  ),
);

const periodOfPrice = (price: Stripe.Price | undefined): BillingPeriod =>
  price?.recurring?.interval === 'year' ? 'year' : 'month';

const isoOf = (seconds: number | null | undefined) =>
  seconds == null ? null : new Date(seconds * 1000).toISOString();

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeError &&
  (error.statusCode === 404 || error.code === 'resource_missing');

const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface StripeBilling extends BillingPort {
  readonly kind: 'stripe';
  /** Mirrors one subscription's current state, unless a state newer than `at` is kept already. */
  syncSubscription(subscriptionId: string, at: number): Promise<void>;
  /** Mirrors the customer's active entitlements, unless a list newer than `at` is kept already. */
  syncEntitlements(customerId: string, at: number): Promise<void>;
}

export function createStripeBilling(stripe: StripeClient, store: DocumentStore): StripeBilling {
  const mirrorPath = paths.stripeCustomer;

  async function priceOf(planId: PaidPlanId, period: BillingPeriod): Promise<string> {
    const key = priceLookupKey(planId, period);
    const { data } = await stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 });
    const price = data[0];
    if (!price) throw new Error(`Stripe has no active price with the lookup key "${key}".`);
    return price.id;
  }

  /** The customer's subscription that a change or portal applies to: active, trialing or past due. */
  async function currentSubscription(customerId: string) {
    for await (const subscription of stripe.subscriptions.list({ customer: customerId })) {
      if (['active', 'trialing', 'past_due'].includes(subscription.status)) {
        const item = subscription.items.data[0];
        if (item) return { subscription, item };
      }
    }
    throw new Error(`The Stripe customer ${customerId} has no subscription to change.`);
  }

  /** The change as Stripe would make it now: prorations invoiced at once. */
  async function changeParams(customerId: string, planId: PaidPlanId, period: BillingPeriod) {
    const [{ subscription, item }, price] = await Promise.all([
      currentSubscription(customerId),
      priceOf(planId, period),
    ]);
    return {
      subscription,
      items: [{ id: item.id, price }],
      proration_behavior: 'always_invoice' as const,
    };
  }

  /** Runs `record` once Stripe has made a change, in a transaction of its own. */
  const recorded = (record: RecordChange | undefined) =>
    record ? store.transaction(async (tx) => record(tx)) : Promise.resolve();

  async function syncSubscription(subscriptionId: string, at: number) {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId, {
      expand: ['items.data.price.product'],
    });
    const customerId = idOf(subscription.customer);
    if (!customerId) return;
    const item = subscription.items.data[0];
    await store.transaction(async (tx) => {
      const mirror = mirrorOf((await tx.get(mirrorPath(customerId))).data);
      const before = mirror.subscriptions[subscription.id];
      // Events arrive in any order: the state seen for a newer event wins. The state fetched now is
      // at least as new as the event that asked for it, so equal times may overwrite.
      if ((before?.at ?? -1) > at) return;
      const pastDue = subscription.status === 'past_due';
      const state: MirroredSubscription = {
        status: subscription.status,
        internalPlanName: planNameOf(subscription),
        at,
        period: periodOfPrice(item?.price),
        currentPeriodEnd: item?.current_period_end ?? null,
        pastDueSince: pastDue ? (before?.status === 'past_due' ? (before.pastDueSince ?? at) : at) : null,
      };
      tx.set(mirrorPath(customerId), {
        ...mirror,
        subscriptions: { ...mirror.subscriptions, [subscription.id]: state },
      });
    });
  }

  async function syncEntitlements(customerId: string, at: number) {
    const keys: string[] = [];
    for await (const entitlement of stripe.entitlements.activeEntitlements.list({ customer: customerId })) {
      keys.push(entitlement.lookup_key);
    }
    await store.transaction(async (tx) => {
      const mirror = mirrorOf((await tx.get(mirrorPath(customerId))).data);
      if (mirror.entitlements.at > at) return;
      tx.set(mirrorPath(customerId), { ...mirror, entitlements: { keys, at } });
    });
  }

  /** Everything of one customer, as Stripe has it now. */
  async function syncCustomer(customerId: string) {
    const at = nowSeconds();
    for await (const subscription of stripe.subscriptions.list({ customer: customerId, status: 'all' })) {
      await syncSubscription(subscription.id, at);
    }
    await syncEntitlements(customerId, at);
  }

  return {
    kind: 'stripe',
    syncSubscription,
    syncEntitlements,
    async createCustomer(tenantId) {
      const customer = await stripe.customers.create(
        { metadata: { tenantId } },
        // Retried first checkouts of one tenant make one customer.
        { idempotencyKey: `customer-for-${tenantId}` },
      );
      return customer.id;
    },
    async createCheckout({ customerId, planId, period, from, successUrl, cancelUrl }) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        line_items: [{ price: await priceOf(planId, period), quantity: 1 }],
        success_url: successUrl,
        cancel_url: cancelUrl,
        metadata: { planId, period, fromPlan: from.plan, fromPeriod: from.period ?? '' },
      });
      if (!session.url) throw new Error(`Stripe gave checkout ${session.id} no URL.`);
      return { id: session.id, url: session.url };
    },
    async getCheckout(sessionId): Promise<BillingCheckout | null> {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const customerId = idOf(session.customer);
      const planId = PAID_PLAN_IDS.find((id) => id === session.metadata?.planId);
      if (!customerId || !planId) return null;
      const status =
        session.payment_status === 'paid' ? 'paid' : session.status === 'expired' ? 'canceled' : 'open';
      // A paid checkout is mirrored at once: the member returning to the app need not wait for the webhook.
      if (status === 'paid') await syncCustomer(customerId);
      const metadata = session.metadata ?? {};
      const period = metadata.period === 'year' ? 'year' : 'month';
      const fromPeriod = BILLING_PERIODS.find((known) => known === metadata.fromPeriod) ?? null;
      const from = metadata.fromPlan ? { plan: metadata.fromPlan, period: fromPeriod } : null;
      return { id: session.id, customerId, planId, period, status, from };
    },
    async recordPaidCheckout(checkout, record) {
      await store.transaction(async (tx) => {
        const mirror = mirrorOf((await tx.get(mirrorPath(checkout.customerId))).data);
        if (mirror.recordedCheckouts[checkout.id]) return;
        tx.set(mirrorPath(checkout.customerId), {
          ...mirror,
          recordedCheckouts: { ...mirror.recordedCheckouts, [checkout.id]: true },
        });
        record(tx);
      });
    },
    async listPrices(): Promise<PlanPrice[]> {
      const { data } = await stripe.prices.list({ lookup_keys: PRICE_LOOKUP_KEYS, active: true, limit: 100 });
      return data.flatMap((price) => {
        const plan = price.lookup_key ? PLAN_OF_KEY.get(price.lookup_key) : undefined;
        if (!plan || price.unit_amount == null) return [];
        return [
          {
            ...plan,
            lookupKey: price.lookup_key!,
            amount: price.unit_amount,
            currency: price.currency,
            taxIncluded: price.tax_behavior === 'inclusive',
          },
        ];
      });
    },
    async listInvoices(customerId): Promise<Invoice[]> {
      const { data } = await stripe.invoices.list({ customer: customerId, limit: 24 });
      return data.map((invoice) => ({
        id: invoice.id ?? '',
        number: invoice.number,
        date: isoOf(invoice.created)!,
        amount: invoice.total,
        currency: invoice.currency,
        status: INVOICE_STATES.find((state) => state === invoice.status) ?? 'draft',
        description: invoice.lines.data[0]?.description ?? '',
        url: invoice.invoice_pdf ?? invoice.hosted_invoice_url ?? null,
      }));
    },
    async previewChange(customerId, planId, period): Promise<ChangePreview> {
      const { subscription, ...details } = await changeParams(customerId, planId, period);
      const preview = await stripe.invoices.createPreview({
        customer: customerId,
        subscription: subscription.id,
        subscription_details: details,
      });
      const amounts = preview.lines.data.map((line) => line.amount);
      const charged = preview.lines.data.filter((line) => line.amount > 0);
      return {
        credit: -amounts.filter((amount) => amount < 0).reduce((sum, amount) => sum + amount, 0),
        charge: amounts.filter((amount) => amount > 0).reduce((sum, amount) => sum + amount, 0),
        total: preview.total,
        currency: preview.currency,
        renewsAt: isoOf(charged[charged.length - 1]?.period.end),
      };
    },
    async changeSubscription(customerId, planId, period, record) {
      const { subscription, ...details } = await changeParams(customerId, planId, period);
      await stripe.subscriptions.update(subscription.id, { ...details, metadata: { planId, period } });
      await syncCustomer(customerId);
      await recorded(record);
    },
    async openPortal(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return { url: session.url };
    },
    async listSubscriptions(customerId): Promise<Subscription[]> {
      const { subscriptions } = mirrorOf((await store.get(mirrorPath(customerId))).data);
      return Object.values(subscriptions).map((kept) => ({
        status: kept.status,
        product: { internalPlanName: kept.internalPlanName },
        period: kept.period ?? null,
        currentPeriodEnd: isoOf(kept.currentPeriodEnd),
        graceUntil:
          kept.status === 'past_due' && kept.pastDueSince != null
            ? graceUntil(new Date(kept.pastDueSince * 1000))
            : null,
      }));
    },
    async listEntitlements(customerId): Promise<Entitlement[]> {
      const { entitlements } = mirrorOf((await store.get(mirrorPath(customerId))).data);
      return entitlements.keys.map((key) => ({ lookup_key: key }));
    },
    async cancelSubscriptions(customerId, record) {
      let ended = false;
      for await (const subscription of stripe.subscriptions.list({ customer: customerId })) {
        if (['active', 'trialing', 'past_due'].includes(subscription.status)) {
          await stripe.subscriptions.cancel(subscription.id);
          ended = true;
        }
      }
      await syncCustomer(customerId);
      if (ended) await recorded(record);
    },
  };
}
