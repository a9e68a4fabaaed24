// The stored double-materiality ratings, read back leniently: a rating out of range or for a
// matter no longer on the list is left out rather than shown wrong.
import { MATERIALITY_SCALE, MATERIALITY_TOPIC_IDS, type MaterialityRatings } from '@toolkit/domain';
import type { DocData } from '../../store/port';

const score = (value: unknown): value is number =>
  typeof value === 'number' && (MATERIALITY_SCALE as readonly number[]).includes(value);

export function ratingsOf(data: DocData | null): MaterialityRatings {
  const stored = (data?.ratings ?? {}) as Record<string, { impact?: unknown; financial?: unknown }>;
  const ratings: MaterialityRatings = {};
  for (const id of MATERIALITY_TOPIC_IDS) {
    const { impact, financial } = stored[id] ?? {};
    if (score(impact) && score(financial)) ratings[id] = { impact, financial };
  }
  return ratings;
}

export const updatedAtOf = (data: DocData | null) =>
  typeof data?.updatedAt === 'string' ? data.updatedAt : null;
