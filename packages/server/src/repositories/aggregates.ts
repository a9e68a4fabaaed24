// A survey's aggregate as documents (domain insights.ts): AGGREGATE_SHARDS shard documents written
// with increments only, so completions never read them and never contend on one document, and one
// marker per organisation so each is counted once among the survey's distinct organisations.
import { createHash } from 'node:crypto';
import {
  AGGREGATE_SHARDS,
  completionCounts,
  shardOf,
  sumShards,
  type AggregateCounts,
  type AnswerValue,
  type ResultScore,
} from '@toolkit/domain';
import type { ServerSurveyDefinition } from '../survey-definition';
import { FieldValue, type DocData, type DocumentStore, type StoreTransaction } from '../store/port';
import { strings } from './decode';
import { paths } from './paths';

/** Counts as a merge write: each leaf becomes an increment. */
function increments(counts: object): DocData {
  return Object.fromEntries(
    Object.entries(counts).map(([key, value]) => [
      key,
      typeof value === 'number' ? FieldValue.increment(value) : increments(value as object),
    ]),
  );
}

/**
 * What one completed result adds to its survey's aggregate: the one description used when it is
 * completed, and, negated, when it leaves the aggregate (excluded, or stored empty).
 */
export function resultCounts(
  definition: ServerSurveyDefinition,
  result: { score: ResultScore; answers: Readonly<Record<string, AnswerValue>> },
  /** The completion's UTC day (YYYY-MM-DD); whether it was its organisation's first counted result. */
  options: { day: string; newOrganisation: boolean },
): Partial<AggregateCounts> {
  return completionCounts({
    score: result.score,
    answers: result.answers,
    questions: definition.sections.flatMap((section) => section.questions),
    day: options.day,
    newOrganisation: options.newOrganisation,
  });
}

/** Adds counts to the shard of this result, inside the caller's transaction. */
export function addToAggregate(
  tx: Pick<StoreTransaction, 'set'>,
  ref: { tenantId: string; surveyId: string; resultId: string },
  counts: Partial<AggregateCounts>,
): void {
  tx.set(
    paths.aggregateShard(ref.tenantId, ref.surveyId, shardOf(ref.resultId)),
    { ...increments(counts), updatedAt: FieldValue.serverTimestamp() },
    { merge: true },
  );
}

/** The survey's counts: every shard read and added up, whatever the number of results. */
export async function readAggregate(
  store: DocumentStore,
  tenantId: string,
  surveyId: string,
): Promise<AggregateCounts> {
  const shards = await store.query(paths.aggregateShards(tenantId, surveyId), {
    limit: AGGREGATE_SHARDS,
  });
  return sumShards(shards.map((shard) => shard.data));
}

/**
 * The organisation a completed result counts for: the respondent's business tenant, else the
 * organisation name they answered (hashed: the marker's id never shows the name). Null when the
 * result names none, so anonymous results without a name never make a small group look larger.
 */
export function organisationKey(respondentTenantId: string | null, companyName: unknown): string | null {
  if (respondentTenantId) return `tenant-${respondentTenantId}`;
  if (typeof companyName !== 'string') return null;
  const name = companyName.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
  if (name === '') return null;
  return `name-${createHash('sha256').update(name).digest('hex').slice(0, 40)}`;
}

/** Whether this organisation already counts among the survey's distinct organisations. */
export async function organisationCounted(
  tx: Pick<StoreTransaction, 'get'>,
  ref: { tenantId: string; surveyId: string },
  key: string,
): Promise<boolean> {
  return (await tx.get(paths.aggregateOrganisation(ref.tenantId, ref.surveyId, key))).data !== null;
}

/** On an organisation's marker: its first counted result's peer groups count it (see resultCounts). */
export const GROUPS_COUNTED_MARK = 'groupsCounted';

export function countOrganisation(
  tx: Pick<StoreTransaction, 'create'>,
  ref: { tenantId: string; surveyId: string },
  key: string,
): void {
  tx.create(paths.aggregateOrganisation(ref.tenantId, ref.surveyId, key), {
    countedAt: FieldValue.serverTimestamp(),
    [GROUPS_COUNTED_MARK]: true,
  });
}

/**
 * On a completed result: its counts include the trend's score sums, `answered` and the peer groups
 * (added at completion, or by the backfill for results stored before them).
 */
export const INSIGHTS_COUNTERS_MARK = 'insightsCounters';

/** The counters a result stored before INSIGHTS_COUNTERS_MARK lacks: the backfill adds only these. */
export function newCounters(counts: Partial<AggregateCounts>): Partial<AggregateCounts> {
  const { dayPercentTenths = {}, answered = {}, groups = {} } = counts;
  return { dayPercentTenths, answered, groups };
}

/** The peer groups a business's latest result named when it completed (none before its first). */
export async function readPeerEntryGroups(
  tx: Pick<StoreTransaction, 'get'>,
  ref: { tenantId: string; surveyId: string },
  organisationTenantId: string,
): Promise<string[]> {
  const { data } = await tx.get(paths.aggregatePeer(ref.tenantId, ref.surveyId, organisationTenantId));
  return strings(data?.groups);
}

/**
 * Makes the result its business's latest in the survey's peer groups, so each business counts once,
 * by this result. Answers the counts that mark every group it enters or leaves as changed
 * (AggregateCounts.peerChanges), for the completion to add with its own.
 */
export function recordPeerEntry(
  tx: Pick<StoreTransaction, 'set'>,
  ref: { tenantId: string; surveyId: string; resultId: string },
  organisationTenantId: string,
  groups: { previous: readonly string[]; now: readonly string[] },
): Pick<AggregateCounts, 'peerChanges'> {
  tx.set(paths.aggregatePeer(ref.tenantId, ref.surveyId, organisationTenantId), {
    resultId: ref.resultId,
    groups: [...groups.now],
    completedAt: FieldValue.serverTimestamp(),
  });
  const changed = new Set([...groups.previous, ...groups.now]);
  return { peerChanges: Object.fromEntries([...changed].map((key) => [key, 1])) };
}

/** The organisation no longer counts among the survey's distinct organisations. */
export function uncountOrganisation(
  tx: Pick<StoreTransaction, 'delete'>,
  ref: { tenantId: string; surveyId: string },
  key: string,
): void {
  tx.delete(paths.aggregateOrganisation(ref.tenantId, ref.surveyId, key));
}

/** The path of a peer group's published figures: the group key with '-' for ':'. */
export const peerGroupSnapshotPath = (ref: { tenantId: string; surveyId: string }, key: string): string =>
  paths.peerGroupSnapshot(ref.tenantId, ref.surveyId, key.replace(':', '-'));

/** Replaces a peer group's snapshot: what was seen of it, when, and its figures as published. */
export function writePeerGroupSnapshot(
  tx: Pick<StoreTransaction, 'set'>,
  ref: { tenantId: string; surveyId: string },
  key: string,
  snapshot: DocData,
): void {
  tx.set(peerGroupSnapshotPath(ref, key), snapshot);
}
