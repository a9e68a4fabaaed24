// A business is compared within a peer group only through the group's published figures: counted
// over businesses whose owner proved their address, each once by its latest completed result, and
// published anew only as domain `peerPublicationDue` allows, so figures move in steps of at least
// BENCHMARK_MIN_ORGANISATIONS businesses and one newcomer's score cannot be read by differencing.
import {
  BENCHMARK_MIN_ORGANISATIONS,
  completionCounts,
  peerGroupsIn,
  peerPublicationDue,
  sumShards,
  type AggregateCounts,
} from '@toolkit/domain';
import type { ServerDeps, ServerSurveyDefinition } from '../../api/handler';
import { addressProven } from '../../auth/address-proof';
import { peerGroupSnapshotPath, writePeerGroupSnapshot } from '../../repositories/aggregates';
import { record, textOrNull } from '../../repositories/decode';
import { paths } from '../../repositories/paths';
import { allAnswers, inAggregate, toStoredResult } from '../../repositories/results';
import type { DocData, StoreTransaction } from '../../store/port';
import { isCounted } from './received';

/** The figures a group's members are compared with, as last published. */
export interface PublishedPeerFigures {
  organisations: number;
  overall: Record<string, number>;
  sections: Record<string, Record<string, number>>;
  /** UTC day, YYYY-MM-DD. */
  publishedOn: string;
}

export interface PeerGroupView {
  /** Proven businesses in the group when it was last looked at. */
  organisations: number;
  /** Null until the group first had enough of them; kept while it has. */
  published: PublishedPeerFigures | null;
}

interface StoredSnapshot extends PeerGroupView {
  /** AggregateCounts.peerChanges of the group when it was last looked at. */
  seen: number;
  lookedOn: string | null;
}

function snapshotOf(data: DocData | null): StoredSnapshot {
  const published = data?.published ? record<unknown>(data.published) : null;
  return {
    seen: typeof data?.seen === 'number' ? data.seen : 0,
    lookedOn: textOrNull(data?.lookedOn),
    organisations: typeof data?.organisations === 'number' ? data.organisations : 0,
    published: published
      ? {
          organisations: published.organisations as number,
          overall: record<number>(published.overall),
          sections: record<Record<string, number>>(published.sections),
          publishedOn: published.publishedOn as string,
        }
      : null,
  };
}

/** Whether any current owner of the business proved their address to the server. */
async function hasProvenOwner(tx: StoreTransaction, tenantId: string): Promise<boolean> {
  const owners = await tx.query(paths.tenantUsers(tenantId), { where: [['role', '==', 'owner']] });
  for (const owner of owners) if (await addressProven(tx, owner.id)) return true;
  return false;
}

/** The group as it is now: its proven businesses' latest counted results, one each, added up. */
async function countGroup(
  tx: StoreTransaction,
  definition: ServerSurveyDefinition,
  ref: { tenantId: string; surveyId: string },
  key: string,
): Promise<Pick<AggregateCounts, 'organisations' | 'overall' | 'sections'>> {
  const questions = definition.sections.flatMap((section) => section.questions);
  const entries = await tx.query(paths.aggregatePeers(ref.tenantId, ref.surveyId), {
    where: [['groups', 'array-contains', key]],
  });
  const counted: Partial<AggregateCounts>[] = [];
  for (const entry of entries) {
    const resultId = textOrNull(entry.data?.resultId);
    if (!resultId) continue;
    const { data } = await tx.get(paths.result(ref.tenantId, ref.surveyId, resultId));
    if (!data || !inAggregate(data)) continue;
    const result = toStoredResult(data);
    const answers = allAnswers(result);
    if (result.respondentTenantId !== entry.id || !isCounted(definition, result)) continue;
    if (!peerGroupsIn(questions, answers).includes(key)) continue;
    if (!(await hasProvenOwner(tx, entry.id))) continue;
    counted.push(
      completionCounts({ score: result.score!, answers, questions, day: '', newOrganisation: true }),
    );
  }
  const { organisations, overall, sections } = sumShards(counted);
  return { organisations, overall, sections };
}

/**
 * The caller's groups as published, each looked at again (counted, and published anew when due)
 * only when a business's latest result entered or left it since; otherwise a read costs one
 * document per group. Counting reads every business of the group (not its results), in the
 * transaction that publishes: a group not yet published is counted after each change, so its
 * count below the threshold is current; a published one at most once a day, unless enough changes
 * came in to make a publication possible.
 */
export async function peerGroupViews(
  deps: ServerDeps,
  definition: ServerSurveyDefinition,
  ref: { tenantId: string; surveyId: string },
  aggregate: Pick<AggregateCounts, 'peerChanges'>,
  keys: readonly string[],
  now: Date,
): Promise<Record<string, PeerGroupView>> {
  const today = now.toISOString().slice(0, 10);
  const views = await Promise.all(
    keys.map((key) =>
      deps.store.transaction(async (tx): Promise<PeerGroupView> => {
        const stored = snapshotOf((await tx.get(peerGroupSnapshotPath(ref, key))).data);
        const changes = aggregate.peerChanges[key] ?? 0;
        const { organisations, published } = stored;
        if (changes === stored.seen) return { organisations, published };
        // Each change brings at most one business into the group.
        const couldPublish = peerPublicationDue(
          published?.organisations ?? null,
          organisations + changes - stored.seen,
        );
        if (published && !couldPublish && stored.lookedOn === today) return { organisations, published };

        const current = await countGroup(tx, definition, ref, key);
        const view: PeerGroupView = {
          organisations: current.organisations,
          published: peerPublicationDue(published?.organisations ?? null, current.organisations)
            ? {
                organisations: current.organisations,
                overall: current.overall,
                sections: current.sections,
                publishedOn: today,
              }
            : published,
        };
        writePeerGroupSnapshot(tx, ref, key, { seen: changes, lookedOn: today, ...view });
        return view;
      }),
    ),
  );
  return Object.fromEntries(keys.map((key, index) => [key, views[index]!]));
}

/** Whether a business is compared with the group: enough proven businesses in it now, and figures published. */
export const isShown = (view: PeerGroupView): view is PeerGroupView & { published: PublishedPeerFigures } =>
  view.published !== null && view.organisations >= BENCHMARK_MIN_ORGANISATIONS;
