// The local billing sandbox, the default for `npm start`: the same plans and entitlement keys as
// production, kept in the document store. Its checkout page is the app's own
// /dashboard/plans/sandbox/{id}, which pays or cancels and returns to the app as Stripe would.
import { PLAN_OFFERS, type Entitlement, type PaidPlanId, type Subscription } from '@toolkit/domain';
import { paths } from '../repositories/paths';
import { FieldValue, type DocumentStore } from '../store/port';
import type { BillingCheckout, SandboxBilling } from './port';

const offerOf = (planId: unknown) => PLAN_OFFERS.find((offer) => offer.id === planId && offer.id !== 'free');

function checkoutOf(id: string, data: Record<string, unknown> | null): BillingCheckout | null {
  if (!data || !offerOf(data.planId) || typeof data.customerId !== 'string') return null;
  const status = data.status === 'paid' || data.status === 'canceled' ? data.status : 'open';
  return { id, customerId: data.customerId, planId: data.planId as PaidPlanId, status };
}

export function createSandboxBilling(store: DocumentStore, appUrl: string): SandboxBilling {
  const app = appUrl.replace(/\/+$/, '');
  return {
    kind: 'sandbox',
    async createCustomer(tenantId) {
      const id = `cus_sandbox_${store.newId()}`;
      await store.create(paths.sandboxCustomer(id), { tenantId, createdAt: FieldValue.serverTimestamp() });
      return id;
    },
    async createCheckout({ customerId, planId, successUrl, cancelUrl }) {
      const id = `cs_sandbox_${store.newId()}`;
      await store.create(paths.sandboxSession(id), {
        customerId,
        planId,
        status: 'open',
        successUrl: successUrl.replace('{CHECKOUT_SESSION_ID}', id),
        cancelUrl,
        createdAt: FieldValue.serverTimestamp(),
      });
      return { id, url: `${app}/dashboard/plans/sandbox/${id}` };
    },
    async getCheckout(sessionId) {
      return checkoutOf(sessionId, (await store.get(paths.sandboxSession(sessionId))).data);
    },
    async listSubscriptions(customerId): Promise<Subscription[]> {
      const { data } = await store.get(paths.sandboxSubscription(customerId));
      const offer = offerOf(data?.planId);
      if (!data || !offer) return [];
      return [{ status: String(data.status), product: { internalPlanName: offer.name } }];
    },
    async listEntitlements(customerId): Promise<Entitlement[]> {
      const { data } = await store.get(paths.sandboxSubscription(customerId));
      const offer = offerOf(data?.planId);
      if (data?.status !== 'active' || !offer) return [];
      // Stripe's active entitlements name their feature's lookup key under `feature`.
      return offer.entitlements.map((key) => ({ feature: { lookup_key: key }, value: true }));
    },
    async cancelSubscriptions(customerId) {
      const path = paths.sandboxSubscription(customerId);
      await store.transaction(async (tx) => {
        const { data } = await tx.get(path);
        if (data?.status === 'active') {
          tx.update(path, { status: 'canceled', canceledAt: FieldValue.serverTimestamp() });
        }
      });
    },
    async finishCheckout(sessionId, pay) {
      const path = paths.sandboxSession(sessionId);
      return store.transaction(async (tx) => {
        const { data } = await tx.get(path);
        const checkout = checkoutOf(sessionId, data);
        if (!checkout) return null;
        const returnUrlOf = (status: BillingCheckout['status']) =>
          String(status === 'paid' ? data?.successUrl : data?.cancelUrl);
        // A finished session stays as it ended: paying twice buys nothing twice.
        if (checkout.status !== 'open') return { checkout, returnUrl: returnUrlOf(checkout.status) };
        const status = pay ? 'paid' : 'canceled';
        tx.update(path, { status, finishedAt: FieldValue.serverTimestamp() });
        // Paying starts (or replaces) the customer's one subscription.
        if (pay) {
          tx.set(paths.sandboxSubscription(checkout.customerId), {
            planId: checkout.planId,
            status: 'active',
            startedAt: FieldValue.serverTimestamp(),
          });
        }
        return { checkout: { ...checkout, status }, returnUrl: returnUrlOf(status) };
      });
    },
  };
}
