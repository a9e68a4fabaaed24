import { useEffect, useState } from 'react';
import { SURVEY_LIST_QUERY, type ResultSummary, type SurveyListQuery } from '@toolkit/domain';
import { useServices } from './services';

export interface SurveyInfo {
  title: string;
  tenantId: string;
}

type Catalogue = ReadonlyMap<string, SurveyInfo>;

/** The catalogue once loaded, per content client: screens opened later name results without asking again. */
const loaded = new WeakMap<object, Catalogue>();
const EMPTY: Catalogue = new Map();

/**
 * Titles and publishers of the published surveys, for naming results. Results stay readable
 * without them (by survey id), so a content failure only costs the nicer names (and is retried
 * by the next screen that asks).
 */
export function useSurveyCatalogue(): Catalogue {
  const { content } = useServices();
  const [catalogue, setCatalogue] = useState<Catalogue>(() => loaded.get(content) ?? EMPTY);
  useEffect(() => {
    const known = loaded.get(content);
    if (known) {
      setCatalogue(known);
      return;
    }
    let current = true;
    content
      .request<SurveyListQuery>(SURVEY_LIST_QUERY)
      .then(({ surveys }) => {
        const fetched: Catalogue = new Map(
          surveys.map(({ id, title, tenantId }) => [id, { title, tenantId }]),
        );
        loaded.set(content, fetched);
        if (current) setCatalogue(fetched);
      })
      .catch((error: unknown) => console.warn('Survey titles are unavailable; showing survey ids.', error));
    return () => {
      current = false;
    };
  }, [content]);
  return catalogue;
}

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

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A stored ISO timestamp as a date in the reader's locale. */
export function formatDate(value: string | null): string {
  const parsed = value ? Date.parse(value) : NaN;
  return Number.isNaN(parsed) ? 'an unknown date' : dateFormat.format(parsed);
}
