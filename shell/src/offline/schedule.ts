// When the offline worker is registered: on a survey's pages only (the dashboard stays online-only),
// in production builds only (never under the dev server), once the page has settled after the app
// took over, so nothing of it competes with the first question. The registration itself is a chunk
// of its own, downloaded then.
import { matchRoute } from '@toolkit/domain';
import type { RuntimeConfig } from '@toolkit/platform';

export interface ScheduleEnvironment {
  production: boolean;
  window: Window;
  register: (config: RuntimeConfig) => void;
}

const defaults = (): ScheduleEnvironment => ({
  production: process.env.NODE_ENV === 'production',
  window,
  register: (config) =>
    void import('./register').then(({ registerOfflineWorker }) => registerOfflineWorker(config)),
});

export function scheduleOfflineWorker(
  config: RuntimeConfig,
  { production, window: page, register }: ScheduleEnvironment = defaults(),
): void {
  if (!production || !('serviceWorker' in page.navigator)) return;
  if (matchRoute(page.location.pathname)?.route.owner !== 'survey') return;
  const idle = () =>
    // Safari has no requestIdleCallback.
    typeof page.requestIdleCallback === 'function'
      ? page.requestIdleCallback(() => register(config))
      : page.setTimeout(() => register(config), 0);
  if (page.document.readyState === 'complete') idle();
  else page.addEventListener('load', idle, { once: true });
}
