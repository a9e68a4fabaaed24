// The ratings as the form holds them, each side's select as text ('' for not rated), checked and
// turned into saveMateriality's request by that request's own schema.
import { z } from 'zod';
import { API, MATERIALITY_TOPICS, type MaterialityRatings } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';

const SIDES = ['impact', 'financial'] as const;

type TypedRatings = Partial<Record<string, Partial<Record<(typeof SIDES)[number], unknown>>>>;

const isRated = (value: unknown) => value !== '' && value !== undefined && value !== null;

/** The matters rated on both sides, as scores; one rated on one side only is left out. */
export function ratingsOf(typed: TypedRatings | undefined): MaterialityRatings {
  const ratings: MaterialityRatings = {};
  for (const { id } of MATERIALITY_TOPICS) {
    const { impact, financial } = typed?.[id] ?? {};
    if (isRated(impact) && isRated(financial)) {
      ratings[id] = { impact: Number(impact), financial: Number(financial) };
    }
  }
  return ratings;
}

/** A matter rated on one side only is named beside the side it lacks: both sides, or neither. */
export const RATINGS_FORM = z
  .object({
    ratings: z.record(z.string(), z.object({ impact: z.unknown(), financial: z.unknown() }).partial()),
  })
  .superRefine(({ ratings }, context) => {
    for (const topic of MATERIALITY_TOPICS) {
      const missing = SIDES.filter((side) => !isRated(ratings[topic.id]?.[side]));
      if (missing.length === 1) {
        context.addIssue({
          code: 'custom',
          path: ['ratings', topic.id, missing[0]!],
          message: `Rate both sides of ${topic.name}, or neither.`,
        });
      }
    }
  })
  .transform(({ ratings }) => ({ ratings: ratingsOf(ratings) }))
  .pipe(REQUESTS[API.saveMateriality]);
