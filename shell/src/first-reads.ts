// The reads of the first screen of the page opened, started by the shell as soon as the session is
// known, while the remote that draws the screen is still downloading (shared-reads.ts hands them
// to it).
import { hasAccess, matchRoute, type RouteId } from '@toolkit/domain';
import { firstReadsOf, type FirstRead } from '@toolkit/domain/first-reads';
import { selectTenantKind, signedInTenantId, type AppStore } from '@toolkit/store-contract';

/** What starts the reads (shared-reads.ts's `start`, which hands their answers on). */
interface ReadStarter {
  start(reads: readonly FirstRead[]): Promise<void>;
}

/**
 * Starts the first reads of route `routeId`, the page opened, once the member's session is known
 * (those every kind of organisation makes), then once the catalogue tells what the organisation is
 * (those of its kind); only while that page is still the one shown, so a page the guard sent the
 * person away from asks nothing. Returns the unsubscribe.
 */
export function startFirstReads(store: AppStore, reads: ReadStarter, routeId: RouteId): () => void {
  let startedFor: string | null = null;
  const check = () => {
    const state = store.getState();
    const tenantId = signedInTenantId(state.auth);
    const uid = state.auth.user?.uid;
    if (!tenantId || !uid || matchRoute(window.location.pathname)?.route.id !== routeId) return;
    const kindState = selectTenantKind(state);
    const kind = kindState === 'business' || kindState === 'publisher' ? kindState : null;
    const asked = `${uid}:${kind}`;
    if (asked === startedFor) return;
    startedFor = asked;
    const published = Object.entries(state.catalogue.surveys ?? {})
      .filter(([, survey]) => survey.tenantId === tenantId)
      .map(([id]) => id);
    void reads.start(
      firstReadsOf(routeId, {
        viewsInsights: hasAccess(state.auth.claims, 'insights'),
        kind,
        published,
        today: new Date(),
      }),
    );
    // Nothing more to start once the kind is known, or cannot be.
    if (kindState !== 'pending') unsubscribe();
  };
  const unsubscribe = store.subscribe(check);
  check();
  return unsubscribe;
}
