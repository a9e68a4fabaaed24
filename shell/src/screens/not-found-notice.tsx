// What a guard redirect was sent away from (an unknown path, an unknown survey), told where it lands
// (docs/behaviour.md, Guard chain). It travels in the router state, kept along a chain of redirects
// (e.g. /dashboard/x → / → /dashboard), so it is gone once the person moves on.
import { useLocation } from 'react-router';
import type { GuardReason, RouteMatch } from '@toolkit/domain';
import { Notice } from '@toolkit/ui';

type NotFound = 'page' | 'survey';

const NOT_FOUND: Partial<Record<GuardReason, NotFound>> = {
  'unknown route': 'page',
  'survey not found': 'survey',
};

const notFoundIn = (state: unknown): NotFound | null => {
  const value = (state as { notFound?: unknown } | null)?.notFound;
  return value === 'page' || value === 'survey' ? value : null;
};

/** The router state of a guard redirect: what this one could not find, else what an earlier one could not. */
export function redirectState(reason: GuardReason, current: unknown): { notFound: NotFound } | undefined {
  const notFound = NOT_FOUND[reason] ?? notFoundIn(current);
  return notFound ? { notFound } : undefined;
}

const WHERE: Partial<Record<string, string>> = {
  portal: 'on the start page',
  dashboard: 'on your dashboard',
};

export function NotFoundNotice({ match }: { match: RouteMatch }) {
  const { state, key } = useLocation();
  const notFound = notFoundIn(state);
  if (!notFound) return null;
  return (
    <Notice key={key}>
      We couldn't find that {notFound}, so you are {WHERE[match.route.id] ?? 'here instead'}.
    </Notice>
  );
}
