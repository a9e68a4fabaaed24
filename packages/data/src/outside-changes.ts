// What happens outside the data layer but changes what its queries answer: another person signing
// in (nothing cached for the last one may show), and a survey completed in the survey remote,
// which records a result and milestones the dashboard shows.
import type { Middleware } from '@reduxjs/toolkit';
import { surveyCompleted, type RootState } from '@toolkit/store-contract';
import { api } from './api';

/** Whose data the cache holds: the signed-in user in their organisation. */
const holderOf = ({ auth }: RootState) =>
  auth.status === 'signedIn' && auth.user ? `${auth.user.uid}:${String(auth.claims?.tenantId ?? '')}` : null;

export const outsideChanges: Middleware<object, RootState> = (store) => (next) => (action) => {
  const before = holderOf(store.getState());
  const result = next(action);
  if (holderOf(store.getState()) !== before) store.dispatch(api.util.resetApiState());
  else if (surveyCompleted.match(action)) {
    store.dispatch(api.util.invalidateTags(['Results', 'Benchmark', 'Milestones', 'Actions']));
  }
  return result;
};
