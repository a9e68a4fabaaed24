// The network edge of the dashboard's tests: the shared fake backend answers `services.callable`
// and the account services, so screens run their real code against chosen answers.
import { MemoryRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { API, type AuthClaims, type TenantUserProfile } from '@toolkit/domain';
import type { AppServices, AuthOutcome } from '@toolkit/parcel';
import { createFakeBackend, type FakeBackend, type FakeHandlers } from '@toolkit/platform/testing';
import { createAppStore, type AuthUser } from '@toolkit/store-contract';
import { renderWithProviders } from '@toolkit/store-contract/testing';
import { buildTheme } from '@toolkit/ui';
import { App } from '../app';

export interface FakeApi extends FakeBackend {
  services: AppServices;
  /** How often the screen asked for fresh claims. */
  refreshes: () => number;
}

/** Handler names of the identity provider's account services; they succeed unless a test sets a handler. */
export const ACCOUNT = {
  updatePassword: 'auth:updatePassword',
  sendPasswordReset: 'auth:sendPasswordReset',
  updateDisplayName: 'auth:updateDisplayName',
} as const;

/** What the content service lists, for naming results. */
export const SURVEYS = [
  {
    id: 'business-quickscan',
    title: 'Sustainability Quickscan for your business',
    tenantId: 'demo-publisher',
  },
  { id: 'supplier-assessment', title: 'Supplier Sustainability Assessment', tenantId: 'demo-publisher' },
];

/** The tenant's toolkit as the content service publishes it (`toolkit` query). */
export const TOOLKIT = {
  name: 'quickscan',
  title: 'Sustainability Quickscan',
  tenantId: 'demo-publisher',
  assessment: { id: 'business-quickscan', title: SURVEYS[0]!.title, tenantId: 'demo-publisher' },
  teamSurvey: {
    id: 'supplier-assessment',
    title: 'Supplier Sustainability Assessment',
    tenantId: 'demo-publisher',
  },
};

/**
 * `getProfile` answers OWNER_PROFILE in a tenant of TOOLKIT unless a test says otherwise; the
 * content service answers the survey list, the toolkit and no articles, each query reading its own
 * field, unless a test sets a `content:<operation>` handler.
 */
export function createFakeApi(
  initial: FakeHandlers = {},
  surveys = SURVEYS,
  toolkit: unknown = TOOLKIT,
): FakeApi {
  const backend = createFakeBackend({
    [API.getProfile]: () => ({
      status: 'ok',
      profile: OWNER_PROFILE,
      tenant: { id: 'tenant-1', createdBy: 'owner-1', getStarted: true, toolkit: 'quickscan' },
    }),
    // The live profile's stream opens on every screen: it sends what getProfile answers now, then
    // waits for the test's pushes.
    [API.watchProfile]: async () => {
      const current = backend.handlers.get(API.getProfile);
      const answer = current ? ((await current(null)) as { profile: TenantUserProfile | null }) : null;
      return { profile: answer?.profile ?? null };
    },
    ...initial,
  });
  let refreshCount = 0;
  const account =
    (name: (typeof ACCOUNT)[keyof typeof ACCOUNT]) =>
    async (value: string): Promise<AuthOutcome> => {
      if (backend.handlers.has(name)) return backend.call<string, AuthOutcome>(name, value);
      backend.calls.push({ name, data: value });
      return { success: true };
    };
  const services: AppServices = {
    callable: backend,
    content: {
      // A query a test answers itself goes to the handler `content:<operation name>` with its
      // variables (and so is logged, and can be held or failed); any other gets the fixed catalogue.
      request: async <T,>(document: unknown, variables?: object) => {
        const operation = /query\s+(\w+)/.exec(String(document))?.[1] ?? '';
        const name = `content:${operation}` as const;
        if (backend.handlers.has(name)) return backend.call<object, T>(name, variables ?? {});
        return { surveys, toolkit, articles: [], article: null } as T;
      },
    },
    requestSession: () => undefined,
    signOut: async () => undefined,
    signInAnonymously: async () => ({ success: true }),
    signInWithCustomToken: async () => ({ success: true }),
    sendSignInLink: async () => ({ success: true }),
    refreshClaims: async () => {
      refreshCount += 1;
    },
    sendPasswordReset: account(ACCOUNT.sendPasswordReset),
    updatePassword: account(ACCOUNT.updatePassword),
    updateDisplayName: account(ACCOUNT.updateDisplayName),
  };
  return Object.assign(backend, { services, refreshes: () => refreshCount });
}

export const OWNER: AuthUser = {
  uid: 'owner-1',
  email: 'olivia@example.com',
  displayName: null,
  emailVerified: true,
  isAnonymous: false,
  tenantId: 'tenant-1',
};

/** OWNER's stored profile, as getProfile answers it. */
export const OWNER_PROFILE: TenantUserProfile = {
  uid: OWNER.uid,
  email: 'olivia@example.com',
  firstName: 'Olivia',
  lastName: 'Owens',
  tenantId: 'tenant-1',
  role: 'owner',
  organization: { name: 'Green Grocers' },
};

/** Renders the dashboard remote at `path` with the shell's store, theme and the fake services. */
export function renderDashboard(
  path: string,
  api: FakeApi,
  {
    claims = { role: 'owner', tenantId: 'tenant-1' },
    user = OWNER,
  }: { claims?: AuthClaims; user?: AuthUser } = {},
) {
  const store = createAppStore({
    storage: null,
    extra: api.services,
    preloadedState: { auth: { status: 'signedIn', user, claims, error: null, settled: false } },
  });
  return renderWithProviders(
    <ThemeProvider theme={buildTheme()}>
      <MemoryRouter initialEntries={[path]}>
        <App services={api.services} />
      </MemoryRouter>
    </ThemeProvider>,
    { store },
  );
}
