// The journey remote's test edge: the shell's store, its data layer calling a fake callable
// backend, and the theme, around the routes under test.
import type { ReactElement } from 'react';
import { ThemeProvider } from 'styled-components';
import { WithApi } from '@toolkit/data';
import type { CallableClient } from '@toolkit/platform';
import { createAppStore } from '@toolkit/store-contract';
import { renderWithProviders } from '@toolkit/store-contract/testing';
import { buildTheme } from '@toolkit/ui';

const NO_CONTENT = {
  request: () => Promise.reject(new Error('The journey reads no content in these tests.')),
};

export function renderWithApi(ui: ReactElement, callable: CallableClient) {
  const store = createAppStore({ storage: null, extra: { callable, content: NO_CONTENT } });
  return renderWithProviders(
    <ThemeProvider theme={buildTheme()}>
      <WithApi>{ui}</WithApi>
    </ThemeProvider>,
    { store },
  );
}
