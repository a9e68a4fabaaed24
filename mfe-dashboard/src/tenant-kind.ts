// Whether the signed-in member's organisation is a publisher or a business (@toolkit/domain
// tenantKindOf), and which surveys it publishes, from the survey catalogue the dashboard reads.
import { useMemo } from 'react';
import type { QueryLike } from '@toolkit/data';
import { tenantKindOf, type TenantKind } from '@toolkit/domain';
import { useAppSelector } from '@toolkit/store-contract';
import { dashboardApi } from './shared/api';

/**
 * `pending` until the catalogue has answered; `unknown` when it could not be read, so nothing is
 * decided on a guess (no screen is refused, the navigation stays the business's as before).
 */
export function useTenantKind(): TenantKind | 'pending' | 'unknown' {
  const tenantId = useAppSelector((state) => state.auth.claims?.tenantId ?? null);
  const catalogue = dashboardApi.useSurveyCatalogueQuery();
  if (catalogue.data) return tenantKindOf(tenantId, new Map(Object.entries(catalogue.data)));
  return catalogue.isError ? 'unknown' : 'pending';
}

export interface PublishedSurvey {
  id: string;
  title: string;
}

/** The surveys the organisation publishes, in the catalogue's order. */
export function usePublishedSurveys(): QueryLike<PublishedSurvey[]> {
  const tenantId = useAppSelector((state) => state.auth.claims?.tenantId ?? null);
  const catalogue = dashboardApi.useSurveyCatalogueQuery();
  const published = useMemo(
    () =>
      catalogue.data &&
      Object.entries(catalogue.data)
        .filter(([, info]) => tenantId !== null && info.tenantId === tenantId)
        .map(([id, info]) => ({ id, title: info.title })),
    [catalogue.data, tenantId],
  );
  return { ...catalogue, data: published };
}
