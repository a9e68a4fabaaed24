import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { API, ROUTE_BY_ID, SERVER_ERRORS } from '@toolkit/domain';
import { createFakeBackend, serverError, type FakeHandlers } from '@toolkit/platform/testing';
import { renderBilling } from '../../testing/render';
import { SandboxCheckoutScreen } from './sandbox-checkout-screen';

function open(handlers: FakeHandlers) {
  const backend = createFakeBackend(handlers);
  const goTo = jest.fn();
  renderBilling(
    <MemoryRouter initialEntries={['/dashboard/plans/sandbox/cs_1']}>
      <Routes>
        <Route path={ROUTE_BY_ID.plansSandboxCheckout.path} element={<SandboxCheckoutScreen goTo={goTo} />} />
      </Routes>
    </MemoryRouter>,
    backend,
  );
  return { backend, goTo, user: userEvent.setup() };
}

describe('Sandbox checkout', () => {
  it('names the plan, takes no payment, and pays or cancels before returning to the app', async () => {
    const { backend, goTo, user } = open({
      [API.getSandboxCheckout]: () => ({
        planName: 'Growth',
        status: 'open',
        price: {
          planId: 'growth',
          period: 'year',
          lookupKey: 'growth_yearly',
          amount: 49_000,
          currency: 'aud',
          taxIncluded: true,
        },
      }),
      [API.finishSandboxCheckout]: (data) => ({
        returnTo: (data as { pay: boolean }).pay
          ? 'http://localhost:3000/dashboard/plans/checkout/cs_1'
          : 'http://localhost:3000/dashboard/plans?checkout=canceled',
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Checkout: the Growth plan' })).toBeInTheDocument();
    expect(screen.getByText(/no money is taken/)).toBeInTheDocument();
    expect(screen.getByText(/You pay this today, then yearly/)).toHaveTextContent(
      '$490.00 per year, AUD, GST included.',
    );
    await user.click(screen.getByRole('button', { name: 'Pay for Growth (sandbox)' }));
    expect(backend.callsTo(API.finishSandboxCheckout)).toEqual([{ sessionId: 'cs_1', pay: true }]);
    expect(goTo).toHaveBeenCalledWith('http://localhost:3000/dashboard/plans/checkout/cs_1');
  });

  it('says when the checkout is finished already or is not this organisation’s', async () => {
    open({ [API.getSandboxCheckout]: () => ({ planName: 'Leader', status: 'paid', price: null }) });
    expect(await screen.findByText(/This checkout is already paid/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay for/ })).not.toBeInTheDocument();
  });

  it('explains a checkout it cannot open', async () => {
    open({ [API.getSandboxCheckout]: () => serverError('not-found', SERVER_ERRORS.checkoutNotFound) });
    expect(await screen.findByText(SERVER_ERRORS.checkoutNotFound)).toBeInTheDocument();
  });
});
