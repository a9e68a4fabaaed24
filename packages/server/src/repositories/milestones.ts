// Milestones per tenant user (docs/behaviour.md, Journey): read the collection, merge one record.
import type { HandTickedMilestone, MilestoneId, RecordedMilestone, StoredMilestone } from '@toolkit/domain';
import { FieldValue, type DocData, type DocumentStore } from '../store/port';
import { flag } from './decode';
import { paths } from './paths';

/**
 * The server's write where a milestone's fact happens: completed plus who and when, merged into the
 * stored record (set with merge). It clears a member's earlier tick by hand: the fact is now seen.
 */
export function milestoneWrite(
  tenantId: string,
  userId: string,
  milestoneId: MilestoneId,
  completed: boolean,
  completedBy: string,
): { path: string; data: DocData } {
  return {
    path: paths.milestone(tenantId, userId, milestoneId),
    data: {
      id: milestoneId,
      completed,
      completedBy,
      completedAt: FieldValue.serverTimestamp(),
      byHand: FieldValue.delete(),
    },
  };
}

/** A member's own tick (or untick) by hand, marked so that a declaration does not count it. */
export function handTickWrite(
  tenantId: string,
  userId: string,
  milestoneId: HandTickedMilestone,
  completed: boolean,
): { path: string; data: DocData } {
  const write = milestoneWrite(tenantId, userId, milestoneId, completed, userId);
  return { ...write, data: { ...write.data, byHand: true } };
}

async function readRecords(store: DocumentStore, tenantId: string, userId: string) {
  const snapshots = await store.query(paths.milestones(tenantId, userId));
  return snapshots.flatMap(({ id, data }) => (data ? [{ id, data }] : []));
}

export async function listMilestones(
  store: DocumentStore,
  tenantId: string,
  userId: string,
): Promise<StoredMilestone[]> {
  const records = await readRecords(store, tenantId, userId);
  return records.map(({ id, data }) => ({ id, completed: flag(data.completed) }));
}

/** The milestones with whether each was last ticked by hand, for what a declaration attests. */
export async function listRecordedMilestones(
  store: DocumentStore,
  tenantId: string,
  userId: string,
): Promise<RecordedMilestone[]> {
  const records = await readRecords(store, tenantId, userId);
  return records.map(({ id, data }) => ({
    id,
    completed: flag(data.completed),
    byHand: flag(data.byHand),
  }));
}
