// Opening a screen should wait for neither its code nor its first reads: both start before the tap,
// for the sections the person's role and organisation's kind list, once the first screen's reads
// are in; the intent to open one (a press, a hover or keyboard focus on a link to it) starts its
// code. Its reads wait for it to open: a page that needs rights has the claims checked first, and
// a read asked with a session ended meanwhile (a role removed) would sign the person out.
import { useEffect, useRef, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation } from 'react-router';
import { readsSettled } from '@toolkit/data';
import {
  hasAccess,
  matchRoute,
  navigationFor,
  opensFor,
  routesOwnedBy,
  type AuthClaims,
  type RouteId,
  type TenantKind,
} from '@toolkit/domain';
import { useAppSelector, useAppStore, useTenantKind, type AppStore } from '@toolkit/store-contract';
import type { PrefetchReads } from './shared/prefetch';

/** What a screen's module may export besides the screen: its first reads (shared/prefetch.ts). */
export interface ScreenModule {
  prefetchReads?: PrefetchReads;
}

/** A screen whose code downloads when first needed. */
export interface LazyScreen {
  load: () => Promise<ScreenModule>;
  /** The screen, once its code is in. */
  loaded: () => ComponentType | undefined;
  Component: LazyExoticComponent<ComponentType>;
}

/** Downloads a screen's code and, with `reads`, asks its first reads. */
export function prefetchScreen(screen: LazyScreen, store: AppStore, reads: boolean): Promise<unknown> {
  return (
    screen
      .load()
      .then((module) => reads && module.prefetchReads?.(store.dispatch, store.getState))
      // A failed prefetch costs nothing: opening the screen asks again and shows what went wrong.
      .catch(() => undefined)
  );
}

/** How long the first screen's reads stay in before the sections are read ahead. */
const SETTLED_FOR_MS = 1_000;

/** Resolves once no read asked of the API is waiting for its answer. */
function readsIn(store: AppStore): Promise<void> {
  return new Promise((resolve) => {
    if (readsSettled(store.getState())) return resolve();
    const unsubscribe = store.subscribe(() => {
      if (!readsSettled(store.getState())) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * The screens prefetched for a person: the sections their menu lists get their code and first
 * reads, the other screens their role and organisation's kind open (a result, a review) their code.
 */
export function screensToPrefetch(
  kind: TenantKind,
  claims: AuthClaims | null | undefined,
): { sections: RouteId[]; codeOnly: RouteId[] } {
  const sections = navigationFor(kind, claims).map(({ route }) => route.id);
  const codeOnly = routesOwnedBy('dashboard')
    .filter(
      (route) =>
        !sections.includes(route.id) &&
        opensFor(route.id, kind) &&
        (!route.meta.requires || hasAccess(claims, route.meta.requires)),
    )
    .map((route) => route.id);
  return { sections, codeOnly };
}

/**
 * Once the organisation's kind is known, no read of the first screen is pending and the browser is
 * idle, prefetches the screens `screensToPrefetch` names.
 */
export function usePrefetchedScreens(screens: Partial<Record<RouteId, LazyScreen>>): void {
  const store = useAppStore();
  const claims = useAppSelector((state) => state.auth.claims);
  const { kind } = useTenantKind();
  const { pathname } = useLocation();
  // The section open when the prefetch starts asked its own reads, perhaps for another view.
  const here = useRef(pathname);
  useEffect(() => {
    here.current = pathname;
  }, [pathname]);
  useEffect(() => {
    if (kind !== 'publisher' && kind !== 'business') return;
    const { sections, codeOnly } = screensToPrefetch(kind, claims);
    let started = false;
    let cancelled = false;
    let idle: (() => void) | undefined;
    // One section at a time, in the menu's order: on a slow network the first sections are ready
    // soonest, and a tapped one's own reads do not queue behind every other section's.
    const prefetch = async () => {
      const open = matchRoute(here.current)?.route.id;
      for (const id of sections) {
        if (cancelled) return;
        if (!screens[id]) continue;
        await prefetchScreen(screens[id], store, id !== open);
        await readsIn(store);
      }
      for (const id of codeOnly) if (screens[id]) void prefetchScreen(screens[id], store, false);
    };
    const begin = () => {
      started = true;
      unsubscribe();
      if ('requestIdleCallback' in window) {
        const handle = requestIdleCallback(() => void prefetch(), { timeout: 3_000 });
        idle = () => cancelIdleCallback(handle);
      } else {
        const handle = setTimeout(() => void prefetch(), 500);
        idle = () => clearTimeout(handle);
      }
    };
    // The first screen asks some reads only once others are in (the kind, then its figures): the
    // reads must have stayed in for a moment, or reading ahead competes with the screen being drawn.
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      if (started) return;
      if (!readsSettled(store.getState())) {
        clearTimeout(quiet);
        quiet = undefined;
        return;
      }
      quiet ??= setTimeout(begin, SETTLED_FOR_MS);
    };
    const unsubscribe = store.subscribe(check);
    check();
    return () => {
      started = true;
      cancelled = true;
      unsubscribe();
      clearTimeout(quiet);
      idle?.();
    };
  }, [store, kind, claims, screens]);
}

const INTENTS = ['pointerdown', 'touchstart', 'mouseover', 'focusin'] as const;

/**
 * A ref for the element around the app's links: pressing, hovering or focusing a link to one of
 * `screens` starts that screen's code, a moment before the click that opens it.
 */
export function useIntentPrefetch(
  screens: Partial<Record<RouteId, LazyScreen>>,
): React.RefObject<HTMLDivElement | null> {
  const store = useAppStore();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
      const id = matchRoute(link.pathname)?.route.id;
      const screen = id ? screens[id] : undefined;
      if (screen) prefetchScreen(screen, store, false);
    };
    for (const type of INTENTS) root.addEventListener(type, onIntent, { passive: true });
    return () => {
      for (const type of INTENTS) root.removeEventListener(type, onIntent);
    };
  }, [screens, store]);
  return ref;
}
