import {
  combineSlices,
  configureStore,
  createAction,
  createDynamicMiddleware,
  type Slice,
  type SliceCaseReducers,
  type SliceSelectors,
} from '@reduxjs/toolkit';
import {
  browserStorage,
  loadPersistedState,
  persistStore,
  type PersistOptions,
  type ShellState,
} from './persistence';
import { authSlice } from './slices/auth';
import { catalogueSlice } from './slices/catalogue';
import { planSlice } from './slices/plan';
import { surveySlice } from './slices/survey';
import { tenantSlice } from './slices/tenant';

/**
 * Remote slices, added by declaration merging so `RootState` knows them:
 *
 *   declare module '@toolkit/store-contract' {
 *     interface LazyLoadedSlices extends WithSlice<typeof answersSlice> {}
 *   }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by remotes through declaration merging
export interface LazyLoadedSlices {}

/** The slices the shell owns; remotes inject theirs under other keys. */
const SHELL_SLICES = [authSlice, tenantSlice, surveySlice, planSlice, catalogueSlice] as const;

function createRootReducer() {
  return combineSlices(...SHELL_SLICES).withLazyLoadedSlices<LazyLoadedSlices>();
}

export type RootReducer = ReturnType<typeof createRootReducer>;
export type RootState = ReturnType<RootReducer>;
export type PreloadedState = Partial<ShellState>;

export interface CreateAppStoreOptions {
  preloadedState?: PreloadedState;
  /** Where to persist; defaults to local storage when available. Pass null to persist nothing. */
  storage?: Storage | null;
  persist?: PersistOptions;
  /**
   * What thunks and data queries receive as `extra`: the shell's services, so a remote's data layer
   * reaches the callables through the store it was handed.
   */
  extra?: unknown;
}

/**
 * The one store of the app, created by the shell. Each store gets its own root reducer, which it
 * carries (`store.rootReducer`) so a remote can inject into exactly the store it was handed.
 * Persisted slices are restored first; `preloadedState` wins over them.
 */
export function createAppStore({ preloadedState, storage, persist, extra }: CreateAppStoreOptions = {}) {
  const rootReducer = createRootReducer();
  // Remotes add middleware when they mount (the data layer's), so the survey path carries none of it.
  const dynamic = createDynamicMiddleware();
  const resolvedStorage = storage === undefined ? browserStorage() : storage;
  const restored = resolvedStorage ? loadPersistedState(resolvedStorage) : {};
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { ...restored, ...preloadedState },
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }).concat(dynamic.middleware),
  });
  const persistence = resolvedStorage ? persistStore(store, resolvedStorage, persist) : null;
  return Object.assign(store, { rootReducer, persistence, addMiddleware: dynamic.addMiddleware });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

/** Dispatched after a slice is injected so its initial state appears and subscribers re-render. */
export const sliceInjected = createAction<string>('storeContract/sliceInjected');

const shellReducers = new Map<string, unknown>(
  SHELL_SLICES.map((slice) => [slice.reducerPath, slice.reducer]),
);

/**
 * Adds a remote's slice to the shell's store under the slice's own key and returns the injected
 * slice, whose selectors take `RootState`. Injecting the same slice again is a no-op; taking a key
 * the shell owns is a programming error.
 */
export function injectSlice<
  State,
  CaseReducers extends SliceCaseReducers<State>,
  Name extends string,
  ReducerPath extends string,
  Selectors extends SliceSelectors<State>,
>(
  store: Pick<AppStore, 'rootReducer' | 'dispatch'>,
  slice: Slice<State, CaseReducers, Name, ReducerPath, Selectors>,
) {
  const owner = shellReducers.get(slice.reducerPath);
  if (owner !== undefined && owner !== slice.reducer) {
    throw new Error(
      `The store key "${slice.reducerPath}" belongs to the shell; give the remote's slice its own name.`,
    );
  }
  const injected = slice.injectInto(store.rootReducer);
  store.dispatch(sliceInjected(slice.reducerPath));
  return injected;
}
