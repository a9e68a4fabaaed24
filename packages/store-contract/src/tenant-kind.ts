// The hooks every app reads the catalogue and the organisation's kind with (slices/catalogue.ts):
// the first screen that needs them has the shell's store read the catalogue, the others share it.
import { useCallback, useEffect } from 'react';
import {
  loadCatalogue,
  selectCatalogue,
  selectTenantKind,
  signedInTenantId,
  type CatalogueState,
  type TenantKindState,
} from './slices/catalogue';
import { useAppDispatch, useAppSelector, useAppStore } from './hooks';

/**
 * The catalogue, read on first use (`load` false: only looked at, e.g. for a visitor, whose pages
 * never need it), and `retry` for a failure's "Try again".
 */
export function useCatalogue(load = true): CatalogueState & { retry: () => void } {
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const catalogue = useAppSelector(selectCatalogue);
  useEffect(() => {
    // Only a catalogue never asked for: after a failure, asking again is the person's choice.
    if (load && store.getState().catalogue.status === 'idle') void dispatch(loadCatalogue());
  }, [load, store, dispatch]);
  const retry = useCallback(() => void dispatch(loadCatalogue()), [dispatch]);
  return { ...catalogue, retry };
}

/**
 * The signed-in organisation's kind (`pending`, `unknown`: see tenantKindIn), and `retry`; `load`
 * false only looks at a catalogue already read.
 */
export function useTenantKind(load = true): { kind: TenantKindState; retry: () => void } {
  const tenantId = useAppSelector((state) => signedInTenantId(state.auth));
  const { retry } = useCatalogue(load && tenantId !== null);
  const kind = useAppSelector(selectTenantKind);
  return { kind, retry };
}
