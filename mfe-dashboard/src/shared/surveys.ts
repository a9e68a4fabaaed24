import type { ResultSummary } from '@toolkit/domain';
import type { Catalogue } from './api';

export function surveyTitle(catalogue: Catalogue, surveyId: string): string {
  return catalogue.get(surveyId)?.title ?? surveyId;
}

const time = (value: string | null) => (value ? Date.parse(value) || 0 : 0);

/** The most recently completed result that has a score, or undefined. */
export function latestScored(results: readonly ResultSummary[]): ResultSummary | undefined {
  return results
    .filter((result) => result.isCompleted && result.score)
    .sort((a, b) => time(b.completedAt ?? b.updatedAt) - time(a.completedAt ?? a.updatedAt))[0];
}
