// Prices, invoices, plan changes, the portal and past due on the local billing sandbox, over the
// real Auth emulator and PGlite: what the Plans page, the sandbox's portal and receipts read.
import {
  API,
  PAST_DUE_GRACE_DAYS,
  SERVER_ERRORS,
  type ApiResponses,
  type BillingPeriod,
} from '@toolkit/domain';
import { isSandbox, type SandboxBilling } from '../../billing/port';
import { auditCollection } from '../../repositories/audit';
import { paths } from '../../repositories/paths';
import {
  errorOf,
  resultOf,
  snapshotStore,
  startTestEnv,
  type TestAccount,
  type TestEnv,
} from '../../testing';

let env: TestEnv;
let sandbox: SandboxBilling;
let tenants = 0;
const DAY = 86_400_000;

beforeAll(async () => {
  env = await startTestEnv({});
  if (!isSandbox(env.deps.billing)) throw new Error('These tests run on the sandbox.');
  sandbox = env.deps.billing;
}, 120_000);

afterAll(() => env?.stop(), 60_000);

async function owner() {
  const tenantId = `prices-co-${++tenants}`;
  await env.store.set(paths.tenant(tenantId), {
    createdBy: 'someone',
    getStarted: true,
    name: 'Acme Pty Ltd',
  });
  return { tenantId, owner: await env.member(tenantId, 'owner') };
}

async function buy(account: TestAccount, planId: 'growth' | 'leader', period: BillingPeriod) {
  const { url } = resultOf<ApiResponses[typeof API.startCheckout]>(
    await env.call(API.startCheckout, { planId, period }, account.token),
  );
  const sessionId = url.split('/').pop()!;
  resultOf(await env.call(API.finishSandboxCheckout, { sessionId, pay: true }, account.token));
  return sessionId;
}

const invoicesOf = async (account: TestAccount) =>
  resultOf<ApiResponses[typeof API.listInvoices]>(await env.call(API.listInvoices, null, account.token))
    .invoices;

const subscriptionOf = async (account: TestAccount) =>
  resultOf<ApiResponses[typeof API.getSubscriptionDetails]>(
    await env.call(API.getSubscriptionDetails, null, account.token),
  ).subscriptions[0];

const featuresOf = async (account: TestAccount, tenantId: string) =>
  resultOf<ApiResponses[typeof API.getCustomerEntitlements]>(
    await env.call(API.getCustomerEntitlements, { tenantId }, account.token),
  ).features;

async function auditOf(tenantId: string) {
  const entries = await env.store.query(auditCollection(tenantId));
  return entries.map(({ data }) => ({
    kind: data?.kind,
    actorUid: data?.actorUid,
    before: data?.before,
    after: data?.after,
  }));
}

/** Moves the sandbox subscription's current period so that `daysLeft` of `days` remain. */
async function periodWith(tenantId: string, days: number, daysLeft: number) {
  const customerId = String((await env.store.get(paths.tenant(tenantId))).data?.stripeCustomerId);
  const end = Date.now() + daysLeft * DAY - 60_000;
  await env.store.update(paths.sandboxSubscription(customerId), {
    periodStart: new Date(end - days * DAY).toISOString(),
    periodEnd: new Date(end).toISOString(),
  });
  return customerId;
}

it('lists each paid plan monthly and yearly in AUD with GST included, to every member', async () => {
  const { tenantId } = await owner();
  const viewer = await env.member(tenantId, 'viewer');
  const { prices } = resultOf<ApiResponses[typeof API.listPlanPrices]>(
    await env.call(API.listPlanPrices, null, viewer.token),
  );
  expect(prices.map((price) => price.lookupKey)).toEqual([
    'growth_monthly',
    'growth_yearly',
    'leader_monthly',
    'leader_yearly',
  ]);
  for (const price of prices) expect(price).toMatchObject({ currency: 'aud', taxIncluded: true });
  // A year costs less than twelve months.
  const growth = prices.filter((price) => price.planId === 'growth');
  expect(growth[1]!.amount).toBeLessThan(growth[0]!.amount * 12);
});

