import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { MESSAGES, opensFor, ROUTE_BY_ID, ROUTES, type RouteDefinition, type RouteId } from '@toolkit/domain';
import type { ContentClient } from '@toolkit/platform';
import { createAppStore, loadCatalogue, type AuthState } from '@toolkit/store-contract';
import { renderWithProviders } from '@toolkit/store-contract/testing';
import { buildTheme } from '@toolkit/ui';
import { KindGate } from './kind-gate';

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

function Dashboard() {
  const { state } = useLocation();
  return <p>Dashboard: {(state as { arrival?: { notice: string } } | null)?.arrival?.notice}</p>;
}

function renderAt(
  routeId: RouteId,
  auth: AuthState,
  request: () => Promise<unknown> = () => Promise.resolve(CATALOGUE),
) {
  const route = ROUTE_BY_ID[routeId];
  const content = { request: jest.fn(request) } as unknown as ContentClient;
  function Theme({ children }: { children: ReactNode }) {
    return <ThemeProvider theme={buildTheme()}>{children}</ThemeProvider>;
  }
  // The shell's services reach the catalogue through the store, as bootstrap hands them to it.
  const store = createAppStore({ storage: null, extra: { content }, preloadedState: { auth } });
  renderWithProviders(
    <MemoryRouter initialEntries={[route.path]}>
      <Routes>
        <Route path="/dashboard" element={<Dashboard />} />
        <Route
          path="*"
          element={
            <KindGate route={route}>
              <p>The remote’s screen</p>
            </KindGate>
          }
        />
      </Routes>
    </MemoryRouter>,
    { store, wrapper: Theme },
  );
  return content;
}

describe('KindGate', () => {
  it('sends a publisher who opens a journey stage by its address to the dashboard, saying why', async () => {
    renderAt('journeyStep2', signedIn('publisher-1'));
    expect(
      await screen.findByText(
        'Dashboard: Journey stage 2 is a screen for businesses. Your organisation publishes surveys, so here is its overview.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('The remote’s screen')).not.toBeInTheDocument();
  });

  it('opens the journey for a business once its kind is known', async () => {
    renderAt('journeyStep1', signedIn('business-1'));
    expect(await screen.findByText('The remote’s screen')).toBeInTheDocument();
  });

  it('opens a screen for every kind at once, without asking the catalogue', () => {
    const content = renderAt('dashboardProfile', signedIn('publisher-1'));
    expect(screen.getByText('The remote’s screen')).toBeInTheDocument();
    expect(content.request).not.toHaveBeenCalled();
  });

  it('neither opens nor refuses a one-kind screen when the catalogue cannot be read: it says so, with Try again', async () => {
    let offline = true;
    const content = renderAt('journeyStep1', signedIn('business-1'), () =>
      offline ? Promise.reject(new Error('offline')) : Promise.resolve(CATALOGUE),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.catalogueUnavailable);
    expect(screen.queryByText('The remote’s screen')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Dashboard:/)).not.toBeInTheDocument();
    offline = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The remote’s screen')).toBeInTheDocument();
    expect(content.request).toHaveBeenCalledTimes(2);
  });

  it('keeps the screen mounted moving from a page for every kind to one for the organisation’s kind', async () => {
    const forBusinesses = ROUTES.find(
      (route) =>
        route.owner === 'dashboard' && opensFor(route.id, 'business') && !opensFor(route.id, 'publisher'),
    )!;
    let mounts = 0;
    function Screen() {
      const [mountedAs] = useState(() => ++mounts);
      return <p>screen mount {mountedAs}</p>;
    }
    function Pages() {
      const [route, setRoute] = useState<RouteDefinition>(ROUTE_BY_ID.dashboardProfile);
      return (
        <>
          <button onClick={() => setRoute(forBusinesses)}>Move</button>
          <KindGate route={route}>
            <Screen />
          </KindGate>
        </>
      );
    }
    const content = { request: jest.fn(() => Promise.resolve(CATALOGUE)) } as unknown as ContentClient;
    const store = createAppStore({
      storage: null,
      extra: { content },
      preloadedState: { auth: signedIn('business-1') },
    });
    // The catalogue is in, as the shell's menu has read it by the time anyone moves.
    await store.dispatch(loadCatalogue());
    renderWithProviders(
      <MemoryRouter>
        <ThemeProvider theme={buildTheme()}>
          <Pages />
        </ThemeProvider>
      </MemoryRouter>,
      { store },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Move' }));
    expect(screen.getByText('screen mount 1')).toBeInTheDocument();
  });
});
