import { createContext, useContext, type ReactNode } from 'react';
import type { AppStore } from './store';

// One context for the shell and every remote: this package is a federation singleton, so they all
// read the same context object.
const StoreContext = createContext<AppStore | null>(null);

/** Makes the shell's store available to the hooks below it. */
export function StoreProvider({ store, children }: { store: AppStore; children?: ReactNode }) {
  return <StoreContext value={store}>{children}</StoreContext>;
}

/** The store of the nearest `StoreProvider`. */
export function useAppStore(): AppStore {
  const store = useContext(StoreContext);
  if (!store) {
    throw new Error(
      'No store here: render this component inside <StoreProvider store={…}> from @toolkit/store-contract.',
    );
  }
  return store;
}