it('checks out the chosen period, invoices it with a receipt of its own, and records the change', async () => {
  const { tenantId, owner: member } = await owner();
  expect(await invoicesOf(member)).toEqual([]);
  const sessionId = await buy(member, 'growth', 'year');
  expect(resultOf(await env.call(API.getSandboxCheckout, { sessionId }, member.token))).toMatchObject({
    planName: 'Growth',
    status: 'paid',
    price: { planId: 'growth', period: 'year', lookupKey: 'growth_yearly', amount: 49_000 },
  });
  const [invoice, ...others] = await invoicesOf(member);
  expect(others).toEqual([]);
  expect(invoice).toMatchObject({
    number: 'SANDBOX-0001',
    amount: 49_000,
    currency: 'aud',
    status: 'paid',
    description: 'Growth plan, yearly',
    url: `http://localhost:3000/dashboard/plans/receipts/${invoice!.id}`,
  });
  expect(resultOf(await env.call(API.getSandboxInvoice, { invoiceId: invoice!.id }, member.token))).toEqual({
    ...invoice,
    organisationName: 'Acme Pty Ltd',
  });
  expect(await subscriptionOf(member)).toMatchObject({ status: 'active', period: 'year', graceUntil: null });
  expect(await auditOf(tenantId)).toEqual([
    {
      kind: 'plan.changed',
      actorUid: member.uid,
      before: { plan: 'Free', period: null },
      after: { plan: 'Growth', period: 'year' },
    },
  ]);
});

it('shows no organisation another’s invoice, and nobody below billing their own', async () => {
  const a = await owner();
  const b = await owner();
  await buy(a.owner, 'growth', 'month');
  await buy(b.owner, 'growth', 'month');
  const [invoiceOfA] = await invoicesOf(a.owner);
  expect(
    errorOf(await env.call(API.getSandboxInvoice, { invoiceId: invoiceOfA!.id }, b.owner.token)),
  ).toEqual({
    status: 'NOT_FOUND',
    message: SERVER_ERRORS.invoiceNotFound,
  });
  const editor = await env.member(a.tenantId, 'editor');
  expect(errorOf(await env.call(API.listInvoices, null, editor.token))).toEqual({
    status: 'PERMISSION_DENIED',
    message: SERVER_ERRORS.manageBillingRequired,
  });
});

describe('changing plan or period', () => {
  it('previews and makes an upgrade prorated by the days left, keeping the renewal date', async () => {
    const { tenantId, owner: member } = await owner();
    await buy(member, 'growth', 'month');
    await periodWith(tenantId, 30, 15);
    const preview = resultOf<ApiResponses[typeof API.previewPlanChange]>(
      await env.call(API.previewPlanChange, { planId: 'leader', period: 'month' }, member.token),
    );
    // Half of Growth's month back, half of Leader's month charged.
    expect(preview).toMatchObject({ credit: 2_450, charge: 7_450, total: 5_000, currency: 'aud' });
    const renewal = (await subscriptionOf(member))!.currentPeriodEnd;
    expect(preview.renewsAt).toBe(renewal);

    expect(
      resultOf(await env.call(API.changePlan, { planId: 'leader', period: 'month' }, member.token)),
    ).toEqual({ plan: 'Leader' });
    expect(await subscriptionOf(member)).toMatchObject({
      product: { internalPlanName: 'Leader' },
      period: 'month',
      currentPeriodEnd: renewal,
    });
    expect((await featuresOf(member, tenantId)).sort()).toContain('materiality-assessment');
    expect((await invoicesOf(member))[0]).toMatchObject({
      amount: 5_000,
      description: 'Leader plan, monthly, prorated',
    });
    expect(await auditOf(tenantId)).toContainEqual({
      kind: 'plan.changed',
      actorUid: member.uid,
      before: { plan: 'Growth', period: 'month' },
      after: { plan: 'Leader', period: 'month' },
    });
  });

  it('starts a new period when the period changes, crediting the unused days of the old one', async () => {
    const { tenantId, owner: member } = await owner();
    await buy(member, 'growth', 'month');
    await periodWith(tenantId, 30, 10);
    const preview = resultOf<ApiResponses[typeof API.previewPlanChange]>(
      await env.call(API.previewPlanChange, { planId: 'growth', period: 'year' }, member.token),
    );
    expect(preview).toMatchObject({ credit: 1_633, charge: 49_000, total: 47_367 });
    const renewsAt = Date.parse(preview.renewsAt!);
    expect(renewsAt - Date.now()).toBeGreaterThan(364 * DAY);
    // A downgrade whose credit exceeds the charge invoices nothing now.
    resultOf(await env.call(API.changePlan, { planId: 'growth', period: 'year' }, member.token));
    const down = resultOf<ApiResponses[typeof API.previewPlanChange]>(
      await env.call(API.previewPlanChange, { planId: 'growth', period: 'month' }, member.token),
    );
    expect(down.total).toBeLessThan(0);
  });

  it('refuses a change on Free or to the plan and period it has, changing nothing', async () => {
    const { tenantId, owner: member } = await owner();
    const before = await snapshotStore(env.store);
    expect(
      errorOf(await env.call(API.changePlan, { planId: 'growth', period: 'month' }, member.token)),
    ).toEqual({
      status: 'FAILED_PRECONDITION',
      message: SERVER_ERRORS.noPlanToChange,
    });
    expect(await snapshotStore(env.store)).toBe(before);
    await buy(member, 'growth', 'month');
    expect(
      errorOf(await env.call(API.previewPlanChange, { planId: 'growth', period: 'month' }, member.token)),
    ).toEqual({ status: 'FAILED_PRECONDITION', message: SERVER_ERRORS.samePlan });
    expect(await auditOf(tenantId)).toHaveLength(1);
  });
});

