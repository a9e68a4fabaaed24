// A remote's screen for the other kind of organisation (the journey's stages are a business's) is
// not opened by its address: the member is sent to the dashboard's first page, told why, as the
// dashboard does for its own sections (@toolkit/domain DASHBOARD_SECTIONS).
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { elsewhereNotice, opensFor, paths, type RouteDefinition } from '@toolkit/domain';
import type { ContentClient } from '@toolkit/platform';
import { useAppSelector } from '@toolkit/store-contract';
import { Spinner } from '@toolkit/ui';
import { useTenantKind } from './tenant-kind';

function ForOneKind({
  route,
  content,
  tenantId,
  children,
}: {
  route: RouteDefinition;
  content: ContentClient;
  tenantId: string;
  children: ReactNode;
}) {
  const kind = useTenantKind(content, tenantId);
  if (kind === null) return <Spinner label="Loading…" />;
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

export function KindGate({
  route,
  content,
  children,
}: {
  route: RouteDefinition;
  content: ContentClient;
  children: ReactNode;
}) {
  const auth = useAppSelector((state) => state.auth);
  const tenantId = auth.status === 'signedIn' ? auth.claims.tenantId : null;
  const forEveryKind = opensFor(route.id, 'business') && opensFor(route.id, 'publisher');
  if (forEveryKind || !tenantId) return children;
  return (
    <ForOneKind route={route} content={content} tenantId={tenantId}>
      {children}
    </ForOneKind>
  );
}
