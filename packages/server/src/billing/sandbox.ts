// The local billing sandbox, the default for `npm start`: the same plans, prices and entitlement
// keys as production, kept in the document store. Its checkout page is the app's own
// /dashboard/plans/sandbox/{id}, which pays or cancels and returns to the app as Stripe would; its
// portal and receipts are the app's /dashboard/plans/sandbox-portal and /dashboard/plans/receipts/{id}.
import {
  graceUntil,
  isPaidSubscription,
  PAID_PLAN_IDS,
  PLAN_OFFERS,
  priceLookupKey,
  type BillingPeriod,
  type ChangePreview,
  type Entitlement,
  type Invoice,
  type PaidPlanId,
  type PlanPrice,
  type SandboxCard,
  type Subscription,
} from '@toolkit/domain';
import { paths } from '../repositories/paths';
import { FieldValue, type DocumentStore } from '../store/port';
import type { BillingCheckout, SandboxBilling } from './port';

/** The sandbox's price list, as production's Stripe Prices: AUD cents, GST included. */
const PRICE_TABLE: Record<PaidPlanId, Record<BillingPeriod, number>> = {
  growth: { month: 4_900, year: 49_000 },
  leader: { month: 14_900, year: 149_000 },
};

export const SANDBOX_PRICES: readonly PlanPrice[] = PAID_PLAN_IDS.flatMap((planId) =>
  (['month', 'year'] as const).map((period) => ({
    planId,
    period,
    lookupKey: priceLookupKey(planId, period),
    amount: PRICE_TABLE[planId][period],
    currency: 'aud',
    taxIncluded: true,
  })),
);

const DAY = 86_400_000;
const CARDS: Record<SandboxCard['last4'], string> = { '4242': 'Visa', '4444': 'Mastercard' };

const offerOf = (planId: unknown) => PLAN_OFFERS.find((offer) => offer.id === planId && offer.id !== 'free');
const periodOf = (value: unknown): BillingPeriod => (value === 'year' ? 'year' : 'month');

