import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { API, ROUTE_BY_ID, SERVER_ERRORS } from '@toolkit/domain';
import { createFakeBackend, serverError, type FakeHandlers } from '@toolkit/platform/testing';
import { createAppStore } from '@toolkit/store-contract';
import { renderWithProviders } from '@toolkit/store-contract/testing';
import { buildTheme } from '@toolkit/ui';
import { PlansScreen } from './plans-screen';

const OWNER = {
  uid: 'owner-1',
  email: 'olivia@example.com',
  displayName: null,
  emailVerified: true,
  isAnonymous: false,
  tenantId: 'tenant-1',
};

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

function open(path: string, handlers: FakeHandlers, goTo = jest.fn()) {
  const backend = createFakeBackend(handlers);
  const store = createAppStore({
    storage: null,
    preloadedState: {
      auth: {
        status: 'signedIn',
        user: OWNER,
        claims: { role: 'owner', tenantId: 'tenant-1' },
        error: null,
        settled: true,
      },
    },
  });
  renderWithProviders(
    <ThemeProvider theme={buildTheme()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={ROUTE_BY_ID.plans.path} element={<PlansScreen callable={backend} goTo={goTo} />} />
          <Route
            path={ROUTE_BY_ID.plansCheckout.path}
            element={<PlansScreen callable={backend} goTo={goTo} />}
          />
        </Routes>
      </MemoryRouter>
    </ThemeProvider>,
    { store },
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
      [API.getSubscriptionDetails]: () => onPlan(plan)[API.getSubscriptionDetails]!(null),
      [API.getCustomerEntitlements]: () => onPlan(plan)[API.getCustomerEntitlements]!(null),
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
});
