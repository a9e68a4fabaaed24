import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router';
import {
  evaluateGuards,
  matchRoute,
  outcomeBeforeSession,
  refusedNotice,
  type GuardDecision,
  type GuardReason,
  type GuardInput,
  type RouteId,
  type RouteMatch,
} from '@toolkit/domain';
import {
  claimsChanged,
  selectIsSurveyCompleted,
  sessionSettled,
  useAppDispatch,
  useAppSelector,
} from '@toolkit/store-contract';
import { ErrorPanel, Spinner } from '@toolkit/ui';
import { PageProgress } from './page-progress';
import { redirectState } from './screens/not-found-notice';
import type { ShellServices } from './services';
import { ShownLocation } from './shown-location';
import { useSurveyAccess } from './survey-definition';

// The chain's refusals for missing rights (rule 6): the dashboard they land on says who may open the page.
const REFUSED_FOR_RIGHTS: ReadonlySet<GuardReason> = new Set<GuardReason>([
  'more rights needed',
  'billing access needed',
  'insights access needed',
  'management access needed',
]);

/**
 * The key of the navigation that arrived at the current path; kept while only its query or fragment
 * change (a screen keeping its filters in the address), so such a change is not a new arrival.
 */
function useArrivalKey(): string {
  const location = useLocation();
  const arrival = useRef({ pathname: location.pathname, key: location.key });
  if (arrival.current.pathname !== location.pathname) {
    arrival.current = { pathname: location.pathname, key: location.key };
  }
  return arrival.current.key;
}

/**
 * Before a page that needs rights, the claims are fetched afresh, so a role removed by an admin
 * applies on the user's next arrival at such a page rather than when the old token expires. True
 * once the claims for this arrival are in the store (or nothing needed refreshing). A change of the
 * page's own query does not wait for them again: the screen stays mounted, with its focus and scroll.
 */
function useFreshClaims(services: ShellServices, routeId: RouteId | null): boolean {
  const needed = routeId !== null;
  const arrival = useArrivalKey();
  const dispatch = useAppDispatch();
  const [freshFor, setFreshFor] = useState<string | null>(null);
  useEffect(() => {
    if (!routeId || freshFor === arrival) return;
    let current = true;
    // The page's own reads go out beside the refresh, not after it: the server checks the role they
    // are asked with, and a page the fresh claims refuse is never drawn.
    services.startRouteReads?.(routeId);
    services.auth
      .refreshClaims()
      .then((claims) => current && dispatch(claimsChanged(claims)))
      // Offline: the claims already held decide; the server still checks the current role.
      .catch(() => undefined)
      .finally(() => current && setFreshFor(arrival));
    return () => {
      current = false;
    };
  }, [routeId, freshFor, arrival, services, dispatch]);
  return !needed || freshFor === arrival;
}

/**
 * Runs the guard chain (docs/behaviour.md, Guard chain) on every navigation and carries out its session effects.
 * Renders the route's content once the chain lets it proceed, and earlier for a survey: one that
 * any session may answer shows before the session is known, and a signed-out respondent's survey
 * shows while it signs them in anonymously.
 */
