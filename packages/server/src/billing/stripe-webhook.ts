// Stripe's webhook: the signature is checked on the raw body before anything is read; an event
// already processed (by id) is acknowledged and ignored; subscription, checkout and entitlement
// events refresh the store's mirror (./stripe.ts), where the newest state wins whatever the order
// of delivery. An event that fails is answered 500 and not marked, so Stripe delivers it again.
import Stripe from 'stripe';
import { paths } from '../repositories/paths';
import { FieldValue, type DocumentStore } from '../store/port';
import { idOf, type StripeBilling, type StripeClient } from './stripe';

export interface WebhookAnswer {
  status: number;
  body: { received: boolean; duplicate?: boolean; error?: string };
}

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
]);

export function createStripeWebhook(deps: {
  stripe: StripeClient;
  billing: StripeBilling;
  store: DocumentStore;
  secret: string;
  log?: (message: string) => void;
}) {
  const { stripe, billing, store, secret, log } = deps;

  async function apply(event: Stripe.Event) {
    const object = event.data.object as unknown as Record<string, unknown>;
    if (SUBSCRIPTION_EVENTS.has(event.type)) {
      await billing.syncSubscription(String(object.id), event.created);
    } else if (event.type === 'checkout.session.completed') {
      const subscriptionId = idOf(object.subscription as string | null);
      const customerId = idOf(object.customer as string | null);
      if (subscriptionId) await billing.syncSubscription(subscriptionId, event.created);
      if (customerId) await billing.syncEntitlements(customerId, event.created);
    } else if (event.type === 'entitlements.active_entitlement_summary.updated') {
      await billing.syncEntitlements(String(object.customer), event.created);
    }
  }

  return async function handle(
    rawBody: Buffer | string,
    signature: string | undefined,
  ): Promise<WebhookAnswer> {
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature ?? '', secret);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { status: 400, body: { received: false, error: `Webhook signature refused: ${reason}` } };
    }
    const marker = paths.stripeEvent(event.id);
    if ((await store.get(marker)).data) return { status: 200, body: { received: true, duplicate: true } };
    try {
      await apply(event);
    } catch (error) {
      log?.(
        `[stripe] ${event.type} ${event.id} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return {
        status: 500,
        body: { received: false, error: 'The event could not be processed; deliver it again.' },
      };
    }
    // Marked once applied; two deliveries at once both apply, which is harmless: each one reads
    // Stripe's current state and the mirror keeps the newest.
    await store.set(marker, {
      type: event.type,
      created: event.created,
      processedAt: FieldValue.serverTimestamp(),
    });
    return { status: 200, body: { received: true } };
  };
}

export type StripeWebhookHandler = ReturnType<typeof createStripeWebhook>;
