import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { API, ROUTE_BY_ID, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { createFakeBackend, serverError, type FakeHandlers } from '@toolkit/platform/testing';
import { renderBilling } from '../../testing/render';
import { SandboxPortalScreen } from './sandbox-portal-screen';
import { SandboxReceiptScreen } from './sandbox-receipt-screen';

function open(path: string, handlers: FakeHandlers) {
  const backend = createFakeBackend(handlers);
  renderBilling(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={ROUTE_BY_ID.plansSandboxPortal.path} element={<SandboxPortalScreen />} />
        <Route path={ROUTE_BY_ID.plansSandboxReceipt.path} element={<SandboxReceiptScreen />} />
      </Routes>
    </MemoryRouter>,
    backend,
  );
  return { backend, user: userEvent.setup() };
}

describe('Sandbox billing portal', () => {
  it('replaces the card on file, which pays a failed renewal', async () => {
    let state: ApiResponses[typeof API.getSandboxPortal] = {
      card: { brand: 'Visa', last4: '4242' },
      plan: 'Growth',
      pastDue: true,
    };
    const { backend, user } = open('/dashboard/plans/sandbox-portal', {
      [API.getSandboxPortal]: () => state,
      [API.replaceSandboxCard]: () => {
        state = { card: { brand: 'Mastercard', last4: '4444' }, plan: 'Growth', pastDue: false };
        return { ...state, card: state.card! };
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('A renewal payment failed');
    expect(screen.getByText('Visa ending 4242')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use Mastercard ending 4444' }));
    expect(backend.callsTo(API.replaceSandboxCard)).toEqual([{ last4: '4444' }]);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your payment method is now Mastercard ending 4444.',
    );
    // The portal is read again: the failed payment is settled.
    expect(await screen.findByText('Mastercard ending 4444')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('cancels the plan after a confirmation', async () => {
    let plan = 'Leader';
    const { backend, user } = open('/dashboard/plans/sandbox-portal', {
      [API.getSandboxPortal]: () => ({ card: { brand: 'Visa', last4: '4242' }, plan, pastDue: false }),
      [API.cancelSubscription]: () => {
        plan = 'Free';
        return { plan };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel the Leader plan' }));
    await user.click(screen.getByRole('button', { name: 'Yes, go back to Free' }));
    expect(await screen.findByRole('heading', { name: 'Your plan: Free' })).toBeInTheDocument();
    expect(backend.callsTo(API.cancelSubscription)).toHaveLength(1);
  });

  it('explains a portal it cannot open', async () => {
    open('/dashboard/plans/sandbox-portal', {
      [API.getSandboxPortal]: () => serverError('failed-precondition', SERVER_ERRORS.noBillingAccount),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER_ERRORS.noBillingAccount);
  });
});

describe('Sandbox receipt', () => {
  it('shows who paid what, when, and the GST it includes', async () => {
    const { backend } = open('/dashboard/plans/receipts/in_1', {
      [API.getSandboxInvoice]: () => ({
        id: 'in_1',
        number: 'SANDBOX-0001',
        date: '2026-11-20T10:00:00.000Z',
        amount: 49_000,
        currency: 'aud',
        status: 'paid',
        description: 'Growth plan, yearly',
        url: 'http://localhost:3000/dashboard/plans/receipts/in_1',
        organisationName: 'Acme Pty Ltd',
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Receipt SANDBOX-0001' })).toBeInTheDocument();
    const facts = screen.getByText('Organisation').closest('dl')!;
    expect(within(facts).getByText('Acme Pty Ltd')).toBeInTheDocument();
    expect(facts).toHaveTextContent('Growth plan, yearly');
    expect(facts).toHaveTextContent('$490.00 AUD, including GST of $44.55');
    expect(facts).toHaveTextContent('Paid');
    expect(backend.callsTo(API.getSandboxInvoice)).toEqual([{ invoiceId: 'in_1' }]);
  });

  it('says when the receipt is not this organisation’s', async () => {
    open('/dashboard/plans/receipts/in_other', {
      [API.getSandboxInvoice]: () => serverError('not-found', SERVER_ERRORS.invoiceNotFound),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER_ERRORS.invoiceNotFound);
  });
});
