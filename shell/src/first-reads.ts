// The reads of the first screen of the page opened, started by the shell as soon as the session is
// known, while the remote that draws the screen is still downloading (shared-reads.ts hands them
// to it).
import { hasAccess, matchRoute, type RouteId } from '@toolkit/domain';
import { firstReadsOf, type FirstRead } from '@toolkit/domain/first-reads';
import { selectTenantKind, signedInTenantId, type AppStore } from '@toolkit/store-contract';

/**
 * What the organisation was on this device's last visit: its kind and the surveys it publishes, for
 * its member `uid`. The kind comes with the catalogue, a round trip after the session; until then
 * the reads of the kind last seen start at once. A kind that has changed since only costs the reads
 * of the old one: those of the kind the catalogue tells still start.
 */
export const LAST_KIND_KEY = 'toolkit:first-reads-kind';

interface LastKind {
  uid: string;
  tenantId: string;
  kind: 'business' | 'publisher';
  published: string[];
}

function lastKind(uid: string, tenantId: string): LastKind | null {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(LAST_KIND_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const last = value as Partial<LastKind>;
    const kindOk = last.kind === 'business' || last.kind === 'publisher';
    const publishedOk = Array.isArray(last.published) && last.published.every((id) => typeof id === 'string');
    return last.uid === uid && last.tenantId === tenantId && kindOk && publishedOk
      ? (last as LastKind)
      : null;
  } catch {
    return null;
  }
}

function rememberKind(last: LastKind): void {
  try {
    window.localStorage.setItem(LAST_KIND_KEY, JSON.stringify(last));
  } catch {
    // A device that keeps nothing starts the kind's reads with the catalogue.
  }
}

/** What starts the reads (shared-reads.ts's `start`, which hands their answers on). */
interface ReadStarter {
  start(reads: readonly FirstRead[]): Promise<void>;
}

/**
 * Starts the first reads of route `routeId`, the page opened, once the member's session is known
 * (those every kind of organisation makes, and those of the kind it was on the last visit), then once
 * the catalogue tells what the organisation is (those of its kind); only while that page is still the
 * one shown, so a page the guard sent the person away from asks nothing. Returns the unsubscribe.
 */
export function startFirstReads(store: AppStore, reads: ReadStarter, routeId: RouteId): () => void {
  let startedFor: string | null = null;
  const check = () => {
    const state = store.getState();
    const tenantId = signedInTenantId(state.auth);
    const uid = state.auth.user?.uid;
    if (!tenantId || !uid || matchRoute(window.location.pathname)?.route.id !== routeId) return;
    const kindState = selectTenantKind(state);
    const known = kindState === 'business' || kindState === 'publisher' ? kindState : null;
    const published = Object.entries(state.catalogue.surveys ?? {})
      .filter(([, survey]) => survey.tenantId === tenantId)
      .map(([id]) => id);
    if (known) rememberKind({ uid, tenantId, kind: known, published });
    const last = kindState === 'pending' ? lastKind(uid, tenantId) : null;
    const kind = known ?? last?.kind ?? null;
    const asked = `${uid}:${kind}:${known ? 'known' : 'last'}`;
    if (asked === startedFor) return;
    startedFor = asked;
    void reads.start(
      firstReadsOf(routeId, {
        viewsInsights: hasAccess(state.auth.claims, 'insights'),
        kind,
        published: known ? published : (last?.published ?? []),
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
