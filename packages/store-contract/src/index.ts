export {
  createAppStore,
  injectSlice,
  sliceInjected,
  type AppDispatch,
  type AppStore,
  type CreateAppStoreOptions,
  type LazyLoadedSlices,
  type PreloadedState,
  type RootReducer,
  type RootState,
} from './store';
export { createAppSelector, useAppDispatch, useAppSelector, useAppStore } from './hooks';
export {
  PERSISTED_SLICES,
  PERSIST_KEY,
  PERSIST_VERSION,
  browserStorage,
  loadPersistedState,
  persistStore,
  savePersistedState,
  selectPersistedState,
  type PersistOptions,
  type PersistableStore,
  type PersistedSliceKey,
  type PersistedState,
  type Persistence,
  type ShellState,
} from './persistence';
export * from './slices/auth';
export * from './slices/tenant';
export * from './slices/survey';
export * from './slices/plan';
export * from './slices/catalogue';
export { useCatalogue, useTenantKind } from './tenant-kind';
export type { WithSlice } from '@reduxjs/toolkit';
