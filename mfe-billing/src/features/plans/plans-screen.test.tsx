import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { API, ROUTE_BY_ID, SERVER_ERRORS, type Invoice, type PlanPrice } from '@toolkit/domain';
import { createFakeBackend, deferred, serverError, type FakeHandlers } from '@toolkit/platform/testing';
import type { PreloadedState } from '@toolkit/store-contract';
import { renderBilling, SIGNED_IN_OWNER } from '../../testing/render';
import { PlansScreen } from './plans-screen';

const price = (planId: 'growth' | 'leader', period: 'month' | 'year', amount: number): PlanPrice => ({
  planId,
  period,
  lookupKey: `${planId}_${period === 'month' ? 'monthly' : 'yearly'}`,
  amount,
  currency: 'aud',
  taxIncluded: true,
});
/** The provider's prices: none of them is written in the app. */
const PRICES = [
  price('growth', 'month', 4_900),
  price('growth', 'year', 49_000),
  price('leader', 'month', 14_900),
  price('leader', 'year', 149_000),
];

const INVOICE: Invoice = {
  id: 'in_1',
  number: 'SANDBOX-0001',
  date: '2026-11-20T10:00:00.000Z',
  amount: 49_000,
  currency: 'aud',
  status: 'paid',
  description: 'Growth plan, yearly',
  url: 'http://localhost:3000/dashboard/plans/receipts/in_1',
};

const onPlan = (name: string | null, period: 'month' | 'year' = 'month'): FakeHandlers => ({
  [API.getSubscriptionDetails]: () => ({
    status: 'success',
    subscriptions: name
      ? [
          {
            status: 'active',
            product: { internalPlanName: name },
            period,
            currentPeriodEnd: '2026-12-20T10:00:00.000Z',
            graceUntil: null,
          },
        ]
      : [],
  }),
  [API.listPlanPrices]: () => ({ prices: PRICES }),
  [API.listInvoices]: () => ({ invoices: name ? [INVOICE] : [] }),
  [API.getCustomerEntitlements]: () => ({
    status: 'success',
    entitlements: name ? [{ feature: { lookup_key: 'more-than-five-users' } }] : [],
    features: name ? ['more-than-five-users'] : [],
    error: null,
  }),
});

/** Answers with the plan `current()` names at the time, as the server does after a change. */
const onCurrentPlan = (current: () => string | null): FakeHandlers => ({
  [API.getSubscriptionDetails]: (data) => onPlan(current())[API.getSubscriptionDetails]!(data),
  [API.getCustomerEntitlements]: (data) => onPlan(current())[API.getCustomerEntitlements]!(data),
  [API.listPlanPrices]: (data) => onPlan(current())[API.listPlanPrices]!(data),
  [API.listInvoices]: (data) => onPlan(current())[API.listInvoices]!(data),
});

function open(path: string, handlers: FakeHandlers, goTo = jest.fn(), preloadedState?: PreloadedState) {
  const backend = createFakeBackend(handlers);
  const { store } = renderBilling(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={ROUTE_BY_ID.plans.path} element={<PlansScreen goTo={goTo} />} />
        <Route path={ROUTE_BY_ID.plansCheckout.path} element={<PlansScreen goTo={goTo} />} />
      </Routes>
    </MemoryRouter>,
    backend,
    preloadedState,
  );
  return { backend, store, user: userEvent.setup() };
}

