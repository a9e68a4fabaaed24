import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { API, type AuthClaims } from '@toolkit/domain';
import { CallableError } from '@toolkit/platform';
import { createFakeBackend, type FakeBackend } from '@toolkit/platform/testing';
import { buildTheme } from '@toolkit/ui';
import { AddressMismatchError, type ShellAuth } from '../auth/firebase-auth';
import { CompleteSignup, toolkitOf } from './complete-signup';

describe('toolkitOf', () => {
  it('reads the toolkit from the continue URL the portal put in the link', () => {
    expect(toolkitOf('http://localhost:3000/complete-signup?toolkit=energy&oobCode=x&mode=signIn')).toBe(
      'energy',
    );
  });

  it('reads it from a nested continueUrl when the provider wraps the link', () => {
    const continueUrl = encodeURIComponent('http://localhost:3000/complete-signup?toolkit=waste');
    expect(toolkitOf(`http://localhost:3000/complete-signup?mode=signIn&continueUrl=${continueUrl}`)).toBe(
      'waste',
    );
  });

  it('falls back to the Quickscan toolkit for the plain portal', () => {
    expect(toolkitOf('http://localhost:3000/complete-signup?mode=signIn&oobCode=x')).toBe('quickscan');
  });
});

function fakeAuth(claims: AuthClaims) {
  return {
    isSignInLink: jest.fn(() => Promise.resolve(true)),
    pendingEmail: () => 'ann@example.com',
    completeSignInLink: jest.fn((_href: string, _email: string) =>
      Promise.resolve({ success: true as const }),
    ),
    signInWithCustomToken: jest.fn(() => Promise.resolve({ success: true as const })),
    refreshClaims: jest.fn(() => Promise.resolve(claims)),
  };
}

function openLink(claims: AuthClaims, fake: FakeBackend, auth = fakeAuth(claims)) {
  render(
    <ThemeProvider theme={buildTheme()}>
      <MemoryRouter initialEntries={['/complete-signup']}>
        <Routes>
          <Route
            path="/complete-signup"
            element={<CompleteSignup auth={auth as unknown as ShellAuth} callable={fake} />}
          />
          <Route path="/dashboard" element={<p>dashboard</p>} />
          <Route path="/dashboard/save-results" element={<p>save results</p>} />
        </Routes>
      </MemoryRouter>
    </ThemeProvider>,
  );
  return auth;
}

const signedUp = (pendingClaims = 0) =>
  createFakeBackend({
    [API.completeSignup]: () => ({ status: 'ok' as const, tenantId: 't1', created: true, pendingClaims }),
  });

describe('CompleteSignup', () => {
  it('asks a new organisation for its name and its owner’s names, checked, before setting it up', async () => {
    const fake = signedUp();
    openLink({}, fake);
    const organisation = await screen.findByRole('textbox', { name: 'Organisation name' });
    expect(fake.calls).toEqual([]);

    await userEvent.type(screen.getByRole('textbox', { name: 'First name' }), 'Ann');
    await userEvent.click(screen.getByRole('button', { name: 'Finish sign-up' }));
    expect(screen.getByText('Enter your organisation’s name.')).toBeInTheDocument();
    expect(screen.getByText('Enter your last name.')).toBeInTheDocument();
    expect(organisation).toHaveFocus();
    expect(organisation).toHaveAccessibleDescription('Enter your organisation’s name.');
    expect(fake.calls).toEqual([]);

    await userEvent.type(organisation, '  Harbour Bakery ');
    await userEvent.type(screen.getByRole('textbox', { name: 'Last name' }), 'Baker');
    await userEvent.click(screen.getByRole('button', { name: 'Finish sign-up' }));
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(fake.callsTo(API.completeSignup)).toEqual([
      { toolkit: 'quickscan', organisationName: 'Harbour Bakery', firstName: 'Ann', lastName: 'Baker' },
    ]);
  });

  it('keeps the details and says why when setting up fails', async () => {
    const fake = signedUp();
    fake.fail(API.completeSignup, new CallableError('unavailable', 'The service is busy.'));
    openLink({}, fake);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Organisation name' }), 'Harbour Bakery');
    await userEvent.type(screen.getByRole('textbox', { name: 'First name' }), 'Ann');
    await userEvent.type(screen.getByRole('textbox', { name: 'Last name' }), 'Baker');
    await userEvent.click(screen.getByRole('button', { name: 'Finish sign-up' }));
    expect(
      await screen.findByText(/couldn't set up your organisation: The service is busy/),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Organisation name' })).toHaveValue('Harbour Bakery');
  });

  it('asks for the address when this browser last asked a link for another one, and goes on with it', async () => {
    const auth = fakeAuth({});
    auth.completeSignInLink.mockRejectedValueOnce(new AddressMismatchError());
    openLink({}, signedUp(), auth);
    expect(await screen.findByText(/This link went to another address/)).toBeInTheDocument();
    expect(screen.queryByText('Signing you in…')).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'bob@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Finish signing in' }));
    expect(await screen.findByRole('textbox', { name: 'Organisation name' })).toBeInTheDocument();
    expect(auth.completeSignInLink).toHaveBeenLastCalledWith(expect.any(String), 'bob@example.com');
  });

  it('asks a member of an organisation nothing and goes on to the dashboard', async () => {
    const fake = signedUp();
    openLink({ tenantId: 't1', role: 'user' }, fake);
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Organisation name' })).not.toBeInTheDocument();
    expect(fake.callsTo(API.completeSignup)).toEqual([{ toolkit: 'quickscan' }]);
  });

  it('leads to the page that asks whether results waiting for the address are theirs', async () => {
    openLink({ tenantId: 't1', role: 'owner' }, signedUp(1));
    expect(await screen.findByText('save results')).toBeInTheDocument();
  });
});
