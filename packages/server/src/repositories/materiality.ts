// The organisation's double-materiality ratings (tenants/{t}/settings/materiality), read back
// leniently: a rating out of range or for a matter no longer on the list is left out rather than
// shown wrong.
import { MATERIALITY_SCALE, MATERIALITY_TOPIC_IDS, type MaterialityRatings } from '@toolkit/domain';
import { FieldValue, type DocData, type DocumentStore, type StoreTransaction } from '../store/port';
import { record, textOrNull } from './decode';
import { paths } from './paths';

export interface StoredMateriality {
  ratings: MaterialityRatings;
  /** When they were last saved; null before the first save. */
  updatedAt: string | null;
}

const score = (value: unknown): value is number =>
  typeof value === 'number' && (MATERIALITY_SCALE as readonly number[]).includes(value);

export function materialityOf(data: DocData | null): StoredMateriality {
  const stored = record<{ impact?: unknown; financial?: unknown } | undefined>(data?.ratings);
  const ratings: MaterialityRatings = {};
  for (const id of MATERIALITY_TOPIC_IDS) {
    const { impact, financial } = stored[id] ?? {};
    if (score(impact) && score(financial)) ratings[id] = { impact, financial };
  }
  return { ratings, updatedAt: textOrNull(data?.updatedAt) };
}

export async function readMateriality(
  reader: Pick<StoreTransaction, 'get'>,
  tenantId: string,
): Promise<StoredMateriality> {
  return materialityOf((await reader.get(paths.materiality(tenantId))).data);
}

/** Replaces the organisation's ratings. */
export async function saveMateriality(
  store: DocumentStore,
  tenantId: string,
  ratings: MaterialityRatings,
  updatedBy: string,
): Promise<void> {
  await store.set(paths.materiality(tenantId), {
    ratings,
    updatedBy,
    updatedAt: FieldValue.serverTimestamp(),
  });
}
