import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { ThemeProvider } from 'styled-components';
import type { AuthClaims } from '@toolkit/domain';
import type { ContentClient } from '@toolkit/platform';
import type { AuthState } from '@toolkit/store-contract';
import { renderWithProviders } from '@toolkit/store-contract/testing';
import { buildTheme } from '@toolkit/ui';
import type { ShellAuth } from '../auth/firebase-auth';
import { GuardGate } from '../guard-gate';
import type { ShellServices } from '../services';
import { NotFoundNotice, redirectState } from './not-found-notice';

function LocationProbe() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

const claims: AuthClaims = { role: 'owner', tenantId: 't1' };
const signedIn: AuthState = {
  status: 'signedIn',
  user: {
    uid: 'u1',
    email: 'ann@example.com',
    displayName: 'Ann',
    emailVerified: true,
    isAnonymous: false,
    tenantId: 't1',
  },
  claims,
  error: null,
  settled: false,
};
const signedOut: AuthState = { status: 'signedOut', user: null, claims: {}, error: null, settled: false };

/** The shell's gate with the notice where app.tsx puts it, the content service answering no survey. */
function renderGate(path: string, auth: AuthState) {
  const services = {
    config: {},
    auth: {
      load: () => Promise.resolve(),
      signOut: () => Promise.resolve(),
      signInAnonymously: () => Promise.resolve({ success: true }),
      refreshClaims: () => Promise.resolve(claims),
    } as unknown as ShellAuth,
    content: { request: () => Promise.resolve({ survey: null }) } as unknown as ContentClient,
    callable: {},
  } as unknown as ShellServices;
  const Theme = ({ children }: { children: ReactNode }) => (
    <ThemeProvider theme={buildTheme()}>{children}</ThemeProvider>
  );
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <LocationProbe />
      <GuardGate services={services}>
        {(match) => (
          <>
            <NotFoundNotice match={match} />
            <p>screen {match.route.id}</p>
          </>
        )}
      </GuardGate>
    </MemoryRouter>,
    { preloadedState: { auth }, wrapper: Theme },
  );
}

jest.spyOn(console, 'info').mockImplementation(() => undefined);

describe('what a redirect could not find', () => {
  it('is set by an unknown path or survey and carried along the redirects after it', () => {
    expect(redirectState('unknown route', null)).toEqual({ notFound: 'page' });
    expect(redirectState('survey not found', null)).toEqual({ notFound: 'survey' });
    expect(redirectState('signed in', { notFound: 'page' })).toEqual({ notFound: 'page' });
    expect(redirectState('not logged in', null)).toBeUndefined();
    expect(redirectState('not logged in', { notFound: 'elsewhere' })).toBeUndefined();
  });

  it('an unknown dashboard path lands a signed-in user on the dashboard, which says so', async () => {
    renderGate('/dashboard/no-such-page', signedIn);
    expect(await screen.findByText('screen dashboard')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/);
    const words = await screen.findByText("We couldn't find that page, so you are on your dashboard.");
    expect(words.closest('[role="status"]')).not.toBeNull();
  });

  it('an unknown survey lands a signed-out visitor on the start page, which says so', async () => {
    renderGate('/survey/demo-publisher/no-such-survey', signedOut);
    expect(await screen.findByText('screen portal')).toBeInTheDocument();
    expect(
      await screen.findByText("We couldn't find that survey, so you are on the start page."),
    ).toBeInTheDocument();
  });

  it('a page reached for another reason says nothing', async () => {
    renderGate('/dashboard', signedOut);
    expect(await screen.findByText('screen portal')).toBeInTheDocument();
    expect(screen.queryByText(/couldn't find/)).not.toBeInTheDocument();
  });
});
