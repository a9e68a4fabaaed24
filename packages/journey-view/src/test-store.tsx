// The tests' edge: the shell's store with the data layer attached over a fake callable backend.
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { WithApi } from '@toolkit/data';
import type { CallableClient } from '@toolkit/platform';
import { createAppStore } from '@toolkit/store-contract';
import { buildTheme } from '@toolkit/ui';

const NO_CONTENT = {
  request: () => Promise.reject(new Error('The journey reads no content in these tests.')),
};

/** A fresh store whose data layer calls `callable`, and the providers a journey view renders in. */
export function journeyProviders(callable: CallableClient) {
  const store = createAppStore({ storage: null, extra: { callable, content: NO_CONTENT } });
  function wrapper({ children }: { children: ReactNode }) {
    return (
      <Provider store={store}>
        <ThemeProvider theme={buildTheme()}>
          <MemoryRouter>
            <WithApi>{children}</WithApi>
          </MemoryRouter>
        </ThemeProvider>
      </Provider>
    );
  }
  return { store, wrapper };
}
