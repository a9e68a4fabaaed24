import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { ThemeProvider } from 'styled-components';
import type { AuthClaims, RouteMatch } from '@toolkit/domain';
import type { ContentClient } from '@toolkit/platform';
import { authChanged, selectHasSettledSession, type AuthState } from '@toolkit/store-contract';
import { renderWithProviders } from '@toolkit/store-contract/testing';
import { buildTheme } from '@toolkit/ui';
import type { ShellAuth } from './auth/firebase-auth';
import { GuardGate } from './guard-gate';
import type { ShellServices } from './services';
import { useShownLocation } from './shown-location';

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

/** The dashboard's part: the notice it is handed in the router state. */
function ArrivalProbe() {
  const { state } = useLocation();
  return <p data-testid="arrival">{(state as { arrival?: { notice: string } } | null)?.arrival?.notice}</p>;
}

function fakeAuth(freshClaims: AuthClaims = { role: 'owner', tenantId: 't1' }) {
  return {
    load: jest.fn(() => Promise.resolve()),
    signOut: jest.fn(() => Promise.resolve()),
    signInAnonymously: jest.fn(() => Promise.resolve({ success: true as const })),
    refreshClaims: jest.fn(() => Promise.resolve(freshClaims)),
    savingSessionUid: jest.fn((): string | null => null),
  };
}

function fakeContent(request: () => Promise<unknown>) {
  return { request: jest.fn((_document: string, _variables?: object) => request()) };
}

const anonymous = (uid: string): AuthState => ({
  status: 'anonymous',
  user: { uid, email: null, displayName: null, emailVerified: false, isAnonymous: true, tenantId: null },
  claims: {},
  error: null,
  settled: false,
});
const signedOut: AuthState = { status: 'signedOut', user: null, claims: {}, error: null, settled: false };
const signedIn = (claims: AuthClaims): AuthState => ({
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
});

function renderGate(
  path: string,
  auth: AuthState,
  {
    authFake = fakeAuth(),
    content = fakeContent(() => Promise.reject(new Error('unexpected content request'))),
    page = (match: RouteMatch) => <p>screen {match.route.id}</p>,
    startRouteReads = jest.fn(),
  }: {
    authFake?: ReturnType<typeof fakeAuth>;
    content?: ReturnType<typeof fakeContent>;
    page?: (match: RouteMatch) => ReactNode;
    startRouteReads?: jest.Mock;
  } = {},
) {
  const services = {
    config: {},
    auth: authFake as unknown as ShellAuth,
    content: content as unknown as ContentClient,
    callable: {},
    startRouteReads,
  } as unknown as ShellServices;
  function Theme({ children }: { children: ReactNode }) {
    return <ThemeProvider theme={buildTheme()}>{children}</ThemeProvider>;
  }
  const result = renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <LocationProbe />
      <GuardGate services={services}>{page}</GuardGate>
    </MemoryRouter>,
    { preloadedState: { auth }, wrapper: Theme },
  );
  return { ...result, authFake, content };
}

const location = () => screen.getByTestId('location');

