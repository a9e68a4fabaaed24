import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { ROUTE_BY_ID, type RouteId } from '@toolkit/domain';
import type { ContentClient } from '@toolkit/platform';
import type { AuthState } from '@toolkit/store-contract';
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

function renderAt(routeId: RouteId, auth: AuthState) {
  const route = ROUTE_BY_ID[routeId];
  const content = { request: jest.fn(() => Promise.resolve(CATALOGUE)) } as unknown as ContentClient;
  function Theme({ children }: { children: ReactNode }) {
    return <ThemeProvider theme={buildTheme()}>{children}</ThemeProvider>;
  }
  renderWithProviders(
    <MemoryRouter initialEntries={[route.path]}>
      <Routes>
        <Route path="/dashboard" element={<Dashboard />} />
        <Route
          path="*"
          element={
            <KindGate route={route} content={content}>
              <p>The remote’s screen</p>
            </KindGate>
          }
        />
      </Routes>
    </MemoryRouter>,
    { preloadedState: { auth }, wrapper: Theme },
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
});
