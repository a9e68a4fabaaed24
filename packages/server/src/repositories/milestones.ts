// Milestones per tenant user (SPEC §3 Milestone, §7): read the collection, merge one record.
import type { MilestoneId, StoredMilestone } from '@toolkit/domain';
import { FieldValue, type DocData, type DocumentStore } from '../store/port';
import { paths } from './paths';

/** The write SPEC §4 describes: completed plus who and when, merged into the stored record. */
export function milestoneWrite(
  tenantId: string,
  userId: string,
  milestoneId: MilestoneId,
  completed: boolean,
  completedBy: string,
): { path: string; data: DocData } {
  return {
    path: paths.milestone(tenantId, userId, milestoneId),
    data: { id: milestoneId, completed, completedBy, completedAt: FieldValue.serverTimestamp() },
  };
}

export async function listMilestones(
  store: DocumentStore,
  tenantId: string,
  userId: string,
): Promise<StoredMilestone[]> {
  const snapshots = await store.query(paths.milestones(tenantId, userId));
  return snapshots.flatMap(({ id, data }) => (data ? [{ id, completed: data.completed === true }] : []));
}