function addPeriod(from: number, period: BillingPeriod): string {
  const date = new Date(from);
  if (period === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString();
}

function checkoutOf(id: string, data: Record<string, unknown> | null): BillingCheckout | null {
  if (!data || !offerOf(data.planId) || typeof data.customerId !== 'string') return null;
  const status = data.status === 'paid' || data.status === 'canceled' ? data.status : 'open';
  const from = data.from as BillingCheckout['from'] | undefined;
  return {
    id,
    customerId: data.customerId,
    planId: data.planId as PaidPlanId,
    period: periodOf(data.period),
    status,
    from: from ?? null,
  };
}

/** The one subscription of a customer as kept. */
interface Kept {
  planId: PaidPlanId;
  period: BillingPeriod;
  status: string;
  periodStart: string;
  periodEnd: string;
  pastDueSince: string | null;
}

function keptOf(data: Record<string, unknown> | null): Kept | null {
  if (!data || !offerOf(data.planId)) return null;
  return {
    planId: data.planId as PaidPlanId,
    period: periodOf(data.period),
    status: String(data.status),
    periodStart: String(data.periodStart ?? new Date(0).toISOString()),
    periodEnd: String(data.periodEnd ?? new Date(0).toISOString()),
    pastDueSince: typeof data.pastDueSince === 'string' ? data.pastDueSince : null,
  };
}

function subscriptionOf(kept: Kept): Subscription {
  return {
    status: kept.status,
    product: { internalPlanName: offerOf(kept.planId)!.name },
    period: kept.period,
    currentPeriodEnd: kept.periodEnd,
    graceUntil:
      kept.status === 'past_due' && kept.pastDueSince ? graceUntil(new Date(kept.pastDueSince)) : null,
  };
}

const priceOf = (planId: PaidPlanId, period: BillingPeriod) => PRICE_TABLE[planId][period];

/** Proration by the whole days left of the current period (Stripe prorates by the second). */
function prorate(kept: Kept, planId: PaidPlanId, period: BillingPeriod, now: number) {
  const start = Date.parse(kept.periodStart);
  const end = Date.parse(kept.periodEnd);
  const periodDays = Math.max(1, Math.round((end - start) / DAY));
  const daysLeft = Math.min(periodDays, Math.max(0, Math.ceil((end - now) / DAY)));
  const credit = Math.round((priceOf(kept.planId, kept.period) * daysLeft) / periodDays);
  // The same period keeps its renewal date; another period starts a new one now, as on Stripe.
  const samePeriod = period === kept.period;
  const charge = samePeriod
    ? Math.round((priceOf(planId, period) * daysLeft) / periodDays)
    : priceOf(planId, period);
  const periodStart = samePeriod ? kept.periodStart : new Date(now).toISOString();
  const periodEnd = samePeriod ? kept.periodEnd : addPeriod(now, period);
  return { credit, charge, total: charge - credit, periodStart, periodEnd };
}

interface StoredInvoice {
  id: string;
  number: string;
  date: string;
  amount: number;
  status: Invoice['status'];
  description: string;
}

const invoicesOf = (customer: Record<string, unknown> | null) =>
  (customer?.invoices as StoredInvoice[] | undefined) ?? [];

export function createSandboxBilling(store: DocumentStore, appUrl: string): SandboxBilling {
  const app = appUrl.replace(/\/+$/, '');
  const invoiceOf = (stored: StoredInvoice): Invoice => ({
    ...stored,
    currency: 'aud',
    url: `${app}/dashboard/plans/receipts/${stored.id}`,
  });

  /** The customer's invoices with one more, numbered in order. */
  function withInvoice(
    customer: Record<string, unknown> | null,
    invoice: Omit<StoredInvoice, 'id' | 'number' | 'date'>,
  ): StoredInvoice[] {
    const invoices = invoicesOf(customer);
    const number = `SANDBOX-${String(invoices.length + 1).padStart(4, '0')}`;
    const id = `in_sandbox_${store.newId()}`;
    return [...invoices, { id, number, date: new Date().toISOString(), ...invoice }];
  }

  const describe = (planId: PaidPlanId, period: BillingPeriod) =>
    `${offerOf(planId)!.name} plan, ${period === 'year' ? 'yearly' : 'monthly'}`;

  async function kept(customerId: string) {
    return keptOf((await store.get(paths.sandboxSubscription(customerId))).data);
  }

  return {
    kind: 'sandbox',
    async createCustomer(tenantId) {
      const id = `cus_sandbox_${store.newId()}`;
      await store.create(paths.sandboxCustomer(id), {
        tenantId,
        invoices: [],
        createdAt: FieldValue.serverTimestamp(),
      });
      return id;
    },
    async createCheckout({ customerId, planId, period, from, successUrl, cancelUrl }) {
      const id = `cs_sandbox_${store.newId()}`;
      await store.create(paths.sandboxSession(id), {
        customerId,
        planId,
        period,
        from,
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
    async recordPaidCheckout() {
      // Recorded when the sandbox's page paid it (finishCheckout).
    },
    async listPrices() {
      return SANDBOX_PRICES;
    },
    async listSubscriptions(customerId): Promise<Subscription[]> {
      const subscription = await kept(customerId);
      return subscription ? [subscriptionOf(subscription)] : [];
    },
    async listEntitlements(customerId): Promise<Entitlement[]> {
      const subscription = await kept(customerId);
      if (!subscription || !isPaidSubscription(subscriptionOf(subscription))) return [];
      // Stripe's active entitlements name their feature's lookup key under `feature`.
      return offerOf(subscription.planId)!.entitlements.map((key) => ({
        feature: { lookup_key: key },
        value: true,
      }));
    },
    async listInvoices(customerId) {
      const { data } = await store.get(paths.sandboxCustomer(customerId));
      return invoicesOf(data).map(invoiceOf).reverse();
    },
    async previewChange(customerId, planId, period): Promise<ChangePreview> {
      const subscription = await kept(customerId);
      if (!subscription) throw new Error(`The sandbox customer ${customerId} has no subscription.`);
      const { credit, charge, total, periodEnd } = prorate(subscription, planId, period, Date.now());
      return { credit, charge, total, currency: 'aud', renewsAt: periodEnd };
    },
    async changeSubscription(customerId, planId, period, record) {
      await store.transaction(async (tx) => {
        const subscription = keptOf((await tx.get(paths.sandboxSubscription(customerId))).data);
        const customer = (await tx.get(paths.sandboxCustomer(customerId))).data;
        if (!subscription) throw new Error(`The sandbox customer ${customerId} has no subscription.`);
        const { total, periodStart, periodEnd } = prorate(subscription, planId, period, Date.now());
        tx.update(paths.sandboxSubscription(customerId), { planId, period, periodStart, periodEnd });
        // What is left over after the credit stays with the customer for later invoices.
        tx.update(paths.sandboxCustomer(customerId), {
          invoices: withInvoice(customer, {
            amount: Math.max(0, total),
            status: 'paid',
            description: `${describe(planId, period)}, prorated`,
          }),
        });
        record?.(tx);
      });
    },
    async cancelSubscriptions(customerId, record) {
      const path = paths.sandboxSubscription(customerId);
      await store.transaction(async (tx) => {
        const { data } = await tx.get(path);
        if (data?.status === 'active' || data?.status === 'past_due') {
          tx.update(path, { status: 'canceled', canceledAt: FieldValue.serverTimestamp() });
          record?.(tx);
        }
      });
    },
    async openPortal() {
      return { url: `${app}/dashboard/plans/sandbox-portal` };
    },
    async finishCheckout(sessionId, pay, record) {
      const path = paths.sandboxSession(sessionId);
      return store.transaction(async (tx) => {
        const { data } = await tx.get(path);
        const checkout = checkoutOf(sessionId, data);
        if (!checkout) return null;
        const customer = (await tx.get(paths.sandboxCustomer(checkout.customerId))).data;
        const returnUrlOf = (status: BillingCheckout['status']) =>
          String(status === 'paid' ? data?.successUrl : data?.cancelUrl);
        // A finished session stays as it ended: paying twice buys nothing twice.
        if (checkout.status !== 'open') return { checkout, returnUrl: returnUrlOf(checkout.status) };
        const status = pay ? 'paid' : 'canceled';
        tx.update(path, { status, finishedAt: FieldValue.serverTimestamp() });
        // Paying starts (or replaces) the customer's one subscription, with its first invoice.
        if (pay) {
          const now = Date.now();
          tx.set(paths.sandboxSubscription(checkout.customerId), {
            planId: checkout.planId,
            period: checkout.period,
            status: 'active',
            periodStart: new Date(now).toISOString(),
            periodEnd: addPeriod(now, checkout.period),
            pastDueSince: null,
            startedAt: FieldValue.serverTimestamp(),
          });
          tx.update(paths.sandboxCustomer(checkout.customerId), {
            card: customer?.card ?? { brand: CARDS['4242'], last4: '4242' },
            invoices: withInvoice(customer, {
              amount: priceOf(checkout.planId, checkout.period),
              status: 'paid',
              description: describe(checkout.planId, checkout.period),
            }),
          });
          record?.(tx, checkout);
        }
        return { checkout: { ...checkout, status }, returnUrl: returnUrlOf(status) };
      });
    },
    async portal(customerId) {
      const [{ data }, subscription] = await Promise.all([
        store.get(paths.sandboxCustomer(customerId)),
        kept(customerId),
      ]);
      return {
        card: (data?.card as SandboxCard | undefined) ?? null,
        pastDue: subscription?.status === 'past_due',
      };
    },
    async replaceCard(customerId, last4) {
      const card: SandboxCard = { brand: CARDS[last4], last4 };
      await store.transaction(async (tx) => {
        const customer = (await tx.get(paths.sandboxCustomer(customerId))).data;
        const subscription = keptOf((await tx.get(paths.sandboxSubscription(customerId))).data);
        // The new card pays what is owed at once, as Stripe retries an open invoice on a new card.
        const invoices = invoicesOf(customer).map((invoice) =>
          invoice.status === 'open' ? { ...invoice, status: 'paid' as const } : invoice,
        );
        tx.update(paths.sandboxCustomer(customerId), { card, invoices });
        if (subscription?.status === 'past_due') {
          const now = Date.now();
          tx.update(paths.sandboxSubscription(customerId), {
            status: 'active',
            pastDueSince: null,
            periodStart: new Date(now).toISOString(),
            periodEnd: addPeriod(now, subscription.period),
          });
        }
      });
      return card;
    },
    async invoice(customerId, invoiceId) {
      const { data } = await store.get(paths.sandboxCustomer(customerId));
      const found = invoicesOf(data).find((invoice) => invoice.id === invoiceId);
      return found ? invoiceOf(found) : null;
    },
    async failRenewal(customerId, at = new Date()) {
      await store.transaction(async (tx) => {
        const customer = (await tx.get(paths.sandboxCustomer(customerId))).data;
        const subscription = keptOf((await tx.get(paths.sandboxSubscription(customerId))).data);
        if (subscription?.status !== 'active') return;
        tx.update(paths.sandboxSubscription(customerId), {
          status: 'past_due',
          pastDueSince: at.toISOString(),
        });
        tx.update(paths.sandboxCustomer(customerId), {
          invoices: withInvoice(customer, {
            amount: priceOf(subscription.planId, subscription.period),
            status: 'open',
            description: `${describe(subscription.planId, subscription.period)}, renewal`,
          }),
        });
      });
    },
  };
}
