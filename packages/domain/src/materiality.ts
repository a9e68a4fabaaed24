// Double materiality (the materiality-assessment feature): a tenant rates each sustainability
// matter twice, for its impact on people and planet and for its financial importance to the
// business, and sees the matters on a matrix. The matters are the topical standards of the EU's
// ESRS, which most double-materiality assessments follow, each under the ESG topic it belongs to.
import type { EsgTopic } from './content';

export const MATERIALITY_TOPICS = [
  { id: 'climate-change', name: 'Climate change', esg: 'CLIMATE' },
  { id: 'pollution', name: 'Pollution', esg: 'CLIMATE' },
  { id: 'water', name: 'Water and marine resources', esg: 'CLIMATE' },
  { id: 'biodiversity', name: 'Biodiversity and ecosystems', esg: 'CLIMATE' },
  { id: 'resource-use', name: 'Resource use and circular economy', esg: 'CIRCULARITY' },
  { id: 'own-workforce', name: 'Own workforce', esg: 'PEOPLE' },
  { id: 'value-chain-workers', name: 'Workers in the value chain', esg: 'PEOPLE' },
  { id: 'communities', name: 'Affected communities', esg: 'COMMUNITY' },
  { id: 'consumers', name: 'Consumers and end-users', esg: 'COMMUNITY' },
  { id: 'business-conduct', name: 'Business conduct', esg: 'GOVERNANCE' },
] as const satisfies readonly { id: string; name: string; esg: EsgTopic }[];

export type MaterialityTopicId = (typeof MATERIALITY_TOPICS)[number]['id'];
export const MATERIALITY_TOPIC_IDS = MATERIALITY_TOPICS.map((topic) => topic.id) as [
  MaterialityTopicId,
  ...MaterialityTopicId[],
];

/** Ratings run from 1 (not at all) to 5 (very much). */
export const MATERIALITY_SCALE = [1, 2, 3, 4, 5] as const;
export const MATERIALITY_LABELS = ['Not at all', 'A little', 'Moderately', 'Much', 'Very much'] as const;

export interface MaterialityRating {
  /** Impact materiality: how much the business affects people and planet through this matter. */
  impact: number;
  /** Financial materiality: how much this matter affects the business's finances. */
  financial: number;
}

export type MaterialityRatings = Partial<Record<MaterialityTopicId, MaterialityRating>>;

/** A matter counts as material when either side rates it at least this. */
export const MATERIAL_THRESHOLD = 4;

export type MaterialityQuadrant = 'both' | 'impact' | 'financial' | 'neither';

/** Where a rated matter sits on the matrix: material on both sides, on one, or on neither. */
export function materialityQuadrant({ impact, financial }: MaterialityRating): MaterialityQuadrant {
  const byImpact = impact >= MATERIAL_THRESHOLD;
  const byFinance = financial >= MATERIAL_THRESHOLD;
  if (byImpact && byFinance) return 'both';
  if (byImpact) return 'impact';
  if (byFinance) return 'financial';
  return 'neither';
}

/** The rated matters, most material first (by the higher rating, then the other), unrated left out. */
export function rankMateriality(
  ratings: MaterialityRatings,
): { id: MaterialityTopicId; name: string; rating: MaterialityRating; quadrant: MaterialityQuadrant }[] {
  return MATERIALITY_TOPICS.flatMap((topic) => {
    const rating = ratings[topic.id];
    return rating ? [{ id: topic.id, name: topic.name, rating, quadrant: materialityQuadrant(rating) }] : [];
  }).sort((a, b) => {
    const high = (r: MaterialityRating) => Math.max(r.impact, r.financial);
    const low = (r: MaterialityRating) => Math.min(r.impact, r.financial);
    return high(b.rating) - high(a.rating) || low(b.rating) - low(a.rating);
  });
}