export function GuardGate({
  services,
  children,
}: {
  services: ShellServices;
  children: (match: RouteMatch) => React.ReactNode;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const auth = useAppSelector((state) => state.auth);
  const surveyCompleted = useAppSelector(selectIsSurveyCompleted);
  const match = useMemo(() => matchRoute(location.pathname), [location.pathname]);
  const params = match?.route.meta.surveyDefinition ? match.params : {};
  const surveyAccess = useSurveyAccess(services.content, params.tenantId, params.surveyId);

  const freshClaims = useFreshClaims(
    services,
    match?.route.meta.requires && auth.status === 'signedIn' ? match.route.id : null,
  );

  const input: GuardInput = {
    pathname: location.pathname,
    route: match?.route ?? null,
    auth: { status: auth.status, claims: auth.claims, tenantId: auth.user?.tenantId ?? null },
    surveyCompleted,
    survey: surveyAccess.survey,
    // Read on every render: the mark is set when the link is sent and cleared once it is used.
    keepsSavingSession:
      auth.status === 'anonymous' && auth.user !== null && auth.user.uid === services.auth.savingSessionUid(),
  };
  const decision: GuardDecision = !freshClaims ? { kind: 'wait' } : evaluateGuards(input);
  const key = `${location.key}:${JSON.stringify(decision)}`;
  const dispatch = useAppDispatch();

  // The sign-in SDK loads on demand. A survey that any session may answer shows at once and keeps
  // showing while its session is settled (the survey asks for the SDK once its first screen is
  // painted); a session-free page (the public credential check) never asks for it; every other
  // page waits for the session, so the SDK is loaded for it now.
  const beforeSession = auth.status === 'unknown' ? outcomeBeforeSession(input) : null;
  const [sessionFailed, setSessionFailed] = useState(false);
  const [shownEarlyKey, setShownEarlyKey] = useState<string | null>(null);
  const showsEarly =
    beforeSession === 'proceed' &&
    Boolean(match?.route.meta.surveyDefinition || match?.route.meta.sessionFree);
  const loadSessionNow = beforeSession !== null && beforeSession !== 'wait' && !showsEarly;
  useEffect(() => {
    if (showsEarly) setShownEarlyKey(location.key);
  }, [showsEarly, location.key]);
  useEffect(() => {
    if (!loadSessionNow || sessionFailed) return;
    services.auth.load().catch(() => setSessionFailed(true));
  }, [loadSessionNow, sessionFailed, services.auth]);
  const keptShowing = shownEarlyKey === location.key && decision.kind !== 'redirect';
  const busy = useRef(false);
  // What was not found, or who may open the page, goes along, so the page it lands on can say so
  // (the dashboard shows the arrival notice, as for a screen of the other kind of organisation).
  const redirectOptions = (reason: GuardReason) => {
    const refused =
      REFUSED_FOR_RIGHTS.has(reason) && match ? refusedNotice(match.route, input.auth.claims) : null;
    const state = redirectState(reason, location.state);
    return { replace: true, state: refused ? { ...state, arrival: { notice: refused } } : state };
  };
  // Session effects belong to arriving at a page: once a page has been let through, a sign-in made
  // on it (e.g. /complete-signup finishing an e-mail link) is not undone by its forced sign-out.
  const [settledKey, setSettledKey] = useState<string | null>(null);
  const alreadySettled = settledKey === location.key && decision.kind === 'proceed';
  const plainProceed = decision.kind === 'proceed' && !decision.signOut && !decision.signInAnonymously;

  useEffect(() => {
    if (plainProceed) setSettledKey(location.key);
  }, [plainProceed, location.key]);

  // Tells the remotes (selectHasSettledSession) that this page's session is the one it will keep.
  const sessionInPlace = plainProceed || alreadySettled;
  useEffect(() => {
    if (sessionInPlace && !auth.settled) dispatch(sessionSettled());
  }, [sessionInPlace, auth.settled, dispatch]);

  useEffect(() => {
    if (decision.kind === 'wait' || busy.current || alreadySettled) return;
    const needsSession = decision.signOut || (decision.kind === 'proceed' && decision.signInAnonymously);
    if (decision.kind === 'redirect') {
      console.info(`[guard] ${location.pathname} → ${decision.to}: ${decision.reason}`);
    }
    if (!needsSession) {
      if (decision.kind === 'redirect') navigate(decision.to, redirectOptions(decision.reason));
      return;
    }
    busy.current = true;
    void (async () => {
      try {
        if (decision.signOut) await services.auth.signOut();
        if (decision.kind === 'proceed' && decision.signInAnonymously)
          await services.auth.signInAnonymously();
        if (decision.kind === 'redirect') navigate(decision.to, redirectOptions(decision.reason));
      } finally {
        busy.current = false;
      }
    })();
    // The key captures the decision and the navigation it belongs to.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  // A proceed without a sign-out includes one that signs a respondent in anonymously: the survey
  // shows meanwhile, as it waits for a session before it starts a result.
  const shows =
    showsEarly || keptShowing || alreadySettled || (decision.kind === 'proceed' && !decision.signOut);
  const shown = shows && match ? { match, location } : null;
  const lastShown = useRef<{ match: RouteMatch; location: Location } | null>(null);
  useLayoutEffect(() => {
    if (shown) lastShown.current = shown;
  });
  // Moving to a page of the same area that waits only for fresh claims: the page before stays drawn
  // (and keeps its data) until they are in; the new page's screen, and its reads, wait for them.
  const held =
    !shown && !freshClaims && lastShown.current?.match.route.owner === match?.route.owner
      ? lastShown.current
      : null;
  const drawn = shown ?? held;

  if (sessionFailed) {
    return (
      <ErrorPanel
        title="We couldn't reach the sign-in service"
        message="Check your connection and try again."
        onRetry={() => setSessionFailed(false)}
      />
    );
  }
  if (surveyAccess.failed) {
    return (
      <ErrorPanel
        title="We couldn't load this survey"
        message="The survey service did not answer. Your answers so far are safe."
        onRetry={surveyAccess.retry}
      />
    );
  }
  if (!drawn) return <Spinner label="Loading…" />;
  return (
    <>
      {held && <PageProgress />}
      <ShownLocation.Provider value={held ? held.location : null}>
        {children(drawn.match)}
      </ShownLocation.Provider>
    </>
  );
}
