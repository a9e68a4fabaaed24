// The reads of the first screen of the page opened, started by the shell as soon as the session is
// known, while the remote that draws the screen is still downloading (shared-reads.ts hands them
// to it).
import { hasAccess, matchRoute, type RouteId } from '@toolkit/domain';
import { firstReadsOf, type FirstRead, type FirstScreenSession } from '@toolkit/domain/first-reads';
import { selectTenantKind, signedInTenantId, type AppStore } from '@toolkit/store-contract';
import { deviceStorage } from './device-storage';
import { forgetLastVisit, keepLastVisit, lastVisit, type LastVisit } from './last-visit';

/** What starts the reads (shared-reads.ts's `start`, which hands their answers on). */
interface ReadStarter {
  start(reads: readonly FirstRead[]): Promise<void>;
}

/** The signed-in member's organisation as the store knows it now; null without one. */
function organisationIn(state: ReturnType<AppStore['getState']>) {
  const tenantId = signedInTenantId(state.auth);
  const uid = state.auth.user?.uid;
  if (!tenantId || !uid) return null;
  const kindState = selectTenantKind(state);
  return {
    uid,
    tenantId,
    kindState,
    known: kindState === 'business' || kindState === 'publisher' ? kindState : null,
    published: Object.entries(state.catalogue.surveys ?? {})
      .filter(([, survey]) => survey.tenantId === tenantId)
      .map(([id]) => id),
    viewsInsights: hasAccess(state.auth.claims, 'insights'),
  };
}

/**
 * The first screen's session of `organisation`, its kind and published surveys as `last` (the last
 * visit's) left them while the catalogue has not told them, for this page's address and today.
 */
function sessionOf(
  { tenantId, viewsInsights, known, published }: NonNullable<ReturnType<typeof organisationIn>>,
  last: LastVisit | null,
): FirstScreenSession {
  return {
    tenantId,
    viewsInsights,
    kind: known ?? last?.kind ?? null,
    published: known ? published : (last?.published ?? []),
    addressQuery: window.location.search,
    today: new Date(),
  };
}

/**
 * Keeps on the device what the signed-in member's organisation is, once the catalogue tells it, for
 * the next visit's first reads (last-visit.ts), and forgets it when the member signs out. Returns
 * the unsubscribe.
 */
export function keepVisits(store: AppStore): () => void {
  let kept = '';
  let seen: Pick<ReturnType<AppStore['getState']>, 'auth' | 'catalogue'> | null = null;
  return store.subscribe(() => {
    const state = store.getState();
    // Only the session and the catalogue tell the organisation: most actions change neither slice.
    if (seen?.auth === state.auth && seen.catalogue === state.catalogue) return;
    seen = { auth: state.auth, catalogue: state.catalogue };
    if (state.auth.status === 'signedOut' && kept !== 'forgotten') {
      kept = 'forgotten';
      forgetLastVisit(deviceStorage());
      return;
    }
    const organisation = organisationIn(state);
    if (!organisation?.known) return;
    const { uid, tenantId, known: kind, published, viewsInsights } = organisation;
    const visit = { uid, tenantId, kind, published, viewsInsights };
    const key = JSON.stringify(visit);
    if (key === kept) return;
    kept = key;
    keepLastVisit(deviceStorage(), visit);
  });
}

/**
 * Starts the reads route `routeId`'s screen makes first (none if it declares none), for the session
 * and organisation the store knows now: a page that needs rights asks them beside the claims'
 * refresh that lets it draw, instead of after it.
 */
export function startReadsOf(store: AppStore, reads: ReadStarter, routeId: RouteId): void {
  const organisation = organisationIn(store.getState());
  if (!organisation) return;
  const { uid, tenantId, known } = organisation;
  const last = known ? null : lastVisit(deviceStorage(), uid, tenantId);
  void reads.start(firstReadsOf(routeId, sessionOf(organisation, last)));
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
    const organisation = organisationIn(store.getState());
    if (!organisation || matchRoute(window.location.pathname)?.route.id !== routeId) return;
    const { uid, tenantId, kindState, known } = organisation;
    const last = kindState === 'pending' ? lastVisit(deviceStorage(), uid, tenantId) : null;
    const session = sessionOf(organisation, last);
    const asked = `${uid}:${session.kind}:${known ? 'known' : 'last'}`;
    if (asked === startedFor) return;
    startedFor = asked;
    void reads.start(firstReadsOf(routeId, session));
    // Nothing more to start once the kind is known, or cannot be.
    if (kindState !== 'pending') unsubscribe();
  };
  const unsubscribe = store.subscribe(check);
  check();
  return unsubscribe;
}
