import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { API, SERVER_ERRORS } from '@toolkit/domain';
import { CallableError } from '@toolkit/platform';
import { createFakeBackend, type FakeBackend } from '@toolkit/platform/testing';
import { buildTheme } from '@toolkit/ui';
import { ConfirmAlerts } from './confirm-alerts';

const TOKEN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';

function backend(): FakeBackend {
  return createFakeBackend({
    [API.confirmAlertRecipient]: () => ({
      email: 'desk@example.com',
      organisationName: 'Harbour Bakery',
      kinds: ['newResult', 'expertRequest'],
    }),
  });
}

function open(fake: FakeBackend, token: string) {
  window.location.hash = token;
  return render(
    <ThemeProvider theme={buildTheme()}>
      <ConfirmAlerts callable={fake} />
    </ThemeProvider>,
  );
}

afterEach(() => {
  window.location.hash = '';
});

describe('ConfirmAlerts', () => {
  it('confirms only when asked, with the token of the address, and says what will be sent', async () => {
    const fake = backend();
    open(fake, TOKEN);
    const button = await screen.findByRole('button', { name: 'Yes, send me these notifications' });
    // Opening the page (as a mail scanner does) confirms nothing.
    expect(fake.calls).toEqual([]);
    await userEvent.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Confirmed: desk@example.com now receives these notifications from Harbour Bakery: New results, Expert requests.',
    );
    expect(fake.callsTo(API.confirmAlertRecipient)).toEqual([{ token: TOKEN }]);
  });

  it('shows why a link no longer works, without offering to try again', async () => {
    const fake = backend();
    fake.fail(API.confirmAlertRecipient, new CallableError('not-found', SERVER_ERRORS.alertLinkNotValid));
    open(fake, TOKEN);
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, send me these notifications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER_ERRORS.alertLinkNotValid);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers to try again when the service cannot be reached', async () => {
    const fake = backend();
    fake.fail(API.confirmAlertRecipient, new CallableError('unavailable', 'The service is down.'));
    open(fake, TOKEN);
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, send me these notifications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is down.');
    fake.fail(API.confirmAlertRecipient, null);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Confirmed: desk@example.com');
  });

  it('asks for the e-mail’s link when the address holds no token', async () => {
    const fake = backend();
    open(fake, '');
    expect(await screen.findByText(/There is nothing to confirm here/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
