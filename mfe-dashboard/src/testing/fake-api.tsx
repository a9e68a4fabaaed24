// The network edge of the dashboard's tests: the shared fake backend answers `services.callable`
// and the account services, so screens run their real code against chosen answers.
import { MemoryRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import type { AuthClaims, TenantUserProfile } from '@toolkit/domain';
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

export function createFakeApi(initial: FakeHandlers = {}, surveys = SURVEYS): FakeApi {
  const backend = createFakeBackend(initial);
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
      request: async <T,>() => ({ surveys }) as T,
    },
    requestSession: () => undefined,
    signOut: async () => undefined,
    signInAnonymously: async () => ({ success: true }),
    signInWithCustomToken: async () => ({ success: true }),
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
  { claims = { role: 'owner', tenantId: 'tenant-1' } }: { claims?: AuthClaims } = {},
) {
  const store = createAppStore({
    storage: null,
    preloadedState: { auth: { status: 'signedIn', user: OWNER, claims, error: null, settled: false } },
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
