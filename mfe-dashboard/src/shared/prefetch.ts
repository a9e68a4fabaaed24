// A screen's first reads, asked before the screen opens (on the intent to open it, or in the
// background once the first screen is in), so that opening it shows its content at once. Each
// screen module exports its own as `prefetchReads`, beside the reads it makes (app.tsx).
import { api } from '@toolkit/data';
import type { AppDispatch, RootState } from '@toolkit/store-contract';
import { dashboardApi, type Toolkit } from './api';

/**
 * How old (seconds) a kept answer may be for a prefetch to leave it: younger ones are shown as
 * they are, older ones asked again, since RTK Query keeps an unwatched answer for a minute.
 */
export const FRESH = { ifOlderThan: 30 } as const;

/** Asks a screen's first reads; what they need from the first screen (the profile) comes first. */
export type PrefetchReads = (dispatch: AppDispatch, getState: () => RootState) => Promise<unknown> | void;

/** The toolkit the organisation signed up through, as its profile names it; null without one. */
export async function toolkitName(dispatch: AppDispatch): Promise<string | null> {
  const { data } = await dispatch(api.endpoints.profile.initiate(undefined, { subscribe: false }));
  return data?.tenant?.toolkit ?? null;
}

/** The organisation's toolkit (useToolkit's read), once read; null without one. */
export async function prefetchToolkit(dispatch: AppDispatch): Promise<Toolkit | null> {
  const name = await toolkitName(dispatch);
  if (!name) return null;
  const { data } = await dispatch(dashboardApi.endpoints.toolkit.initiate(name, { subscribe: false }));
  return data ?? null;
}
