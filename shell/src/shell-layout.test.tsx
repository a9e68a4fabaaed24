import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import type { ContentClient } from '@toolkit/platform';
import type { AuthState } from '@toolkit/store-contract';
import { renderWithProviders } from '@toolkit/store-contract/testing';
import { buildTheme } from '@toolkit/ui';
import type { ShellServices } from './services';
import { ShellLayout } from './shell-layout';

const CATALOGUE = { surveys: [{ id: 'quickscan', title: 'Quickscan', tenantId: 'publisher-1' }] };

const signedIn = (tenantId: string): AuthState => ({
  status: 'signedIn',
  user: {
    uid: 'u1',
    email: 'ann@example.com',
    displayName: 'Ann',
    emailVerified: true,
    isAnonymous: false,
    tenantId,
  },
  claims: { role: 'owner', tenantId },
  error: null,
  settled: true,
});

function renderLayout(auth: AuthState, request: () => Promise<unknown>) {
  const services = { content: { request: jest.fn(request) } as unknown as ContentClient } as ShellServices;
  function Theme({ children }: { children: ReactNode }) {
    return <ThemeProvider theme={buildTheme()}>{children}</ThemeProvider>;
  }
  return renderWithProviders(
    <MemoryRouter initialEntries={['/dashboard']}>
      <ShellLayout services={services}>
        <p>page</p>
      </ShellLayout>
    </MemoryRouter>,
    { preloadedState: { auth }, wrapper: Theme },
  );
}

describe('ShellLayout', () => {
  it('offers a business its journey', async () => {
    renderLayout(signedIn('business-1'), () => Promise.resolve(CATALOGUE));
    expect(await screen.findByRole('link', { name: 'Journey' })).toHaveAttribute('href', '/step1');
    expect(screen.getByRole('link', { name: 'Plans' })).toBeInTheDocument();
  });

  it('offers a publisher no journey: its organisation publishes a survey', async () => {
    renderLayout(signedIn('publisher-1'), () => Promise.resolve(CATALOGUE));
    expect(await screen.findByRole('link', { name: 'Plans' })).toBeInTheDocument();
    // The catalogue has answered once the kind is known; the journey never appears.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('link', { name: 'Journey' })).not.toBeInTheDocument();
  });

  it('keeps the journey when the catalogue cannot be read', async () => {
    renderLayout(signedIn('business-1'), () => Promise.reject(new Error('offline')));
    expect(await screen.findByRole('link', { name: 'Journey' })).toBeInTheDocument();
  });
});
