// The billing remote's test edge: the shell's store (signed in as an owner unless a test says
// otherwise), its data layer calling the fake callable backend, and the theme.
import type { ReactElement } from 'react';
import { ThemeProvider } from 'styled-components';
import { WithApi } from '@toolkit/data';
import type { FakeBackend } from '@toolkit/platform/testing';
import { createAppStore, type PreloadedState } from '@toolkit/store-contract';
import { renderWithProviders } from '@toolkit/store-contract/testing';
import { buildTheme } from '@toolkit/ui';

const OWNER = {
  uid: 'owner-1',
  email: 'olivia@example.com',
  displayName: null,
  emailVerified: true,
  isAnonymous: false,
  tenantId: 'tenant-1',
};

export const SIGNED_IN_OWNER: PreloadedState = {
  auth: {
    status: 'signedIn',
    user: OWNER,
    claims: { role: 'owner', tenantId: 'tenant-1' },
    error: null,
    settled: true,
  },
};

const NO_CONTENT = {
  request: () => Promise.reject(new Error('Billing reads no content in these tests.')),
};

export function renderBilling(ui: ReactElement, backend: FakeBackend, preloadedState = SIGNED_IN_OWNER) {
  const store = createAppStore({
    storage: null,
    extra: { callable: backend, content: NO_CONTENT },
    preloadedState,
  });
  return renderWithProviders(
    <ThemeProvider theme={buildTheme()}>
      <WithApi>{ui}</WithApi>
    </ThemeProvider>,
    { store },
  );
}
