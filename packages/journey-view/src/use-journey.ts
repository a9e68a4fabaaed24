// The stored records override the defaults, so the defaults
// (sign-up done) are what a user sees while their records load or when they cannot be loaded.
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  API,
  buildJourney,
  progressSummary,
  type JourneyStage,
  type ProgressSummary,
  type StoredMilestone,
} from '@toolkit/domain';
import { callApi, type CallableClient } from '@toolkit/platform';

export type JourneyStatus = 'loading' | 'ready' | 'error';

export interface JourneyState {
  status: JourneyStatus;
  /** The five stages with the stored records applied (the defaults until they load). */
  stages: JourneyStage[];
  summary: ProgressSummary;
  /** Why the records could not be loaded; null unless status is 'error'. */
  error: string | null;
  /** Loads the records again (the "Try again" of the error notice). */
  reload: () => void;
}

interface Loaded {
  /** Whose records these are, so another user's never show while the next ones load. */
  owner: string | undefined;
  stored: readonly StoredMilestone[];
}

const NONE: readonly StoredMilestone[] = [];

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Unknown error.';
}

/**
 * The journey of the signed-in user, or of `userId` (the server allows other users only to
 * those who manage users). Without `userId` the server answers for the caller alone.
 */
export function useJourney(callable: CallableClient, userId?: string): JourneyState {
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<JourneyStatus>('loading');
  const [error, setError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<Loaded>({ owner: userId, stored: NONE });

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    setError(null);
    callApi(callable, API.listMilestones, userId ? { userIds: [userId] } : {}, { signal: controller.signal })
      .then(({ milestones }) => {
        if (controller.signal.aborted) return;
        const stored = userId ? milestones[userId] : Object.values(milestones)[0];
        setLoaded({ owner: userId, stored: stored ?? NONE });
        setStatus('ready');
      })
      .catch((cause: unknown) => {
        if (controller.signal.aborted) return;
        setError(messageOf(cause));
        setStatus('error');
      });
    return () => controller.abort();
  }, [callable, userId, attempt]);

  const stored = loaded.owner === userId ? loaded.stored : NONE;
  const stages = useMemo(() => buildJourney(stored), [stored]);
  const summary = useMemo(() => progressSummary(stored), [stored]);
  const reload = useCallback(() => setAttempt((count) => count + 1), []);

  return { status, stages, summary, error, reload };
}
