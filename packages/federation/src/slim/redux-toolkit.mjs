// The shared '@reduxjs/toolkit' singleton as the apps provide it: the names they use, not the whole
// package. Unused, the rest — entity adapters, listener middleware, async thunks, matchers — still
// ships, because a shared module is never tree-shaken. shared.test.ts checks that every name the
// apps import is here.
export {
  combineSlices,
  configureStore,
  createAction,
  createDynamicMiddleware,
  createSelector,
  createSlice,
} from 'redux-toolkit-package';
