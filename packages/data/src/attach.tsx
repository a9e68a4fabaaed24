import { useState, type ReactNode } from 'react';
import { sliceInjected, useAppStore, type AppStore } from '@toolkit/store-contract';
import { api } from './api';
import { outsideChanges } from './outside-changes';

const attached = new WeakSet<object>();

/**
 * Gives the shell's store the API's reducer and middleware (once per store): done by the remotes
 * that read server data as they mount, so the shell and the survey path never load the data layer.
 */
export function attachApi(store: Pick<AppStore, 'rootReducer' | 'addMiddleware' | 'dispatch'>): void {
  if (attached.has(store)) return;
  attached.add(store);
  store.rootReducer.inject(api);
  store.addMiddleware(api.middleware, outsideChanges);
  store.dispatch(sliceInjected(api.reducerPath));
}

/** Attaches the API to the store of the Redux provider above before anything below reads it. */
export function WithApi({ children }: { children: ReactNode }) {
  const store = useAppStore();
  useState(() => attachApi(store));
  return children;
}
