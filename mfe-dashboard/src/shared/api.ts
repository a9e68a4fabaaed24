import { useCallback, useEffect, useState } from 'react';
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

/** After a dropped stream, the next try: soon enough to feel live, rare enough to spare a server in trouble. */
const REOPEN_AFTER_FAILURE_MS = 5_000;

/**
 * The profile kept live while a screen shows it: after the first load, the server streams every change made elsewhere (another tab,
 * an admin). A stream the server ends is reopened at once; a failed one a little later.
 */
export function useLiveProfile(): [Resource<Profile>, () => void] {
  const { callable } = useServices();
  const [resource, reload] = useProfile();
  const [live, setLive] = useState<ApiResponses[typeof API.watchProfile] | null>(null);
  const ready = resource.status === 'ready';

  useEffect(() => {
    if (!ready || !callable.stream) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reopen = (delay: number) => {
      if (!controller.signal.aborted) timer = setTimeout(open, delay);
    };
    function open() {
      callable.stream?.(API.watchProfile, null, setLive, { signal: controller.signal }).then(
        () => reopen(0),
        () => reopen(REOPEN_AFTER_FAILURE_MS),
      );
    }
    open();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [callable, ready]);

  if (resource.status !== 'ready' || !live) return [resource, reload];
  return [{ ...resource, data: { ...resource.data, profile: live.profile } }, reload];
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

export type BenchmarkAnswer = ApiResponses[typeof API.getBenchmark];

/**
 * The member's own results of a survey over time and the peer benchmark. `opened`: asked by the
 * Insights screen, which the server records as view-insights; null skips the request.
 */
export function useBenchmark(
  surveyId: string | null,
  { opened = false } = {},
): [Resource<BenchmarkAnswer | null>, () => void] {
  const { callable } = useServices();
  const load = useCallback(
    async () => (surveyId ? callApi(callable, API.getBenchmark, { surveyId, opened }) : null),
    [callable, surveyId, opened],
  );
  return useResource(load);
}

export type SurveyInsightsAnswer = ApiResponses[typeof API.getSurveyInsights];

/** What a survey the member's organisation publishes has received. */
export function useSurveyInsights(surveyId: string): [Resource<SurveyInsightsAnswer>, () => void] {
  const { callable } = useServices();
  const load = useCallback(
    () => callApi(callable, API.getSurveyInsights, { surveyId }),
    [callable, surveyId],
  );
  return useResource(load);
}

export type ReceivedResults = ApiResponses[typeof API.listReceivedResults];

/** The newest `limit` completed results of a survey the member's organisation publishes. */
export function useReceivedResults(surveyId: string, limit: number): [Resource<ReceivedResults>, () => void] {
  const { callable } = useServices();
  const load = useCallback(
    () => callApi(callable, API.listReceivedResults, { surveyId, limit }),
    [callable, surveyId, limit],
  );
  return useResource(load);
}

export type ReceivedResultAnswer = ApiResponses[typeof API.getReceivedResult];

export function useReceivedResult(
  surveyId: string,
  resultId: string,
): [Resource<ReceivedResultAnswer>, () => void] {
  const { callable } = useServices();
  const load = useCallback(
    () => callApi(callable, API.getReceivedResult, { surveyId, resultId }),
    [callable, surveyId, resultId],
  );
  return useResource(load);
}

export type ActionsAnswer = ApiResponses[typeof API.listActions];

/** The action catalogue against the member's latest completed result of a survey, and its plan; null skips it. */
export function useActions(surveyId: string | null): [Resource<ActionsAnswer | null>, () => void] {
  const { callable } = useServices();
  const load = useCallback(
    async () => (surveyId ? callApi(callable, API.listActions, { surveyId }) : null),
    [callable, surveyId],
  );
  return useResource(load);
}

export type ToolkitMembers = ApiResponses[typeof API.listToolkitMembers];

/** The organisations that signed up through a toolkit the member's organisation publishes. */
export function useToolkitMembers(toolkit: string): [Resource<ToolkitMembers>, () => void] {
  const { callable } = useServices();
  const load = useCallback(() => callApi(callable, API.listToolkitMembers, { toolkit }), [callable, toolkit]);
  return useResource(load);
}

export type DeclarationAnswer = ApiResponses[typeof API.getDeclaration];

/** The declaration of the organisation's toolkit, its credential and whether the member may sign. */
export function useDeclaration(): [Resource<DeclarationAnswer>, () => void] {
  const { callable } = useServices();
  const load = useCallback(() => callApi(callable, API.getDeclaration, null), [callable]);
  return useResource(load);
}

export type AlertsAnswer = ApiResponses[typeof API.getAlerts];

/** Who receives which notification of the member's organisation. */
export function useAlerts(): [Resource<AlertsAnswer>, () => void] {
  const { callable } = useServices();
  const load = useCallback(() => callApi(callable, API.getAlerts, null), [callable]);
  return useResource(load);
}

/** The organisation's double-materiality ratings and whether its plan lets them be changed. */
export function useMateriality(): [Resource<ApiResponses[typeof API.getMateriality]>, () => void] {
  const { callable } = useServices();
  const load = useCallback(() => callApi(callable, API.getMateriality, null), [callable]);
  return useResource(load);
}