it('records a cancellation as plan.cancelled', async () => {
  const { tenantId, owner: member } = await owner();
  await buy(member, 'leader', 'month');
  resultOf(await env.call(API.cancelSubscription, null, member.token));
  expect(await auditOf(tenantId)).toContainEqual({
    kind: 'plan.cancelled',
    actorUid: member.uid,
    before: { plan: 'Leader', period: 'month' },
    after: { plan: 'Free', period: null },
  });
});

describe('the sandbox portal and past due', () => {
  it('opens the sandbox portal for an organisation with a billing account only', async () => {
    const { owner: member } = await owner();
    expect(errorOf(await env.call(API.openBillingPortal, null, member.token))).toEqual({
      status: 'FAILED_PRECONDITION',
      message: SERVER_ERRORS.noBillingAccount,
    });
    await buy(member, 'growth', 'month');
    expect(resultOf(await env.call(API.openBillingPortal, null, member.token))).toEqual({
      url: 'http://localhost:3000/dashboard/plans/sandbox-portal',
    });
    expect(resultOf(await env.call(API.getSandboxPortal, null, member.token))).toEqual({
      card: { brand: 'Visa', last4: '4242' },
      plan: 'Growth',
      pastDue: false,
    });
  });

  it('keeps the plan through the grace period of a failed renewal, then falls back to Free', async () => {
    const { tenantId, owner: member } = await owner();
    await buy(member, 'growth', 'month');
    const customerId = String((await env.store.get(paths.tenant(tenantId))).data?.stripeCustomerId);
    const failedAt = new Date(Date.now() - 3 * DAY);
    await sandbox.failRenewal(customerId, failedAt);
    const pastDue = await subscriptionOf(member);
    expect(pastDue).toMatchObject({
      status: 'past_due',
      graceUntil: new Date(failedAt.getTime() + PAST_DUE_GRACE_DAYS * DAY).toISOString(),
    });
    expect((await featuresOf(member, tenantId)).sort()).toEqual([
      'advanced-user-roles',
      'brandkit',
      'more-than-five-users',
      'result-verification',
    ]);
    expect((await invoicesOf(member))[0]).toMatchObject({
      status: 'open',
      description: 'Growth plan, monthly, renewal',
    });

    // Past the grace period the features end, though the subscription is still past due.
    await env.store.update(paths.sandboxSubscription(customerId), {
      pastDueSince: new Date(Date.now() - (PAST_DUE_GRACE_DAYS + 1) * DAY).toISOString(),
    });
    expect(await featuresOf(member, tenantId)).toEqual([]);
    expect(resultOf(await env.call(API.getSandboxPortal, null, member.token))).toMatchObject({
      plan: 'Free',
      pastDue: true,
    });

    // Another card pays the open invoice: active again, with its features.
    expect(resultOf(await env.call(API.replaceSandboxCard, { last4: '4444' }, member.token))).toEqual({
      card: { brand: 'Mastercard', last4: '4444' },
      plan: 'Growth',
      pastDue: false,
    });
    expect(await subscriptionOf(member)).toMatchObject({ status: 'active', graceUntil: null });
    expect((await invoicesOf(member)).map((invoice) => invoice.status)).toEqual(['paid', 'paid']);
    expect(await featuresOf(member, tenantId)).toHaveLength(4);
  });
});
