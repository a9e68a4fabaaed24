// The Stripe adapter through the real `stripe` client over HTTP, against a local server speaking
// Stripe's wire format, with the real callables, Auth emulator and PGlite around it. Webhook
// payloads are signed with a test secret, as Stripe signs them.
import Stripe from 'stripe';
import { API, PAST_DUE_GRACE_DAYS, planOfSubscriptions, type ApiResponses } from '@toolkit/domain';
import { auditCollection } from '../repositories/audit';
import { paths } from '../repositories/paths';
import {
  errorOf,
  resultOf,
  FIXTURE_PRICES,
  startStripeFixture,
  startTestEnv,
  type FixtureEvent,
  type StripeFixture,
  type TestAccount,
  type TestEnv,
} from '../testing';
import { createStripeBilling, createStripeClient, type StripeBilling } from './stripe';
import { createStripeWebhook, type StripeWebhookHandler } from './stripe-webhook';

const WEBHOOK_SECRET = 'whsec_test_secret';
let fixture: StripeFixture;
let billing: StripeBilling;
let webhook: StripeWebhookHandler;
let env: TestEnv;
let tenants = 0;

beforeAll(async () => {
  fixture = await startStripeFixture();
  const stripe = createStripeClient({ secretKey: fixture.secretKey, api: fixture.api });
  env = await startTestEnv({
    billing: (store) => (billing = createStripeBilling(stripe, store)),
  });
  webhook = createStripeWebhook({ stripe, billing, store: env.store, secret: WEBHOOK_SECRET });
}, 120_000);

afterAll(async () => {
  await env?.stop();
  await fixture?.close();
}, 60_000);

async function owner() {
  const tenantId = `stripe-co-${++tenants}`;
  await env.store.set(paths.tenant(tenantId), { createdBy: 'someone', getStarted: true });
  return { tenantId, owner: await env.member(tenantId, 'owner') };
}

/** The plan and features as the shell reads them after sign-in. */
async function features(account: TestAccount, tenantId: string) {
  const details = resultOf<ApiResponses[typeof API.getSubscriptionDetails]>(
    await env.call(API.getSubscriptionDetails, null, account.token),
  );
  const { features: keys } = resultOf<ApiResponses[typeof API.getCustomerEntitlements]>(
    await env.call(API.getCustomerEntitlements, { tenantId }, account.token),
  );
  return { plan: planOfSubscriptions(details.subscriptions), features: keys.sort() };
}

async function startCheckout(
  account: TestAccount,
  planId: 'growth' | 'leader',
  period: 'month' | 'year' = 'month',
) {
  const { url } = resultOf<ApiResponses[typeof API.startCheckout]>(
    await env.call(API.startCheckout, { planId, period }, account.token),
  );
  return url.split('/').pop()!;
}

/** Delivers events as Stripe does: the raw JSON, signed with the endpoint's secret. */
function deliver(event: FixtureEvent, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return webhook(Buffer.from(payload), header);
}

it('keeps one Stripe customer per tenant and checks out the plan’s price', async () => {
  const { tenantId, owner: member } = await owner();
  const [first, second] = await Promise.all([
    startCheckout(member, 'growth'),
    startCheckout(member, 'leader'),
  ]);
  expect(first).toMatch(/^cs_test_/);
  expect(second).toMatch(/^cs_test_/);
  const customerId = (await env.store.get(paths.tenant(tenantId))).data?.stripeCustomerId;
  expect(customerId).toMatch(/^cus_/);
  // Both checkouts are the stored customer's.
  for (const id of [first, second]) expect((await billing.getCheckout(id))?.customerId).toBe(customerId);
  expect((await billing.getCheckout(second))?.planId).toBe('leader');
});

it('gives the plan and entitlements on return from checkout, before any webhook arrives', async () => {
  const { tenantId, owner: member } = await owner();
  const sessionId = await startCheckout(member, 'growth');
  expect(resultOf(await env.call(API.confirmCheckout, { sessionId }, member.token))).toEqual({
    paid: false,
    plan: 'Free',
  });
  fixture.pay(sessionId);
  expect(resultOf(await env.call(API.confirmCheckout, { sessionId }, member.token))).toEqual({
    paid: true,
    plan: 'Growth',
  });
  expect(await features(member, tenantId)).toEqual({
    plan: 'Growth',
    features: ['advanced-user-roles', 'brandkit', 'more-than-five-users', 'result-verification'],
  });
  const details = resultOf<ApiResponses[typeof API.getSubscriptionDetails]>(
    await env.call(API.getSubscriptionDetails, null, member.token),
  );
  expect(details.subscriptions).toEqual([
    expect.objectContaining({ status: 'active', product: { internalPlanName: 'Growth' } }),
  ]);
});

it('believes no checkout that Stripe does not know or that belongs to another tenant', async () => {
  const a = await owner();
  const b = await owner();
  const sessionOfA = await startCheckout(a.owner, 'growth');
  fixture.pay(sessionOfA);
  for (const sessionId of ['cs_test_forged', sessionOfA]) {
    expect(errorOf(await env.call(API.confirmCheckout, { sessionId }, b.owner.token)).status).toBe(
      'NOT_FOUND',
    );
  }
});

