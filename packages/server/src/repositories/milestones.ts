// The organisation's milestones (docs/journey.md): the records its members' acts set (tenants/{t}/milestones),
// the records members kept before milestones were the organisation's (still counted), and the milestones of
// stages 3 to 5, derived from what the organisation stored each time they are read.
import {
  DERIVED_MILESTONES,
  derivedMilestones,
  STAGE_NAMES,
  type HandTickedMilestone,
  type MilestoneId,
  type OrganisationFacts,
  type RecordedMilestone,
  type StoredMilestone,
} from '@toolkit/domain';
import { FieldValue, type DocData, type DocumentStore, type StoreTransaction } from '../store/port';
import { listCustomActions } from './custom-actions';
import { flag, oneOf, textOrNull } from './decode';
import { readMateriality } from './materiality';
import { paths } from './paths';
import { listMemberIds, listOrganisationResults } from './results';
import { listBusinessReviews } from './reviews';
import { readTenant } from './tenants';

/**
 * The server's write where a milestone's fact happens: completed plus who and when, merged into the
 * organisation's record (set with merge). It clears a member's earlier tick by hand: the fact is now seen.
 * `_memberId` is the member whose act it is, as callers name it; the record keeps it as completedBy.
 */
export function milestoneWrite(
  tenantId: string,
  milestoneId: MilestoneId,
  completed: boolean,
  completedBy: string,
): { path: string; data: DocData } {
  return {
    path: paths.organisationMilestone(tenantId, milestoneId),
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
  const write = milestoneWrite(tenantId, milestoneId, completed, userId);
  return { ...write, data: { ...write.data, byHand: true } };
}

/** Records that the milestone's fact happened, in the caller's transaction (milestoneWrite's write). */
export function recordMilestone(
  tx: Pick<StoreTransaction, 'set'>,
  tenantId: string,
  milestoneId: MilestoneId,
  completedBy: string,
): void {
  const write = milestoneWrite(tenantId, milestoneId, true, completedBy);
  tx.set(write.path, write.data, { merge: true });
}

/** Records that the milestone's fact happened, on its own (no other write goes with it). */
export async function saveMilestone(
  store: DocumentStore,
  tenantId: string,
  milestoneId: MilestoneId,
  completedBy: string,
): Promise<void> {
  const write = milestoneWrite(tenantId, milestoneId, true, completedBy);
  await store.set(write.path, write.data, { merge: true });
}

/** Stores a member's own tick (or untick) by hand. */
export async function saveHandTick(
  store: DocumentStore,
  tenantId: string,
  userId: string,
  milestoneId: HandTickedMilestone,
  completed: boolean,
): Promise<void> {
  const write = handTickWrite(tenantId, userId, milestoneId, completed);
  await store.set(write.path, write.data, { merge: true });
}

const recordOf = ({ id, data }: { id: string; data: DocData }): RecordedMilestone => ({
  id,
  completed: flag(data.completed),
  byHand: flag(data.byHand),
});

const isDerived = (id: string) => (DERIVED_MILESTONES as readonly string[]).includes(id);

/**
 * The organisation's records decide; a milestone it has no record of counts as the members' earlier
 * records say: completed when any member completed it, recorded unless every completion was by hand.
 */
async function storedRecords(store: DocumentStore, tenantId: string): Promise<RecordedMilestone[]> {
  const [own, uids] = await Promise.all([
    store.query(paths.organisationMilestones(tenantId)),
    listMemberIds(store, tenantId),
  ]);
  const byId = new Map<string, RecordedMilestone>();
  const earlier = await Promise.all(uids.map((uid) => store.query(paths.milestones(tenantId, uid))));
  for (const snapshot of earlier.flat()) {
    if (!snapshot.data) continue;
    const record = recordOf({ id: snapshot.id, data: snapshot.data });
    const known = byId.get(record.id);
    if (!known || (record.completed && (!known.completed || (known.byHand && !record.byHand)))) {
      byId.set(record.id, record);
    }
  }
  for (const snapshot of own)
    if (snapshot.data) byId.set(snapshot.id, recordOf({ id: snapshot.id, data: snapshot.data }));
  return [...byId.values()].filter((record) => !isDerived(record.id));
}

/** The organisation's current credential, unless revoked: the stage it attests and whether it was shared. */
async function readCredentialFact(
  store: DocumentStore,
  tenantId: string,
): Promise<OrganisationFacts['credential']> {
  const credentialId = (await readTenant(store, tenantId))?.declarationCredentialId;
  const data = credentialId ? (await store.get(paths.tenantCredential(tenantId, credentialId))).data : null;
  if (!data || textOrNull(data.revokedAt)) return null;
  return {
    stage: oneOf(STAGE_NAMES, data.stage, STAGE_NAMES[0]),
    shared: textOrNull(data.sharedAt) !== null,
  };
}

/** What the milestones of stages 3 to 5 are derived from. */
export async function readOrganisationFacts(
  store: DocumentStore,
  tenantId: string,
): Promise<OrganisationFacts> {
  const [results, materiality, ownActions, members, credential, reviews] = await Promise.all([
    listOrganisationResults(store, tenantId),
    readMateriality(store, tenantId),
    listCustomActions(store, tenantId),
    listMemberIds(store, tenantId),
    readCredentialFact(store, tenantId),
    listBusinessReviews(store, tenantId),
  ]);
  const completedBySurvey = new Map<string, typeof results>();
  for (const entry of results) {
    if (!entry.result?.isCompleted || !entry.result.score) continue;
    completedBySurvey.set(entry.link.surveyId, [
      ...(completedBySurvey.get(entry.link.surveyId) ?? []),
      entry,
    ]);
  }
  const completed = [...completedBySurvey.values()];
  return {
    completedScores: completed.map((entries) => entries.map(({ result }) => result!.score!)),
    plannedStatuses: completed.flatMap((entries) =>
      entries.at(-1)!.link.plan.planned.map(({ status }) => status),
    ),
    materialityRated: Object.keys(materiality.ratings).length > 0,
    ownActions: ownActions.length,
    members: members.length,
    credential,
    // Verified until a newer result or the publisher's withdrawal ends it.
    resultVerified: reviews.some((review) => review.status === 'verified' && review.endedReason === null),
  };
}

/** The organisation's milestones with whether each was last ticked by hand, for what a declaration attests. */
export async function listRecordedMilestones(
  store: DocumentStore,
  tenantId: string,
): Promise<RecordedMilestone[]> {
  const [stored, facts] = await Promise.all([
    storedRecords(store, tenantId),
    readOrganisationFacts(store, tenantId),
  ]);
  return [...stored, ...derivedMilestones(facts).map((milestone) => ({ ...milestone, byHand: false }))];
}

export async function listMilestones(store: DocumentStore, tenantId: string): Promise<StoredMilestone[]> {
  return (await listRecordedMilestones(store, tenantId)).map(({ id, completed }) => ({ id, completed }));
}
