import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { MESSAGES, ROUTE_BY_ID } from '@toolkit/domain';
import type { ContentClient } from '@toolkit/platform';
import { createAppStore, type AuthState } from '@toolkit/store-contract';
import { renderWithProviders } from '@toolkit/store-contract/testing';
import { buildTheme } from '@toolkit/ui';
import { KindGate } from './kind-gate';
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

/** The header around a journey stage behind its gate: both ask the organisation's kind. */
function renderLayout(auth: AuthState, request: () => Promise<unknown>) {
  const content = { request: jest.fn(request) } as unknown as ContentClient;
  const services = { content } as ShellServices;
  function Theme({ children }: { children: ReactNode }) {
    return <ThemeProvider theme={buildTheme()}>{children}</ThemeProvider>;
  }
  const store = createAppStore({ storage: null, extra: { content }, preloadedState: { auth } });
  renderWithProviders(
    <MemoryRouter initialEntries={['/step1']}>
      <ShellLayout services={services}>
        <KindGate route={ROUTE_BY_ID.journeyStep1}>
          <p>The journey</p>
        </KindGate>
      </ShellLayout>
    </MemoryRouter>,
    { store, wrapper: Theme },
  );
  return content;
}

describe('ShellLayout', () => {
  it('offers a business its journey, reading the catalogue once for the header and the gate', async () => {
    const content = renderLayout(signedIn('business-1'), () => Promise.resolve(CATALOGUE));
    expect(await screen.findByRole('link', { name: 'Journey' })).toHaveAttribute('href', '/step1');
    expect(screen.getByRole('link', { name: 'Plans' })).toBeInTheDocument();
    expect(screen.getByText('The journey')).toBeInTheDocument();
    expect(content.request).toHaveBeenCalledTimes(1);
  });

  it('offers a publisher no journey: its organisation publishes a survey', async () => {
    renderLayout(signedIn('publisher-1'), () => Promise.resolve(CATALOGUE));
    expect(await screen.findByRole('link', { name: 'Plans' })).toBeInTheDocument();
    // The catalogue has answered once the kind is known; the journey never appears.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('link', { name: 'Journey' })).not.toBeInTheDocument();
    expect(screen.queryByText('The journey')).not.toBeInTheDocument();
  });

  it('guesses no kind when the catalogue cannot be read: no journey link, the notice with Try again', async () => {
    let offline = true;
    const content = renderLayout(signedIn('business-1'), () =>
      offline ? Promise.reject(new Error('offline')) : Promise.resolve(CATALOGUE),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.catalogueUnavailable);
    expect(screen.queryByRole('link', { name: 'Journey' })).not.toBeInTheDocument();
    expect(screen.queryByText('The journey')).not.toBeInTheDocument();
    // Asked again only when the member asks, and then for the header and the gate alike.
    expect(content.request).toHaveBeenCalledTimes(1);
    offline = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Journey' })).toBeInTheDocument();
    expect(screen.getByText('The journey')).toBeInTheDocument();
    expect(content.request).toHaveBeenCalledTimes(2);
  });
});
