// A remote's screen for the other kind of organisation (the journey's stages are a business's) is
// not opened by its address: the member is sent to the dashboard's first page, told why, as the
// dashboard does for its own sections (@toolkit/domain DASHBOARD_SECTIONS). The kind comes from the
// store's catalogue (@toolkit/store-contract useTenantKind), the one the remotes read.
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { elsewhereNotice, MESSAGES, opensFor, paths, type RouteDefinition } from '@toolkit/domain';
import { signedInTenantId, useAppSelector, useTenantKind } from '@toolkit/store-contract';
import { ErrorPanel, Spinner } from '@toolkit/ui';

/**
 * Lets a page through, or draws the wait, the failure or the way to the dashboard in its place. A page
 * let through is always the same element here, so moving between pages for every kind and pages for
 * one kind keeps the remote mounted instead of drawing it again.
 */
export function KindGate({ route, children }: { route: RouteDefinition; children: ReactNode }) {
  const tenantId = useAppSelector((state) => signedInTenantId(state.auth));
  const forEveryKind = opensFor(route.id, 'business') && opensFor(route.id, 'publisher');
  const { kind, retry } = useTenantKind(!forEveryKind);
  if (forEveryKind || !tenantId) return children;
  if (kind === 'pending') return <Spinner label="Loading…" />;
  // Neither opened nor refused on a guess: the member can ask again.
  if (kind === 'unknown') return <ErrorPanel message={MESSAGES.catalogueUnavailable} onRetry={retry} />;
  if (opensFor(route.id, kind)) return children;
  // The dashboard shows the notice it finds in the router state on arrival.
  return (
    <Navigate
      to={paths.dashboard()}
      replace
      state={{ arrival: { notice: elsewhereNotice(kind, route.screen) } }}
    />
  );
}
