// A local HTTP server that speaks the part of Stripe's API the billing adapter uses, in Stripe's
// wire format (form-encoded requests with bracketed keys, JSON objects and lists, `error` bodies
// with 4xx statuses, bearer keys), so the adapter is tested through the real `stripe` client.
// The test plays the customer and Stripe's dashboard: `pay` completes a checkout, `cancel` ends a
// subscription, `failRenewal` fails a renewal's payment; each change returns the events Stripe
// would send, for the test to sign and deliver. Prorations are computed by seconds left, as Stripe's.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BILLING_PERIODS, PLAN_OFFERS, priceLookupKey, type PaidPlanId } from '@toolkit/domain';

type Obj = Record<string, unknown>;

export interface FixtureEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: Obj };
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
}

export interface StripeFixture {
  api: { host: string; port: number; protocol: 'http' };
  secretKey: string;
  /** Requests seen, as `METHOD /path`. */
  requests: string[];
  /** The customer pays an open checkout: a subscription and its entitlements begin. */
  pay(sessionId: string): { subscriptionId: string; events: FixtureEvent[] };
  /** The subscription ends (as from Stripe's dashboard). */
  cancel(subscriptionId: string): FixtureEvent[];
  /** The renewal's payment fails: the subscription is past due and its invoice open. */
  failRenewal(subscriptionId: string): FixtureEvent[];
  /** Moves a subscription's current period so that `secondsLeft` of it remain. */
  setPeriod(subscriptionId: string, secondsLeft: number): void;
  subscription(id: string): Obj | undefined;
  close(): Promise<void>;
}

/** `a[b][0][c]=v` pairs into nested objects (lists stay objects keyed "0", "1"…). */
function decodeForm(text: string): Obj {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Obj;
    });
  }
  return out;
}

/** The operator's prices in this fixture: not the sandbox's, so a test sees they come from Stripe. */
export const FIXTURE_PRICES: Record<PaidPlanId, Record<'month' | 'year', number>> = {
  growth: { month: 5_900, year: 59_000 },
  leader: { month: 15_900, year: 159_000 },
};

const PERIOD_SECONDS = { month: 30 * 86_400, year: 365 * 86_400 } as const;

const valuesOf = (maybeList: unknown) => (maybeList ? Object.values(maybeList as Obj).map(String) : []);

