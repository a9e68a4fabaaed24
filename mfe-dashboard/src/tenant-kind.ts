// Whether the signed-in member's organisation is a publisher or a business (@toolkit/domain
// tenantKindOf), from the survey catalogue the dashboard already reads.
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
