import { act, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { SERVER_ERRORS } from '@toolkit/domain';
import { authChanged, authError } from '@toolkit/store-contract';
import { renderWithProviders } from '@toolkit/store-contract/testing';
import { buildTheme } from '@toolkit/ui';
import { AuthErrorNotice } from './auth-error-notice';

const user = {
  uid: 'u1',
  email: 'ann@example.com',
  displayName: 'Ann',
  emailVerified: true,
  isAnonymous: false,
  tenantId: null,
};

it('says why the session ended after the sign-out, and is gone once a session begins', () => {
  const { store } = renderWithProviders(
    <ThemeProvider theme={buildTheme()}>
      <AuthErrorNotice />
    </ThemeProvider>,
  );
  expect(screen.queryByRole('status')).toBeNull();
  act(() => {
    store.dispatch(authError(SERVER_ERRORS.sessionEnded));
    store.dispatch(authChanged({ user: null }));
  });
  expect(screen.getByRole('status')).toHaveTextContent('Your session has ended: sign in again.');
  act(() => {
    store.dispatch(authChanged({ user }));
  });
  expect(screen.queryByRole('status')).toBeNull();
});