export async function startStripeFixture(): Promise<StripeFixture> {
  const secretKey = 'sk_test_fixture';
  const requests: string[] = [];
  const now = () => Math.floor(Date.now() / 1000);
  // Events are stamped now, each later than the one before, as Stripe's follow its changes.
  let clock = now();
  let sequence = 0;
  const newId = (prefix: string) => `${prefix}_${(++sequence).toString(36).padStart(8, '0')}`;

  // The catalogue as the operator sets it up (see billing/stripe.ts).
  const products = new Map<string, Obj>();
  const prices = new Map<string, Obj>();
  const featuresOf = new Map<string, string[]>();
  for (const offer of PLAN_OFFERS) {
    if (offer.id === 'free') continue;
    const product = `prod_${offer.id}`;
    products.set(product, {
      id: product,
      object: 'product',
      name: `${offer.name} plan`,
      active: true,
      metadata: { internalPlanName: offer.name },
    });
    for (const period of BILLING_PERIODS) {
      const id = `price_${offer.id}_${period}`;
      prices.set(id, {
        id,
        object: 'price',
        active: true,
        lookup_key: priceLookupKey(offer.id as PaidPlanId, period),
        product,
        currency: 'aud',
        unit_amount: FIXTURE_PRICES[offer.id as PaidPlanId][period],
        tax_behavior: 'inclusive',
        recurring: { interval: period },
      });
    }
    featuresOf.set(product, [...offer.entitlements]);
  }
  const customers = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const idempotent = new Map<string, Obj>();
  const invoices: Obj[] = [];
  const intervalOf = (priceId: unknown) =>
    (prices.get(String(priceId))!.recurring as { interval: 'month' | 'year' }).interval;

  function invoice(customer: unknown, subscription: unknown, status: string, lines: Obj[]): Obj {
    const id = newId('in');
    const total = lines.reduce((sum, line) => sum + Number(line.amount), 0);
    const created: Obj = {
      id,
      object: 'invoice',
      customer,
      subscription,
      number: `FIX-${String(invoices.length + 1).padStart(4, '0')}`,
      created: now(),
      currency: 'aud',
      total,
      amount_due: Math.max(0, total),
      status,
      hosted_invoice_url: `https://invoice.stripe.test/i/${id}`,
      invoice_pdf: `https://pay.stripe.test/invoice/${id}/pdf`,
      lines: list(`/v1/invoices/${id}/lines`, lines),
    };
    invoices.push(created);
    return created;
  }

  const line = (amount: number, description: string, end: number): Obj => ({
    object: 'line_item',
    amount,
    currency: 'aud',
    description,
    period: { start: now(), end },
  });

  /** The lines Stripe would invoice for moving a subscription to another price now. */
  function prorationLines(subscription: Obj, priceId: string): Obj[] {
    const start = Number(subscription.current_period_start);
    const end = Number(subscription.current_period_end);
    const left = Math.max(0, end - now()) / (end - start);
    const old = prices.get(String(subscription.price))!;
    const next = prices.get(priceId)!;
    const samePeriod = intervalOf(priceId) === intervalOf(subscription.price);
    return [
      line(-Math.round(Number(old.unit_amount) * left), 'Unused time', end),
      samePeriod
        ? line(Math.round(Number(next.unit_amount) * left), 'Remaining time', end)
        : line(Number(next.unit_amount), 'New period', now() + PERIOD_SECONDS[intervalOf(priceId)]),
    ];
  }

  const list = (url: string, data: Obj[]) => ({ object: 'list', url, has_more: false, data });

  function event(type: string, object: Obj): FixtureEvent {
    return {
      id: newId('evt'),
      object: 'event',
      type,
      created: (clock = Math.max(clock + 1, now())),
      data: { object: structuredClone(object) },
      api_version: '2026-10-28.endive',
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
  }

  function subscriptionView(subscription: Obj, expandProduct: boolean): Obj {
    const price = prices.get(String(subscription.price))!;
    return {
      ...subscription,
      items: list('/v1/subscription_items', [
        {
          id: `si_${String(subscription.id)}`,
          object: 'subscription_item',
          price: { ...price, product: expandProduct ? products.get(String(price.product)) : price.product },
          quantity: 1,
          current_period_start: subscription.current_period_start,
          current_period_end: subscription.current_period_end,
        },
      ]),
    };
  }

  function activeEntitlements(customerId: string) {
    const keys = new Set<string>();
    for (const subscription of subscriptions.values()) {
      if (
        subscription.customer !== customerId ||
        !['active', 'past_due'].includes(String(subscription.status))
      )
        continue;
      const product = String(prices.get(String(subscription.price))!.product);
      for (const key of featuresOf.get(product) ?? []) keys.add(key);
    }
    return [...keys].map((key) => ({
      id: `ent_${customerId}_${key}`,
      object: 'entitlements.active_entitlement',
      feature: `feat_${key}`,
      livemode: false,
      lookup_key: key,
    }));
  }

  const missing = (kind: string, id: string) => ({
    status: 404,
    body: {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'id',
        message: `No such ${kind}: '${id}'`,
      },
    },
  });

  function route(method: string, pathname: string, params: Obj): { status: number; body: unknown } {
    const ok = (body: unknown) => ({ status: 200, body });
    let match: RegExpMatchArray | null;
    if (method === 'POST' && pathname === '/v1/customers') {
      const customer = { id: newId('cus'), object: 'customer', metadata: params.metadata ?? {} };
      customers.set(customer.id, customer);
      return ok(customer);
    }
    if (method === 'GET' && pathname === '/v1/prices') {
      const keys = valuesOf(params.lookup_keys);
      return ok(
        list(
          '/v1/prices',
          [...prices.values()].filter((price) => keys.includes(String(price.lookup_key))),
        ),
      );
    }
    if (method === 'POST' && pathname === '/v1/checkout/sessions') {
      const customer = String(params.customer);
      if (!customers.has(customer)) return missing('customer', customer);
      const items = params.line_items as Record<string, Obj> | undefined;
      const price = String(items?.['0']?.price);
      if (!prices.has(price)) return missing('price', price);
      const id = newId('cs_test');
      const session = {
        id,
        object: 'checkout.session',
        mode: params.mode,
        customer,
        price,
        status: 'open',
        payment_status: 'unpaid',
        subscription: null,
        metadata: params.metadata ?? {},
        success_url: String(params.success_url).replace('{CHECKOUT_SESSION_ID}', id),
        cancel_url: params.cancel_url,
        url: `https://checkout.stripe.test/c/pay/${id}`,
      };
      sessions.set(id, session);
      return ok(session);
    }
    if ((match = pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)$/)) && method === 'GET') {
      const session = sessions.get(match[1]!);
      return session ? ok(session) : missing('checkout.session', match[1]!);
    }
    if (method === 'GET' && pathname === '/v1/subscriptions') {
      const status = String(params.status ?? 'active-like');
      const found = [...subscriptions.values()].filter(
        (subscription) =>
          subscription.customer === params.customer &&
          (status === 'all' ||
            (status === 'active-like' ? subscription.status !== 'canceled' : subscription.status === status)),
      );
      return ok(
        list(
          '/v1/subscriptions',
          found.map((subscription) => subscriptionView(subscription, false)),
        ),
      );
    }
    if ((match = pathname.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) return missing('subscription', match[1]!);
      if (method === 'DELETE') {
        cancel(String(subscription.id));
        return ok(subscriptionView(subscription, false));
      }
      if (method === 'POST') {
        const items = params.items as Record<string, Obj> | undefined;
        const priceId = String(items?.['0']?.price);
        if (!prices.has(priceId)) return missing('price', priceId);
        const lines = prorationLines(subscription, priceId);
        if (intervalOf(priceId) !== intervalOf(subscription.price)) {
          subscription.current_period_start = now();
          subscription.current_period_end = now() + PERIOD_SECONDS[intervalOf(priceId)];
        }
        subscription.price = priceId;
        subscription.metadata = params.metadata ?? subscription.metadata;
        invoice(subscription.customer, subscription.id, 'paid', lines);
        return ok(subscriptionView(subscription, false));
      }
      const expand = valuesOf(params.expand).some((path) => path.endsWith('price.product'));
      return ok(subscriptionView(subscription, expand));
    }
    if (method === 'GET' && pathname === '/v1/invoices') {
      const found = invoices.filter((invoice) => invoice.customer === params.customer).reverse();
      return ok(list('/v1/invoices', found));
    }
    if (method === 'POST' && pathname === '/v1/invoices/create_preview') {
      const subscription = subscriptions.get(String(params.subscription));
      if (!subscription) return missing('subscription', String(params.subscription));
      const details = params.subscription_details as { items?: Record<string, Obj> } | undefined;
      const priceId = String(details?.items?.['0']?.price);
      if (!prices.has(priceId)) return missing('price', priceId);
      const lines = prorationLines(subscription, priceId);
      const total = lines.reduce((sum, line) => sum + Number(line.amount), 0);
      return ok({
        object: 'invoice',
        customer: params.customer,
        currency: 'aud',
        total,
        amount_due: Math.max(0, total),
        lines: list('/v1/invoices/upcoming/lines', lines),
      });
    }
    if (method === 'POST' && pathname === '/v1/billing_portal/sessions') {
      const customer = String(params.customer);
      if (!customers.has(customer)) return missing('customer', customer);
      const id = newId('bps');
      return ok({
        id,
        object: 'billing_portal.session',
        customer,
        return_url: params.return_url,
        url: `https://billing.stripe.test/p/session/${id}`,
      });
    }
    if (method === 'GET' && pathname === '/v1/entitlements/active_entitlements') {
      return ok(list('/v1/entitlements/active_entitlements', activeEntitlements(String(params.customer))));
    }
    return {
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${pathname}).`,
        },
      },
    };
  }

  function cancel(subscriptionId: string): FixtureEvent[] {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`The fixture has no subscription ${subscriptionId}.`);
    subscription.status = 'canceled';
    return [
      event('customer.subscription.deleted', subscriptionView(subscription, false)),
      event('entitlements.active_entitlement_summary.updated', {
        object: 'entitlements.active_entitlement_summary',
        customer: subscription.customer,
        entitlements: list(
          '/v1/entitlements/active_entitlements',
          activeEntitlements(String(subscription.customer)),
        ),
      }),
    ];
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fixture');
      const method = request.method ?? 'GET';
      requests.push(`${method} ${url.pathname}`);
      const reply = (status: number, body: unknown) => {
        response.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': newId('req') });
        response.end(JSON.stringify(body));
      };
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        reply(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
        return;
      }
      // Stripe answers a repeated idempotency key with the first answer.
      const key = request.headers['idempotency-key'];
      const remembered = typeof key === 'string' && method === 'POST' ? idempotent.get(key) : undefined;
      if (remembered) {
        reply(200, remembered);
        return;
      }
      const params = decodeForm(
        method === 'GET' || method === 'DELETE' ? url.search.slice(1) : Buffer.concat(chunks).toString(),
      );
      const { status, body } = route(method, url.pathname, params);
      if (typeof key === 'string' && method === 'POST' && status === 200) idempotent.set(key, body as Obj);
      reply(status, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    api: { host: '127.0.0.1', port, protocol: 'http' },
    secretKey,
    requests,
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session || session.status !== 'open')
        throw new Error(`The fixture has no open checkout ${sessionId}.`);
      const subscription: Obj = {
        id: newId('sub'),
        object: 'subscription',
        customer: session.customer,
        status: 'active',
        price: session.price,
        current_period_start: now(),
        current_period_end: now() + PERIOD_SECONDS[intervalOf(session.price)],
        metadata: {},
      };
      subscriptions.set(String(subscription.id), subscription);
      const price = prices.get(String(session.price))!;
      invoice(session.customer, subscription.id, 'paid', [
        line(
          Number(price.unit_amount),
          `${String(price.lookup_key)}`,
          Number(subscription.current_period_end),
        ),
      ]);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
      const customer = String(session.customer);
      return {
        subscriptionId: String(subscription.id),
        events: [
          event('customer.subscription.created', subscriptionView(subscription, false)),
          event('checkout.session.completed', session),
          event('entitlements.active_entitlement_summary.updated', {
            object: 'entitlements.active_entitlement_summary',
            customer,
            entitlements: list('/v1/entitlements/active_entitlements', activeEntitlements(customer)),
          }),
        ],
      };
    },
    cancel,
    failRenewal(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`The fixture has no subscription ${subscriptionId}.`);
      subscription.status = 'past_due';
      const price = prices.get(String(subscription.price))!;
      const failed = invoice(subscription.customer, subscription.id, 'open', [
        line(Number(price.unit_amount), 'Renewal', Number(subscription.current_period_end)),
      ]);
      return [
        event('customer.subscription.updated', subscriptionView(subscription, false)),
        event('invoice.payment_failed', failed),
      ];
    },
    setPeriod(subscriptionId, secondsLeft) {
      const subscription = subscriptions.get(subscriptionId)!;
      const length = PERIOD_SECONDS[intervalOf(subscription.price)];
      subscription.current_period_end = now() + secondsLeft;
      subscription.current_period_start = now() + secondsLeft - length;
    },
    subscription: (id) => subscriptions.get(id),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
