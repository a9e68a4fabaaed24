import { useEffect, useState } from 'react';
import { paths, type ResultSummary } from '@toolkit/domain';
import { useServices } from './services';

/** The account holders' Quickscan: a requireAccount copy of the Quickscan in the seed content. */
export const QUICKSCAN = { tenantId: 'demo-publisher', surveyId: 'business-quickscan' } as const;
export const QUICKSCAN_PATH = paths.survey(QUICKSCAN.tenantId, QUICKSCAN.surveyId);

export interface SurveyInfo {
  title: string;
  tenantId: string;
}

const SURVEYS_QUERY = /* GraphQL */ `
  query DashboardSurveys {
    surveys {
      id
      title
      tenantId
    }
  }
`;

/**
 * Titles and publishers of the published surveys, for naming results. Results stay readable
 * without them (by survey id), so a content failure only costs the nicer names.
 */
export function useSurveyCatalogue(): ReadonlyMap<string, SurveyInfo> {
  const { content } = useServices();
  const [catalogue, setCatalogue] = useState<ReadonlyMap<string, SurveyInfo>>(new Map());
  useEffect(() => {
    let current = true;
    content
      .request<{ surveys: ({ id: string } & SurveyInfo)[] }>(SURVEYS_QUERY)
      .then(({ surveys }) => {
        if (current)
          setCatalogue(new Map(surveys.map(({ id, title, tenantId }) => [id, { title, tenantId }])));
      })
      .catch((error: unknown) => console.warn('Survey titles are unavailable; showing survey ids.', error));
    return () => {
      current = false;
    };
  }, [content]);
  return catalogue;
}

export function surveyTitle(catalogue: ReadonlyMap<string, SurveyInfo>, surveyId: string): string {
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