describe('Plans screen', () => {
  it('shows the plans side by side with their features, the provider’s prices, and the current one', async () => {
    open('/dashboard/plans', onPlan(null));
    const plans = await screen.findByRole('list', { name: 'Plans', busy: false });
    expect(within(plans).getAllByRole('listitem', { current: undefined }).length).toBeGreaterThan(3);
    expect(screen.getByRole('heading', { name: 'Free (your plan)' })).toBeInTheDocument();
    const growth = screen.getByRole('list', { name: 'Features of Growth' });
    expect(growth).toHaveTextContent('More than five team members');
    expect(within(growth).getByText(/Double-materiality assessment/)).toHaveTextContent('Not included:');
    const growthCard = screen.getByRole('heading', { name: 'Growth' }).parentElement!;
    expect(growthCard).toHaveTextContent('$49.00 per month');
    expect(growthCard).toHaveTextContent('AUD, GST included');
    expect(screen.getByRole('heading', { name: 'Leader' }).parentElement).toHaveTextContent(
      '$149.00 per month',
    );
    expect(screen.getByRole('button', { name: 'Choose Growth' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel the/ })).not.toBeInTheDocument();
  });

  it('shows the plans with their features while the prices load, each price in its place and no plan yet to choose', async () => {
    const gate = deferred<void>();
    const backend = createFakeBackend(onPlan(null));
    backend.gate(API.listPlanPrices, gate.promise);
    renderBilling(
      <MemoryRouter initialEntries={['/dashboard/plans']}>
        <PlansScreen goTo={jest.fn()} />
      </MemoryRouter>,
      backend,
    );
    const plans = await screen.findByRole('list', { name: 'Plans', busy: true });
    expect(screen.getByRole('list', { name: 'Features of Growth' })).toHaveTextContent(
      'More than five team members',
    );
    expect(within(plans).getAllByRole('status')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Choose Growth' })).toBeDisabled();

    gate.resolve();
    expect(await screen.findByRole('list', { name: 'Plans', busy: false })).toBe(plans);
    expect(screen.getByRole('heading', { name: 'Growth' }).parentElement).toHaveTextContent(
      '$49.00 per month',
    );
    expect(within(plans).queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose Growth' })).toBeEnabled();
  });

  it('shows verified results on each plan that includes them, and as not included on the others', async () => {
    open('/dashboard/plans', onPlan(null));
    const feature = (plan: string) =>
      within(screen.getByRole('list', { name: `Features of ${plan}` })).getByText(
        /Your results verified by your toolkit's publisher/,
      );
    expect(await screen.findByRole('list', { name: 'Plans', busy: false })).toBeInTheDocument();
    expect(feature('Free')).toHaveTextContent(/^Not included:/);
    for (const plan of ['Growth', 'Leader'])
      expect(feature(plan)).toHaveTextContent(/^Your results verified by your toolkit's publisher$/);
  });

  it('starts a checkout for the chosen plan and goes to its page', async () => {
    const goTo = jest.fn();
    const { backend, user } = open(
      '/dashboard/plans',
      {
        ...onPlan(null),
        [API.startCheckout]: () => ({ url: 'http://localhost:3000/dashboard/plans/sandbox/cs_1' }),
      },
      goTo,
    );
    await screen.findByRole('list', { name: 'Plans', busy: false });
    await user.click(await screen.findByRole('button', { name: 'Choose Leader' }));
    expect(backend.callsTo(API.startCheckout)).toEqual([{ planId: 'leader', period: 'month' }]);
    expect(goTo).toHaveBeenCalledWith('http://localhost:3000/dashboard/plans/sandbox/cs_1');
  });

  it('confirms a paid checkout on its return route and puts the new plan in the store', async () => {
    const { backend, store } = open('/dashboard/plans/checkout/cs_paid', {
      ...onPlan('Growth'),
      [API.confirmCheckout]: () => ({ paid: true, plan: 'Growth' }),
    });
    expect(await screen.findByText(/your organisation is on the Growth plan now/)).toBeInTheDocument();
    expect(backend.callsTo(API.confirmCheckout)).toEqual([{ sessionId: 'cs_paid' }]);
    expect(store.getState().plan).toMatchObject({ plan: 'Growth', entitlements: ['more-than-five-users'] });
  });

  it('asks for the plan again once a checkout is confirmed paid, so the bought plan shows', async () => {
    // The server brings a paid checkout's plan into its store when the checkout is read.
    let plan: string | null = null;
    const { store } = open('/dashboard/plans/checkout/cs_paid', {
      ...onCurrentPlan(() => plan),
      [API.confirmCheckout]: () => {
        plan = 'Growth';
        return { paid: true, plan: 'Growth' };
      },
    });
    expect(await screen.findByRole('heading', { name: 'Growth (your plan)' })).toBeInTheDocument();
    expect(store.getState().plan).toMatchObject({ plan: 'Growth', entitlements: ['more-than-five-users'] });
  });

  it('shows no success for a forged checkout id', async () => {
    open('/dashboard/plans/checkout/cs_forged', {
      ...onPlan(null),
      [API.confirmCheckout]: () => serverError('not-found', SERVER_ERRORS.checkoutNotFound),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find this checkout');
    expect(screen.queryByText(/plan now/)).not.toBeInTheDocument();
  });

  it('cancels a paid plan after a confirmation', async () => {
    let plan: string | null = 'Growth';
    const { backend, user } = open('/dashboard/plans', {
      ...onCurrentPlan(() => plan),
      [API.cancelSubscription]: () => {
        plan = null;
        return { plan: 'Free' };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel the Growth plan' }));
    await user.click(screen.getByRole('button', { name: 'Yes, go back to Free' }));
    expect(await screen.findByRole('heading', { name: 'Free (your plan)' })).toBeInTheDocument();
    expect(backend.callsTo(API.cancelSubscription)).toHaveLength(1);
  });

  it("follows a plan change at once: the plans and the store's plan slice, without a reload", async () => {
    let plan: string | null = 'Growth';
    const { backend, store, user } = open(
      '/dashboard/plans',
      {
        ...onCurrentPlan(() => plan),
        [API.cancelSubscription]: () => {
          plan = null;
          return { plan: 'Free' };
        },
      },
      jest.fn(),
      // What the shell resolved at sign-in, which gates the dashboard's features.
      { ...SIGNED_IN_OWNER, plan: { plan: 'Growth', entitlements: ['more-than-five-users'], error: null } },
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel the Growth plan' }));
    await user.click(screen.getByRole('button', { name: 'Yes, go back to Free' }));

    expect(await screen.findByText('Your organisation is on the Free plan.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Cancel your plan' })).not.toBeInTheDocument();
    expect(store.getState().plan).toEqual({ plan: 'Free', entitlements: [], error: null });
    expect(backend.callsTo(API.getCustomerEntitlements)).toEqual([
      { tenantId: 'tenant-1' },
      { tenantId: 'tenant-1' },
    ]);
  });

  it('shows a plan that cannot be loaded with Try again, which loads it', async () => {
    let attempts = 0;
    open('/dashboard/plans', {
      ...onPlan(null),
      [API.getSubscriptionDetails]: (data) => {
        attempts += 1;
        if (attempts === 1) serverError('unavailable', 'Billing is restarting.');
        return onPlan(null)[API.getSubscriptionDetails]!(data);
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load your plan because the server did not answer.");
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Free (your plan)' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('switches to yearly prices with their saving and checks out the yearly price', async () => {
    const goTo = jest.fn();
    const { backend, user } = open(
      '/dashboard/plans',
      {
        ...onPlan(null),
        [API.startCheckout]: () => ({ url: 'http://localhost:3000/dashboard/plans/sandbox/cs_1' }),
      },
      goTo,
    );
    const yearly = await screen.findByRole('radio', { name: 'Yearly (save up to 17%)' });
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    await user.click(yearly);
    const growthCard = screen.getByRole('heading', { name: 'Growth' }).parentElement!;
    expect(growthCard).toHaveTextContent('$490.00 per year');
    expect(growthCard).toHaveTextContent('Saves $98.00 (17%) against paying monthly');
    await user.click(screen.getByRole('button', { name: 'Choose Growth' }));
    expect(backend.callsTo(API.startCheckout)).toEqual([{ planId: 'growth', period: 'year' }]);
  });

  it('says what a switch does to the current period before making it, then shows the new plan', async () => {
    let plan = 'Growth';
    const { backend, user } = open('/dashboard/plans', {
      ...onCurrentPlan(() => plan),
      [API.previewPlanChange]: () => ({
        credit: 2_450,
        charge: 7_450,
        total: 5_000,
        currency: 'aud',
        renewsAt: '2026-12-20T10:00:00.000Z',
      }),
      [API.changePlan]: () => {
        plan = 'Leader';
        return { plan: 'Leader' };
      },
    });
    expect(await screen.findByText(/Growth plan, billed monthly, renewing on/)).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Plans', busy: false });
    await user.click(await screen.findByRole('button', { name: 'Switch to Leader' }));
    const panel = screen.getByRole('group', { name: 'Switch to Leader, billed monthly' });
    expect(await within(panel).findByText(/unused part of your current period: \$24.50/)).toBeInTheDocument();
    expect(panel).toHaveTextContent('You pay $50.00 now.');
    expect(panel).toHaveTextContent('Then $149.00 per month, GST included.');
    expect(backend.callsTo(API.previewPlanChange)).toEqual([{ planId: 'leader', period: 'month' }]);
    await user.click(within(panel).getByRole('button', { name: 'Confirm the switch to Leader' }));
    expect(await screen.findByRole('heading', { name: 'Leader (your plan)' })).toBeInTheDocument();
    expect(backend.callsTo(API.changePlan)).toEqual([{ planId: 'leader', period: 'month' }]);
    expect(within(panel).getByRole('status')).toHaveTextContent('on the Leader plan');
  });

  it('offers the other period of the current plan as a switch', async () => {
    const { user } = open('/dashboard/plans', onPlan('Growth'));
    await user.click(await screen.findByRole('radio', { name: /Yearly/ }));
    expect(screen.getByRole('button', { name: 'Switch to yearly billing' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Choose/ })).not.toBeInTheDocument();
  });

  it('lists invoices with their document and opens the billing portal', async () => {
    const goTo = jest.fn();
    const { backend, user } = open(
      '/dashboard/plans',
      {
        ...onPlan('Growth', 'year'),
        [API.openBillingPortal]: () => ({ url: 'https://billing.stripe.test/p/session/bps_1' }),
      },
      goTo,
    );
    const invoices = await screen.findByRole('list', { name: 'Invoices' });
    expect(invoices).toHaveTextContent('SANDBOX-0001 · Growth plan, yearly');
    expect(invoices).toHaveTextContent('$490.00');
    expect(invoices).toHaveTextContent('Paid');
    expect(within(invoices).getByRole('link', { name: 'Open invoice SANDBOX-0001' })).toHaveAttribute(
      'href',
      INVOICE.url,
    );
    await user.click(screen.getByRole('button', { name: 'Manage billing' }));
    expect(backend.callsTo(API.openBillingPortal)).toHaveLength(1);
    expect(goTo).toHaveBeenCalledWith('https://billing.stripe.test/p/session/bps_1');
  });

  it('says there are no invoices yet on Free, and offers no portal without a billing account', async () => {
    open('/dashboard/plans', onPlan(null));
    expect(await screen.findByText(/No invoices yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage billing' })).not.toBeInTheDocument();
  });

  it('tells billing members a payment failed, what to do, and by when', async () => {
    open('/dashboard/plans', {
      ...onPlan('Growth'),
      [API.getSubscriptionDetails]: () => ({
        status: 'success',
        subscriptions: [
          {
            status: 'past_due',
            product: { internalPlanName: 'Growth' },
            period: 'month',
            currentPeriodEnd: '2026-11-20T10:00:00.000Z',
            graceUntil: '2099-12-04T10:00:00.000Z',
          },
        ],
      }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The last payment for your Growth plan failed.');
    expect(alert).toHaveTextContent(
      /Update your payment method under Manage billing below by .*2099 to keep Growth/,
    );
    expect(await screen.findByRole('heading', { name: 'Growth (your plan)' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Manage billing' })).toBeInTheDocument();
  });

  it('says a past-due plan whose grace period ended is on Free until paid', async () => {
    open('/dashboard/plans', {
      ...onPlan(null),
      [API.getSubscriptionDetails]: () => ({
        status: 'success',
        subscriptions: [
          {
            status: 'past_due',
            product: { internalPlanName: 'Growth' },
            period: 'month',
            graceUntil: '2020-01-01T00:00:00.000Z',
          },
        ],
      }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'its grace period has ended, so your organisation is on Free',
    );
    expect(await screen.findByRole('heading', { name: 'Free (your plan)' })).toBeInTheDocument();
  });
});
