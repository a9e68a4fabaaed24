// Why a person was sent to a dashboard page rather than the one they opened (a step that needs the
// organisation's name sends them to its field; a screen for the other kind of organisation sends
// them to the dashboard's first page), carried in the router state and told on arrival.
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { Loading, useProfileQuery } from '@toolkit/data';
import { elsewhereNotice, hasPermission, matchRoute, MESSAGES, opensFor, paths } from '@toolkit/domain';
import { useAppSelector, useTenantKind } from '@toolkit/store-contract';
import { ErrorPanel, Notice } from '@toolkit/ui';

interface Arrival {
  notice: string;
  /** The label of the field the person is sent to fill in. */
  field?: string;
}

const ORGANISATION_NAME_FIELD = 'Organisation name';

function arrivalIn(state: unknown): Arrival | null {
  const arrival = (state as { arrival?: Partial<Arrival> } | null)?.arrival;
  return typeof arrival?.notice === 'string'
    ? { notice: arrival.notice, field: typeof arrival.field === 'string' ? arrival.field : undefined }
    : null;
}

function controlLabelled(label: string): HTMLElement | null {
  const found = Array.from(document.querySelectorAll('label')).find((el) => el.textContent?.trim() === label);
  return found?.htmlFor ? document.getElementById(found.htmlFor) : null;
}

/** Focuses the control labelled `label` once the page has rendered it (after its data arrived). */
function useFocusWhenShown(label: string | undefined, key: string) {
  useEffect(() => {
    if (!label) return;
    const focus = () => {
      const control = controlLabelled(label);
      control?.focus();
      return control !== null;
    };
    if (focus()) return;
    const observer = new MutationObserver(() => {
      if (focus()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [label, key]);
}

/**
 * The dashboard's pages, with the notice of why the person arrived on one, when there is one. A
 * screen for the other kind of organisation (@toolkit/domain DASHBOARD_SECTIONS) is not opened: it
 * waits for the kind to be known, then sends the person to the dashboard's first page, saying why;
 * when the kind cannot be known, it says so with "Try again".
 */
export function WithArrivalNotice() {
  const { pathname, state, key } = useLocation();
  const { kind, retry } = useTenantKind();
  const arrival = arrivalIn(state);
  useFocusWhenShown(arrival?.field, key);
  const route = matchRoute(pathname)?.route;
  const forOneKind = route && !(opensFor(route.id, 'business') && opensFor(route.id, 'publisher'));
  if (forOneKind && kind === 'pending') return <Loading />;
  // Neither opened nor refused on a guess, as the shell's gate does: the member can ask again.
  if (forOneKind && kind === 'unknown')
    return <ErrorPanel message={MESSAGES.catalogueUnavailable} onRetry={retry} />;
  if (route && (kind === 'business' || kind === 'publisher') && !opensFor(route.id, kind))
    return (
      <Navigate
        to={paths.dashboard()}
        replace
        state={{ arrival: { notice: elsewhereNotice(kind, route.screen) } satisfies Arrival }}
      />
    );
  return (
    <>
      {arrival && <Notice key={key}>{arrival.notice}</Notice>}
      <Outlet />
    </>
  );
}

/**
 * A step that names the organisation (the declaration, reports) cannot go on while it has no name
 * (organisations stored before sign-up asked for it): someone who may name it is taken to Profile's
 * field first, told `why`, instead of meeting a refusal or "Your organisation" later. True while
 * that happens, so the step shows nothing meanwhile.
 */
export function useOrganisationNameFirst(why: string, needed = true): boolean {
  const profile = useProfileQuery();
  const claims = useAppSelector((state) => state.auth.claims);
  const navigate = useNavigate();
  const member = profile.data?.profile;
  const unnamed = Boolean(member) && !member?.organization?.name?.trim();
  const redirect = needed && unnamed && hasPermission(claims, 'manageSettings');
  useEffect(() => {
    if (!redirect) return;
    navigate(paths.profile(), {
      replace: true,
      state: { arrival: { notice: why, field: ORGANISATION_NAME_FIELD } satisfies Arrival },
    });
  }, [redirect, navigate, why]);
  return redirect;
}
