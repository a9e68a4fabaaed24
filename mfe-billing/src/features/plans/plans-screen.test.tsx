import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { API, ROUTE_BY_ID, SERVER_ERRORS } from '@toolkit/domain';
import { createFakeBackend, serverError, type FakeHandlers } from '@toolkit/platform/testing';
import type { PreloadedState } from '@toolkit/store-contract';
import { renderBilling, SIGNED_IN_OWNER } from '../../testing/render';
import { PlansScreen } from './plans-screen';

const onPlan = (name: string | null): FakeHandlers => ({
  [API.getSubscriptionDetails]: () => ({
    status: 'success',
    subscriptions: name ? [{ status: 'active', product: { internalPlanName: name } }] : [],
  }),
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
  it('shows the plans side by side with their features, no prices, and the current one', async () => {
    open('/dashboard/plans', onPlan(null));
    const plans = await screen.findByRole('list', { name: 'Plans' });
    expect(within(plans).getAllByRole('listitem', { current: undefined }).length).toBeGreaterThan(3);
    expect(screen.getByRole('heading', { name: 'Free (your plan)' })).toBeInTheDocument();
    const growth = screen.getByRole('list', { name: 'Features of Growth' });
    expect(growth).toHaveTextContent('More than five team members');
    expect(within(growth).getByText(/Double-materiality assessment/)).toHaveTextContent('Not included:');
    expect(document.body.textContent).not.toMatch(/[$€£]\s?\d/);
    expect(screen.getByRole('button', { name: 'Choose Growth' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel the/ })).not.toBeInTheDocument();
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
    await user.click(await screen.findByRole('button', { name: 'Choose Leader' }));
    expect(backend.callsTo(API.startCheckout)).toEqual([{ planId: 'leader' }]);
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
});