describe('webhook', () => {
  it('applies a paid checkout’s events: the plan and entitlements follow', async () => {
    const { tenantId, owner: member } = await owner();
    const { events } = fixture.pay(await startCheckout(member, 'leader'));
    for (const event of events)
      expect(await deliver(event)).toEqual({ status: 200, body: { received: true } });
    expect(await features(member, tenantId)).toMatchObject({ plan: 'Leader' });
    expect((await features(member, tenantId)).features).toContain('materiality-assessment');
  });

  it('refuses a payload whose signature is wrong or whose body was changed, and changes nothing', async () => {
    const { tenantId, owner: member } = await owner();
    const { events } = fixture.pay(await startCheckout(member, 'growth'));
    const wrongSecret = await deliver(events[0]!, 'whsec_other');
    expect(wrongSecret.status).toBe(400);

    const payload = JSON.stringify(events[1]);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const edited = await webhook(Buffer.from(payload.replace('"paid"', '"unpaid"')), header);
    expect(edited.status).toBe(400);
    expect((await webhook(Buffer.from(payload), undefined)).status).toBe(400);

    expect(await features(member, tenantId)).toMatchObject({ plan: 'Free', features: [] });
    expect((await env.store.get(paths.stripeEvent(events[1]!.id))).data).toBeNull();
  });

  it('ignores an event it has already processed', async () => {
    const { owner: member } = await owner();
    const { events } = fixture.pay(await startCheckout(member, 'growth'));
    expect(await deliver(events[0]!)).toEqual({ status: 200, body: { received: true } });
    const calls = fixture.requests.length;
    expect(await deliver(events[0]!)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(fixture.requests.length).toBe(calls);
  });

  it('keeps the newest subscription state whatever the order of delivery', async () => {
    const { tenantId, owner: member } = await owner();
    const paid = fixture.pay(await startCheckout(member, 'growth'));
    const ended = fixture.cancel(paid.subscriptionId);
    // The end arrives first; the older "created" and "entitlements" events after it.
    for (const event of ended) expect((await deliver(event)).status).toBe(200);
    expect(await features(member, tenantId)).toMatchObject({ plan: 'Free', features: [] });
    // Whatever the older events' reads see (here, as if read before the end), they change nothing.
    fixture.subscription(paid.subscriptionId)!.status = 'active';
    for (const event of paid.events) expect((await deliver(event)).status).toBe(200);
    expect(await features(member, tenantId)).toMatchObject({ plan: 'Free', features: [] });
  });

  it('answers 500 and leaves the event unmarked when Stripe cannot be read, so it is delivered again', async () => {
    const { owner: member } = await owner();
    const { events } = fixture.pay(await startCheckout(member, 'growth'));
    const unknown = structuredClone(events[0]!);
    unknown.id = 'evt_unknown_subscription';
    unknown.data.object.id = 'sub_missing';
    expect((await deliver(unknown)).status).toBe(500);
    expect((await env.store.get(paths.stripeEvent(unknown.id))).data).toBeNull();
  });
});

it('cancels every active subscription on Stripe and is Free at once', async () => {
  const { tenantId, owner: member } = await owner();
  const sessionId = await startCheckout(member, 'growth');
  const { subscriptionId } = fixture.pay(sessionId);
  resultOf(await env.call(API.confirmCheckout, { sessionId }, member.token));
  expect(await features(member, tenantId)).toMatchObject({ plan: 'Growth' });
  resultOf(await env.call(API.cancelSubscription, null, member.token));
  expect(fixture.subscription(subscriptionId)?.status).toBe('canceled');
  expect(await features(member, tenantId)).toMatchObject({ plan: 'Free', features: [] });
});

describe('prices, invoices, changes and the portal', () => {
  const subscriptionOf = async (account: TestAccount) =>
    resultOf<ApiResponses[typeof API.getSubscriptionDetails]>(
      await env.call(API.getSubscriptionDetails, null, account.token),
    ).subscriptions[0];

  /** A tenant on a paid plan, its checkout confirmed. */
  async function paying(planId: 'growth' | 'leader', period: 'month' | 'year' = 'month') {
    const { tenantId, owner: member } = await owner();
    const sessionId = await startCheckout(member, planId, period);
    const paid = fixture.pay(sessionId);
    resultOf(await env.call(API.confirmCheckout, { sessionId }, member.token));
    return { tenantId, member, ...paid };
  }

  it('reads the prices by lookup key from Stripe, in AUD with GST included', async () => {
    const { owner: member } = await owner();
    const { prices } = resultOf<ApiResponses[typeof API.listPlanPrices]>(
      await env.call(API.listPlanPrices, null, member.token),
    );
    expect(prices).toEqual(
      expect.arrayContaining([
        {
          planId: 'growth',
          period: 'month',
          lookupKey: 'growth_monthly',
          amount: FIXTURE_PRICES.growth.month,
          currency: 'aud',
          taxIncluded: true,
        },
        expect.objectContaining({ lookupKey: 'leader_yearly', amount: FIXTURE_PRICES.leader.year }),
      ]),
    );
    expect(prices).toHaveLength(4);
  });

  it('checks out the yearly price and lists its invoice with Stripe’s PDF', async () => {
    const { member, subscriptionId } = await paying('growth', 'year');
    expect(fixture.subscription(subscriptionId)?.price).toBe('price_growth_year');
    expect(await subscriptionOf(member)).toMatchObject({ status: 'active', period: 'year' });
    const { invoices } = resultOf<ApiResponses[typeof API.listInvoices]>(
      await env.call(API.listInvoices, null, member.token),
    );
    expect(invoices).toEqual([
      expect.objectContaining({
        amount: FIXTURE_PRICES.growth.year,
        currency: 'aud',
        status: 'paid',
        url: expect.stringMatching(/^https:\/\/pay\.stripe\.test\/invoice\/in_.+\/pdf$/),
      }),
    ]);
  });

  it('previews an upgrade with Stripe’s proration, makes it, and records it', async () => {
    const { tenantId, member, subscriptionId } = await paying('growth');
    fixture.setPeriod(subscriptionId, 15 * 86_400);
    const preview = resultOf<ApiResponses[typeof API.previewPlanChange]>(
      await env.call(API.previewPlanChange, { planId: 'leader', period: 'month' }, member.token),
    );
    const half = (amount: number) => Math.round(amount / 2);
    expect(preview).toMatchObject({
      credit: half(FIXTURE_PRICES.growth.month),
      charge: half(FIXTURE_PRICES.leader.month),
      total: half(FIXTURE_PRICES.leader.month) - half(FIXTURE_PRICES.growth.month),
      currency: 'aud',
    });
    expect(
      resultOf(await env.call(API.changePlan, { planId: 'leader', period: 'month' }, member.token)),
    ).toEqual({ plan: 'Leader' });
    expect(fixture.subscription(subscriptionId)?.price).toBe('price_leader_month');
    expect(await features(member, tenantId)).toMatchObject({ plan: 'Leader' });
    const { invoices } = resultOf<ApiResponses[typeof API.listInvoices]>(
      await env.call(API.listInvoices, null, member.token),
    );
    expect(invoices[0]).toMatchObject({ amount: preview.total, status: 'paid' });
    const audit = await env.store.query(auditCollection(tenantId));
    expect(audit.map(({ data }) => [data?.kind, data?.before, data?.after])).toEqual(
      expect.arrayContaining([
        ['plan.changed', { plan: 'Growth', period: 'month' }, { plan: 'Leader', period: 'month' }],
      ]),
    );
  });

  it('records a checkout paid on Stripe once, however often its return is confirmed', async () => {
    const { tenantId, member } = await paying('leader', 'year');
    const sessionId = await startCheckout(member, 'growth');
    fixture.pay(sessionId);
    for (let i = 0; i < 2; i++) resultOf(await env.call(API.confirmCheckout, { sessionId }, member.token));
    const audit = await env.store.query(auditCollection(tenantId));
    expect(
      audit
        .map(({ data }) => [data?.kind, data?.actorUid, data?.before, data?.after])
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    ).toEqual([
      ['plan.changed', member.uid, { plan: 'Free', period: null }, { plan: 'Leader', period: 'year' }],
      ['plan.changed', member.uid, { plan: 'Leader', period: 'year' }, { plan: 'Growth', period: 'month' }],
    ]);
  });

  it('opens Stripe’s customer portal for the organisation’s customer, returning to Plans', async () => {
    const { member } = await paying('growth');
    const { url } = resultOf<ApiResponses[typeof API.openBillingPortal]>(
      await env.call(API.openBillingPortal, null, member.token),
    );
    expect(url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
    expect(fixture.requests).toContain('POST /v1/billing_portal/sessions');
  });

  it('marks a failed renewal past due from the signed webhook, keeping the plan through the grace period', async () => {
    const { tenantId, member, subscriptionId } = await paying('growth');
    const events = fixture.failRenewal(subscriptionId);
    for (const event of events) expect((await deliver(event)).status).toBe(200);
    const failedAt = events[0]!.created * 1000;
    expect(await subscriptionOf(member)).toMatchObject({
      status: 'past_due',
      graceUntil: new Date(failedAt + PAST_DUE_GRACE_DAYS * 86_400_000).toISOString(),
    });
    expect(await features(member, tenantId)).toEqual({
      plan: 'Growth',
      features: ['advanced-user-roles', 'brandkit', 'more-than-five-users', 'result-verification'],
    });
    // A later event while still past due keeps when it began.
    const again = fixture.failRenewal(subscriptionId);
    expect((await deliver(again[0]!)).status).toBe(200);
    expect((await subscriptionOf(member))?.graceUntil).toBe(
      new Date(failedAt + PAST_DUE_GRACE_DAYS * 86_400_000).toISOString(),
    );
  });
});
