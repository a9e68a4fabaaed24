// Which surveys the signed-in member's organisation publishes, from the survey catalogue the
// shell's store reads once for every app (@toolkit/store-contract useCatalogue); the organisation's
// kind comes from the same place (useTenantKind), so the dashboard and the shell never disagree.
import { useMemo } from 'react';
import type { QueryLike } from '@toolkit/data';
import { signedInTenantId, useAppSelector, useCatalogue } from '@toolkit/store-contract';

export interface PublishedSurvey {
  id: string;
  title: string;
}

/** The surveys the organisation publishes, in the catalogue's order. */
export function usePublishedSurveys(): QueryLike<PublishedSurvey[]> {
  const tenantId = useAppSelector((state) => signedInTenantId(state.auth));
  const catalogue = useCatalogue();
  const published = useMemo(
    () =>
      catalogue.surveys &&
      Object.entries(catalogue.surveys)
        .filter(([, info]) => tenantId !== null && info.tenantId === tenantId)
        .map(([id, info]) => ({ id, title: info.title })),
    [catalogue.surveys, tenantId],
  );
  return {
    data: published ?? undefined,
    isError: catalogue.status === 'failed',
    error: catalogue.error === null ? undefined : new Error(catalogue.error),
    refetch: catalogue.retry,
  };
}
