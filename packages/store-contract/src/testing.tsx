import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createAppStore, type AppStore, type PreloadedState } from './store';

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'queries' | 'wrapper'> {
  preloadedState?: PreloadedState;
  /** A store to render with; by default a fresh one that does not touch local storage. */
  store?: AppStore;
  /** Extra providers (e.g. the theme) inside the Redux provider. */
  wrapper?: (props: { children: ReactNode }) => ReactNode;
}

/** Renders `ui` inside a Redux provider; returns the store with the usual render result. */
export function renderWithProviders(
  ui: ReactElement,
  {
    preloadedState,
    store = createAppStore({ preloadedState, storage: null }),
    wrapper: Inner,
    ...renderOptions
  }: RenderWithProvidersOptions = {},
) {
  function Wrapper({ children }: { children: ReactNode }) {
    return <Provider store={store}>{Inner ? <Inner>{children}</Inner> : children}</Provider>;
  }
  return { store, ...render(ui, { wrapper: Wrapper, ...renderOptions }) };
}
