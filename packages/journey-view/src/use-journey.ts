// The stored records override the defaults, so the defaults (sign-up done) are what a user sees
// while their records load or when they cannot be loaded.
import { useMemo } from 'react';
import {
  buildJourney,
  progressSummary,
  type JourneyStage,
  type ProgressSummary,
  type StoredMilestone,
} from '@toolkit/domain';
import { toQueryError, useMilestonesQuery } from '@toolkit/data';

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

const NONE: readonly StoredMilestone[] = [];

/**
 * The journey of the signed-in user, or of `userId` (the server allows other users only to
 * those who manage users). It follows every change to the milestones (tag Milestones) in place.
 */
export function useJourney(userId?: string): JourneyState {
  // `currentData` is this user's answer only, so another user's records never show while these load.
  const { currentData, isError, error, refetch } = useMilestonesQuery(userId ? { userId } : undefined);
  const stored = currentData ?? NONE;
  const stages = useMemo(() => buildJourney(stored), [stored]);
  const summary = useMemo(() => progressSummary(stored), [stored]);
  return {
    status: isError ? 'error' : currentData ? 'ready' : 'loading',
    stages,
    summary,
    error: isError ? toQueryError(error).message : null,
    reload: () => void refetch(),
  };
}