beforeEach(() => {
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('GuardGate', () => {
  it('sends a signed-out user from /dashboard to /', async () => {
    renderGate('/dashboard', signedOut);
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
    expect(await screen.findByText('screen portal')).toBeInTheDocument();
    expect(screen.queryByText('screen dashboard')).not.toBeInTheDocument();
  });

  it('sends an unknown path to /', async () => {
    renderGate('/no-such-page', signedOut);
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
    expect(await screen.findByText('screen portal')).toBeInTheDocument();
  });

  it('renders the dashboard for a signed-in owner', async () => {
    renderGate('/dashboard', signedIn({ role: 'owner', tenantId: 't1' }));
    expect(await screen.findByText('screen dashboard')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/dashboard');
  });

  it('sends a viewer from /dashboard/users to /dashboard', async () => {
    const viewer = { role: 'viewer', tenantId: 't1' };
    renderGate('/dashboard/users', signedIn(viewer), { authFake: fakeAuth(viewer) });
    expect(await screen.findByText('screen dashboard')).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/dashboard$/);
    expect(screen.queryByText('screen dashboardUsers')).not.toBeInTheDocument();
  });

  it.each([
    [
      'an admin',
      '/dashboard/plans',
      'admin',
      'Only an owner or billing member can open Plans, so here is your dashboard.',
    ],
    [
      'a member without a role',
      '/dashboard/insights',
      'user',
      'Only an owner, admin, billing member, editor or viewer can open Insights, so here is your dashboard.',
    ],
  ])('tells %s sent from %s to the dashboard who may open it', async (_who, path, role, notice) => {
    const claims = { role, tenantId: 't1' };
    renderGate(path, signedIn(claims), { authFake: fakeAuth(claims), page: () => <ArrivalProbe /> });
    expect(await screen.findByText(notice)).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/dashboard$/);
  });

  it('carries no notice of rights on a redirect for another reason', async () => {
    renderGate('/no-such-page', signedIn({ role: 'user', tenantId: 't1' }), { page: () => <ArrivalProbe /> });
    await waitFor(() => expect(location()).toHaveTextContent(/^\/dashboard$/));
    expect(screen.getByTestId('arrival')).toBeEmptyDOMElement();
  });

  it('refreshes the claims before a page that needs rights: a removed admin role is refused at once', async () => {
    const authFake = fakeAuth({ role: 'user', tenantId: 't1' });
    renderGate('/dashboard/users', signedIn({ role: 'admin', tenantId: 't1' }), { authFake });
    expect(await screen.findByText('screen dashboard')).toBeInTheDocument();
    expect(authFake.refreshClaims).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('screen dashboardUsers')).not.toBeInTheDocument();
  });

  it("starts a page's own reads beside the claims' refresh, not once the claims are in", async () => {
    const authFake = fakeAuth();
    authFake.refreshClaims.mockReturnValue(new Promise(() => undefined));
    const startRouteReads = jest.fn();
    renderGate('/dashboard/users', signedIn({ role: 'admin', tenantId: 't1' }), {
      authFake,
      startRouteReads,
    });
    await waitFor(() => expect(authFake.refreshClaims).toHaveBeenCalledTimes(1));
    expect(startRouteReads).toHaveBeenCalledWith('dashboardUsers');
    expect(screen.queryByText('screen dashboardUsers')).not.toBeInTheDocument();
  });

  it('lets an admin whose fresh claims still say admin open the users page', async () => {
    const authFake = fakeAuth({ role: 'admin', tenantId: 't1' });
    renderGate('/dashboard/users', signedIn({ role: 'admin', tenantId: 't1' }), { authFake });
    expect(await screen.findByText('screen dashboardUsers')).toBeInTheDocument();
    expect(authFake.refreshClaims).toHaveBeenCalledTimes(1);
  });

  it('keeps a page that needs rights mounted while only its query changes, and refreshes on the next arrival', async () => {
    const authFake = fakeAuth({ role: 'owner', tenantId: 't1' });
    let mounts = 0;
    function Links() {
      const navigate = useNavigate();
      return (
        <>
          <button onClick={() => navigate('/dashboard/received?sector=retail')}>Filter</button>
          <button onClick={() => navigate('/dashboard')}>Overview</button>
          <button onClick={() => navigate('/dashboard/received')}>Results</button>
        </>
      );
    }
    function Workbench() {
      const [mountedAs] = useState(() => ++mounts);
      return <p>workbench mount {mountedAs}</p>;
    }
    renderGate('/dashboard/received', signedIn({ role: 'owner', tenantId: 't1' }), {
      authFake,
      page: (match) => (
        <>
          <Links />
          {match.route.id === 'dashboardReceived' ? <Workbench /> : <p>screen {match.route.id}</p>}
        </>
      ),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Filter' }));
    expect(location()).toHaveTextContent('/dashboard/received');
    expect(screen.getByText('workbench mount 1')).toBeInTheDocument();
    expect(authFake.refreshClaims).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Overview' }));
    expect(await screen.findByText('screen dashboard')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Results' }));
    expect(await screen.findByText('workbench mount 2')).toBeInTheDocument();
    expect(authFake.refreshClaims).toHaveBeenCalledTimes(2);
  });

  it('keeps the page before drawn, at its own location, until a page that needs rights has fresh claims', async () => {
    let answerClaims: (claims: AuthClaims) => void = () => undefined;
    const authFake = fakeAuth();
    authFake.refreshClaims.mockImplementation(
      () => new Promise<AuthClaims>((resolve) => (answerClaims = resolve)),
    );
    let mounts = 0;
    function Area({ id }: { id: string }) {
      const [mountedAs] = useState(() => ++mounts);
      const navigate = useNavigate();
      return (
        <>
          <button onClick={() => navigate('/dashboard/users')}>Users</button>
          <p>
            area mount {mountedAs} draws {id} at {useShownLocation().pathname}
          </p>
        </>
      );
    }
    renderGate('/dashboard', signedIn({ role: 'admin', tenantId: 't1' }), {
      authFake,
      page: (match) => <Area id={match.route.id} />,
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Users' }));
    expect(location()).toHaveTextContent('/dashboard/users');
    expect(screen.getByText('area mount 1 draws dashboard at /dashboard')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the page…');
    expect(authFake.refreshClaims).toHaveBeenCalledTimes(1);
    await act(async () => answerClaims({ role: 'admin', tenantId: 't1' }));
    expect(
      await screen.findByText('area mount 1 draws dashboardUsers at /dashboard/users'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('sends a member whose role was removed meanwhile back from the page before, without drawing the new one', async () => {
    let answerClaims: (claims: AuthClaims) => void = () => undefined;
    const authFake = fakeAuth();
    authFake.refreshClaims.mockImplementation(
      () => new Promise<AuthClaims>((resolve) => (answerClaims = resolve)),
    );
    const drawn: string[] = [];
    function Area({ id }: { id: string }) {
      const navigate = useNavigate();
      drawn.push(id);
      return <button onClick={() => navigate('/dashboard/users')}>Users of {id}</button>;
    }
    renderGate('/dashboard', signedIn({ role: 'admin', tenantId: 't1' }), {
      authFake,
      page: (match) => <Area id={match.route.id} />,
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Users of dashboard' }));
    await act(async () => answerClaims({ role: 'user', tenantId: 't1' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/dashboard$/));
    expect(screen.getByRole('button', { name: 'Users of dashboard' })).toBeInTheDocument();
    expect(drawn).not.toContain('dashboardUsers');
  });

  it('signs a signed-in user out once on the forced-logout page /invite', async () => {
    const { authFake } = renderGate('/invite', signedIn({ role: 'owner', tenantId: 't1' }));
    await waitFor(() => expect(authFake.signOut).toHaveBeenCalledTimes(1));
    // Let any follow-up effects run; the sign-out must not be repeated.
    await act(async () => {
      await Promise.resolve();
    });
    expect(authFake.signOut).toHaveBeenCalledTimes(1);
    expect(authFake.signInAnonymously).not.toHaveBeenCalled();
    expect(location()).toHaveTextContent('/invite');
  });

  describe('/complete-signup and the anonymous session saving its results', () => {
    it('keeps the session that asked here for its Save my results link, and the account the link makes of it', async () => {
      const authFake = fakeAuth();
      authFake.savingSessionUid.mockReturnValue('anon');
      const { store } = renderGate('/complete-signup', anonymous('anon'), { authFake });
      expect(await screen.findByText('screen completeSignup')).toBeInTheDocument();
      await waitFor(() => expect(selectHasSettledSession(store.getState())).toBe(true));

      // The link upgrades the session: the same uid, now with the address.
      act(() => {
        store.dispatch(authChanged({ user: { ...signedIn({}).user!, uid: 'anon', tenantId: null } }));
      });
      expect(store.getState().auth.status).toBe('signedIn');
      await act(async () => {
        await Promise.resolve();
      });
      expect(screen.getByText('screen completeSignup')).toBeInTheDocument();
      expect(location()).toHaveTextContent('/complete-signup');
      expect(authFake.signOut).not.toHaveBeenCalled();
    });

    it('ends an anonymous session that is not the one that asked for the link here', async () => {
      const authFake = fakeAuth();
      authFake.savingSessionUid.mockReturnValue('respondent');
      authFake.signOut.mockReturnValue(new Promise(() => undefined));
      renderGate('/complete-signup', anonymous('left-behind'), { authFake });
      await waitFor(() => expect(authFake.signOut).toHaveBeenCalledTimes(1));
      expect(screen.queryByText('screen completeSignup')).not.toBeInTheDocument();
    });

    it('ends an anonymous session when no saving link was asked here', async () => {
      const { authFake } = renderGate('/complete-signup', anonymous('anon'));
      await waitFor(() => expect(authFake.signOut).toHaveBeenCalledTimes(1));
    });

    it('ends a signed-in session even when its uid is the saving one', async () => {
      const authFake = fakeAuth();
      authFake.savingSessionUid.mockReturnValue('u1');
      renderGate('/complete-signup', signedIn({ role: 'owner', tenantId: 't1' }), { authFake });
      await waitFor(() => expect(authFake.signOut).toHaveBeenCalledTimes(1));
    });

    it('ends the saving session on /invite', async () => {
      const authFake = fakeAuth();
      authFake.savingSessionUid.mockReturnValue('anon');
      renderGate('/invite', anonymous('anon'), { authFake });
      await waitFor(() => expect(authFake.signOut).toHaveBeenCalledTimes(1));
    });
  });

  it('shows a spinner and no screen while the auth status is unknown', () => {
    renderGate('/dashboard', { status: 'unknown', user: null, claims: {}, error: null, settled: false });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByText(/^screen /)).not.toBeInTheDocument();
    expect(location()).toHaveTextContent('/dashboard');
  });

  it('offers a retry when the survey cannot be loaded, and retrying asks again', async () => {
    const content = fakeContent(() => Promise.reject(new Error('Could not receive the data')));
    renderGate('/survey/t1/s1', signedOut, { content });
    expect(await screen.findByText("We couldn't load this survey")).toBeInTheDocument();
    expect(content.request).toHaveBeenCalledTimes(1);
    expect(content.request).toHaveBeenCalledWith(expect.stringContaining('survey(id: $id)'), { id: 's1' });
    expect(screen.queryByText(/^screen /)).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(content.request).toHaveBeenCalledTimes(2));
    expect(await screen.findByText("We couldn't load this survey")).toBeInTheDocument();
  });

  it('shows a signed-out respondent the survey while it signs them in anonymously', async () => {
    const content = fakeContent(() =>
      Promise.resolve({ survey: { id: 's1', tenantId: 't1', requireAccount: false } }),
    );
    const authFake = fakeAuth();
    authFake.signInAnonymously.mockReturnValue(new Promise(() => undefined));
    renderGate('/survey/t1/s1', signedOut, { content, authFake });
    expect(await screen.findByText('screen surveyStart')).toBeInTheDocument();
    expect(authFake.signInAnonymously).toHaveBeenCalledTimes(1);
  });

  it('signs a signed-in user out before showing them a survey, which they answer anonymously', async () => {
    const content = fakeContent(() =>
      Promise.resolve({ survey: { id: 's1', tenantId: 't1', requireAccount: false } }),
    );
    const authFake = fakeAuth();
    authFake.signOut.mockReturnValue(new Promise(() => undefined));
    renderGate('/survey/t1/s1', signedIn({ role: 'owner', tenantId: 't1' }), { content, authFake });
    await waitFor(() => expect(authFake.signOut).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('screen surveyStart')).not.toBeInTheDocument();
  });

  it("sends a survey of another tenant to /dashboard, as if it weren't found", async () => {
    const content = fakeContent(() =>
      Promise.resolve({ survey: { id: 's1', tenantId: 'other', requireAccount: false } }),
    );
    const { authFake } = renderGate('/survey/t1/s1', signedOut, { content });
    await waitFor(() => expect(location()).toHaveTextContent(/^\/dashboard$/));
    expect(authFake.signInAnonymously).not.toHaveBeenCalled();
    expect(screen.queryByText('screen surveyStart')).not.toBeInTheDocument();
  });

  describe('before the sign-in SDK has loaded (status unknown)', () => {
    const unknown: AuthState = { status: 'unknown', user: null, claims: {}, error: null, settled: false };
    const survey = (requireAccount: boolean) =>
      fakeContent(() => Promise.resolve({ survey: { id: 's1', tenantId: 't1', requireAccount } }));

    it('shows a survey anyone may answer at once, without loading the SDK or settling a session', async () => {
      const { authFake, store } = renderGate('/survey/t1/s1', unknown, { content: survey(false) });
      expect(await screen.findByText('screen surveyStart')).toBeInTheDocument();
      expect(authFake.load).not.toHaveBeenCalled();
      expect(selectHasSettledSession(store.getState())).toBe(false);
    });

    it('keeps the survey on screen while a signed-in session found later is replaced by an anonymous one', async () => {
      const authFake = fakeAuth();
      const { store } = renderGate('/survey/t1/s1', unknown, { content: survey(false), authFake });
      await screen.findByText('screen surveyStart');
      // What Firebase reports as each step completes; the sign-out finishes when the test says.
      let finishSignOut = () => undefined as void;
      authFake.signOut.mockImplementation(
        () =>
          new Promise<void>((resolve) => {
            finishSignOut = () => {
              store.dispatch(authChanged({ user: null }));
              resolve();
            };
          }),
      );
      authFake.signInAnonymously.mockImplementation(async () => {
        store.dispatch(authChanged({ user: { ...signedIn({}).user!, uid: 'anon', isAnonymous: true } }));
        return { success: true as const };
      });

      act(() => {
        store.dispatch(authChanged({ user: signedIn({}).user, claims: { role: 'owner', tenantId: 't1' } }));
      });
      await waitFor(() => expect(authFake.signOut).toHaveBeenCalledTimes(1));
      expect(screen.getByText('screen surveyStart')).toBeInTheDocument();
      expect(selectHasSettledSession(store.getState())).toBe(false);

      await act(async () => finishSignOut());
      await waitFor(() => expect(selectHasSettledSession(store.getState())).toBe(true));
      expect(store.getState().auth.status).toBe('anonymous');
      expect(authFake.signOut).toHaveBeenCalledTimes(1);
      expect(authFake.signInAnonymously).toHaveBeenCalledTimes(1);
      expect(screen.getByText('screen surveyStart')).toBeInTheDocument();
    });

    it('loads the SDK, showing nothing yet, for a survey that requires an account', async () => {
      const { authFake } = renderGate('/survey/t1/s1', unknown, { content: survey(true) });
      await waitFor(() => expect(authFake.load).toHaveBeenCalledTimes(1));
      expect(screen.queryByText(/^screen /)).not.toBeInTheDocument();
    });

    it('shows the public credential check at once, never loading the SDK', async () => {
      const { authFake } = renderGate('/verify', unknown);
      expect(await screen.findByText('screen verifyCredential')).toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(authFake.load).not.toHaveBeenCalled();
    });

    it('loads the SDK for the dashboard', async () => {
      const { authFake } = renderGate('/dashboard', unknown);
      await waitFor(() => expect(authFake.load).toHaveBeenCalledTimes(1));
      expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    });

    it('offers a retry when the sign-in service cannot be reached', async () => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const authFake = fakeAuth();
      authFake.load.mockRejectedValueOnce(new Error('offline'));
      renderGate('/dashboard', unknown, { authFake });
      expect(await screen.findByText("We couldn't reach the sign-in service")).toBeInTheDocument();
      await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(authFake.load).toHaveBeenCalledTimes(2));
      expect(screen.queryByText("We couldn't reach the sign-in service")).not.toBeInTheDocument();
    });
  });
});
