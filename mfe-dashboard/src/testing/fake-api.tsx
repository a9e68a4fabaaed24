// The network edge of the dashboard's tests: `services.callable.call` and the account services
// answer from a Map of in-test handlers, so screens run their real code against chosen answers.
import { MemoryRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import type { AuthClaims, TenantUserProfile } from '@toolkit/domain';
import type { AppServices, AuthOutcome } from '@toolkit/parcel';
import { CallableError, type CallableClient } from '@toolkit/platform';
import { createAppStore, type AuthUser } from '@toolkit/store-contract';
import { renderWithProviders } from '@toolkit/store-contract/src/testing';
import { buildTheme } from '@toolkit/ui';
import { App } from '../app';

export type Handler = (data: unknown) => unknown;

export interface FakeApi {
  services: AppServices;
  handlers: Map<string, Handler>;
  /** Every call in order, with its request. */
  calls: { name: string; data: unknown }[];
  /** How often the screen asked for fresh claims. */
  refreshes: () => number;
  callsTo: (name: string) => unknown[];
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

export function createFakeApi(initial: Record<string, Handler> = {}, surveys = SURVEYS): FakeApi {
  const handlers = new Map(Object.entries(initial));
  const calls: { name: string; data: unknown }[] = [];
  let refreshCount = 0;
  const callable: CallableClient = {
    async call<Req, Res>(name: string, data: Req): Promise<Res> {
      calls.push({ name, data });
      const handler = handlers.get(name);
      if (!handler) throw new CallableError('not-found', `No handler for ${name} in this test.`);
      return (await handler(data)) as Res;
    },
  };
  const account =
    (name: string) =>
    async (value: string): Promise<AuthOutcome> => {
      calls.push({ name, data: value });
      const handler = handlers.get(name);
      return handler ? ((await handler(value)) as AuthOutcome) : { success: true };
    };
  const services: AppServices = {
    callable,
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
  return {
    services,
    handlers,
    calls,
    refreshes: () => refreshCount,
    callsTo: (name) => calls.filter((call) => call.name === name).map((call) => call.data),
  };
}

/** A server answer that is an error with the server's message, as the callable client raises it. */
export function serverError(code: ConstructorParameters<typeof CallableError>[0], message: string): never {
  throw new CallableError(code, message, { hasServerMessage: true });
}

/** A promise the test settles itself, to observe in-between states such as "Saving…". */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
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
