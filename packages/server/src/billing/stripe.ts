// Production's billing on Stripe. Checkouts and cancellations go to Stripe's API; a tenant's
// subscriptions and entitlements are read from a mirror in the store that Stripe's webhooks (and a
// sync after checkout or cancel) keep current, so resolving a plan at sign-in or on a role grant
// costs one document read, not a round trip to Stripe.
//
// Set up in Stripe: one Price per paid plan with the plan id as its lookup_key (`growth`,
// `leader`); its Product carries metadata.internalPlanName (`Growth`, `Leader`) and the Features
// whose lookup keys are the entitlement keys of domain's PLAN_OFFERS.
import Stripe from 'stripe';
import { PAID_PLAN_IDS, type Entitlement, type PaidPlanId, type Subscription } from '@toolkit/domain';
import { paths } from '../repositories/paths';
import type { DocumentStore } from '../store/port';
import type { BillingCheckout, BillingPort } from './port';

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
}

interface Mirror {
  subscriptions: Record<string, MirroredSubscription>;
  entitlements: { keys: string[]; at: number };
}

const EMPTY_MIRROR: Mirror = { subscriptions: {}, entitlements: { keys: [], at: -1 } };

function mirrorOf(data: Record<string, unknown> | null): Mirror {
  if (!data) return EMPTY_MIRROR;
  return {
    subscriptions: (data.subscriptions as Mirror['subscriptions'] | undefined) ?? {},
    entitlements: (data.entitlements as Mirror['entitlements'] | undefined) ?? EMPTY_MIRROR.entitlements,
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

  async function priceOf(planId: PaidPlanId): Promise<string> {
    const { data } = await stripe.prices.list({ lookup_keys: [planId], active: true, limit: 1 });
    const price = data[0];
    if (!price) throw new Error(`Stripe has no active price with the lookup key "${planId}".`);
    return price.id;
  }

  async function syncSubscription(subscriptionId: string, at: number) {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId, {
      expand: ['items.data.price.product'],
    });
    const customerId = idOf(subscription.customer);
    if (!customerId) return;
    const state = { status: subscription.status, internalPlanName: planNameOf(subscription), at };
    await store.transaction(async (tx) => {
      const mirror = mirrorOf((await tx.get(mirrorPath(customerId))).data);
      // Events arrive in any order: the state seen for a newer event wins. The state fetched now is
      // at least as new as the event that asked for it, so equal times may overwrite.
      if ((mirror.subscriptions[subscription.id]?.at ?? -1) > at) return;
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
    async createCheckout({ customerId, planId, successUrl, cancelUrl }) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        line_items: [{ price: await priceOf(planId), quantity: 1 }],
        success_url: successUrl,
        cancel_url: cancelUrl,
        metadata: { planId },
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
      return { id: session.id, customerId, planId, status };
    },
    async listSubscriptions(customerId): Promise<Subscription[]> {
      const { subscriptions } = mirrorOf((await store.get(mirrorPath(customerId))).data);
      return Object.values(subscriptions).map(({ status, internalPlanName }) => ({
        status,
        product: { internalPlanName },
      }));
    },
    async listEntitlements(customerId): Promise<Entitlement[]> {
      const { entitlements } = mirrorOf((await store.get(mirrorPath(customerId))).data);
      return entitlements.keys.map((key) => ({ lookup_key: key }));
    },
    async cancelSubscriptions(customerId) {
      for await (const subscription of stripe.subscriptions.list({ customer: customerId })) {
        if (subscription.status === 'active' || subscription.status === 'trialing') {
          await stripe.subscriptions.cancel(subscription.id);
        }
      }
      await syncCustomer(customerId);
    },
  };
}
