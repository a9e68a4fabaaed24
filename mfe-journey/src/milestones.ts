import type { StoredMilestone } from '@toolkit/domain';

// Stored milestone records; the backend will supply them (SPEC §3 Milestone), until then none are stored.
export function useStoredMilestones(): readonly StoredMilestone[] {
  return NO_MILESTONES;
}

const NO_MILESTONES: readonly StoredMilestone[] = [];
