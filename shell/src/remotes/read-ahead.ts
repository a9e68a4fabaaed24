// A tap on Plans in the dashboard's menu opened another remote, whose files (about 40 KB in eleven
// requests) were downloaded only then: about a second on a 4G phone. Once an area has drawn its
// first screen and the page is idle, the other areas its menu leads to are loaded (not mounted), as
// the dashboard reads its own screens' code ahead.
import {
  DASHBOARD_SECTIONS,
  ROUTE_BY_ID,
  whoMayOpen,
  type AuthClaims,
  type RouteOwner,
} from '@toolkit/domain';
import type { RemoteName } from './registry';

/** The remote areas, other than `owner`, that its menu lists and these claims open. */
export function areasAhead(owner: RemoteName, claims: AuthClaims | null): RemoteName[] {
  if (owner !== 'dashboard') return [];
  const areas = new Set<RouteOwner>();
  for (const section of DASHBOARD_SECTIONS) {
    const route = ROUTE_BY_ID[section.route];
    if (section.listed && route.owner !== owner && whoMayOpen(route.path, claims) === null)
      areas.add(route.owner);
  }
  return [...areas].filter((area): area is RemoteName => area !== 'shell');
}

/** Runs `work` at the page's next idle moment (at the latest after `timeout` ms). */
export function whenIdle(work: () => void, timeout = 3000): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout });
  else setTimeout(work, 500);
}
