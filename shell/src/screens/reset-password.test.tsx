import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { renderWithProviders } from '@toolkit/store-contract/testing';
import { buildTheme } from '@toolkit/ui';
import { passwordProblem, ResetPassword } from './reset-password';

function fakeAuth({ codeValid = true, confirm = { success: true } as const } = {}) {
  return {
    resetCodeEmail: jest.fn((code: string) =>
      codeValid && code === 'good-code'
        ? Promise.resolve('ana@example.com')
        : Promise.reject(new Error('expired')),
    ),
    confirmPasswordReset: jest.fn(() =>
      Promise.resolve(confirm as { success: true } | { success: false; message: string }),
    ),
  };
}

function renderPage(auth: ReturnType<typeof fakeAuth>, code: string | null) {
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <ThemeProvider theme={buildTheme()}>
        <MemoryRouter>{children}</MemoryRouter>
      </ThemeProvider>
    );
  }
  return renderWithProviders(<ResetPassword auth={auth} code={code} />, { wrapper: Wrapper });
}

describe('ResetPassword', () => {
  it('sets the new password for the account the link belongs to', async () => {
    const auth = fakeAuth();
    renderPage(auth, 'good-code');
    expect(await screen.findByText('Choose a new password for ana@example.com.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'new secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'new secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The password for ana@example.com is changed.')).toBeInTheDocument();
    expect(auth.confirmPasswordReset).toHaveBeenCalledWith('good-code', 'new secret');
  });

  it('refuses a short or mismatched password without calling the provider', async () => {
    const auth = fakeAuth();
    renderPage(auth, 'good-code');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Use at least 6 characters.')).toBeInTheDocument();
    expect(auth.confirmPasswordReset).not.toHaveBeenCalled();
    expect(passwordProblem('abcdef', 'abcdeg')).toBe('The two passwords are not the same.');
  });

  it('says so when the link has expired or has no code', async () => {
    renderPage(fakeAuth(), 'used-code');
    expect(await screen.findByText('This reset link cannot be used')).toBeInTheDocument();
  });

  it('keeps the typed password and shows the provider’s message when the change fails', async () => {
    const auth = fakeAuth({ confirm: { success: false, message: 'Firebase: weak password' } as never });
    renderPage(auth, 'good-code');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'new secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'new secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText("We couldn't change the password: Firebase: weak password"),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveValue('new secret');
  });
});
