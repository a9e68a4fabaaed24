import { useCallback } from 'react';
import { API, type ApiResponses } from '@toolkit/domain';
import { callApi } from '@toolkit/platform';
import { useServices } from './services';
import { useResource, type Resource } from './use-resource';

export type Profile = ApiResponses[typeof API.getProfile];

/** The signed-in member's profile and organisation, shared by the home and profile screens. */
export function useProfile(): [Resource<Profile>, () => void] {
  const { callable } = useServices();
  const load = useCallback(() => callApi(callable, API.getProfile, null), [callable]);
  return useResource(load);
}

export type LatestResults = ApiResponses[typeof API.listLatestResults];

/** `opened`: asked by the Results page, which the server records as the view-results milestone. */
export function useLatestResults({ opened = false } = {}): [Resource<LatestResults>, () => void] {
  const { callable } = useServices();
  const load = useCallback(
    () => callApi(callable, API.listLatestResults, opened ? { opened } : null),
    [callable, opened],
  );
  return useResource(load);
}
