// Registers the offline worker (sw.ts) and hands it the files this page loaded before it took
// control, so a reload without a network finds them.
import { SERVICE_WORKER_URL, tellServiceWorker } from '@toolkit/platform/offline';
import type { RuntimeConfig } from '@toolkit/platform';

/**
 * The files worth keeping among what the page loaded: from the app's origin, the remotes and the
 * content service, but not the content queries themselves (POSTs, kept by the worker as they pass).
 */
export function filesToKeep(
  loaded: readonly { name: string }[],
  config: Pick<RuntimeConfig, 'remotes' | 'contentUrl'>,
  appOrigin: string,
): string[] {
  const origins = new Set([
    appOrigin,
    new URL(config.contentUrl).origin,
    ...Object.values(config.remotes).map((url) => new URL(url).origin),
  ]);
  const contentQuery = new URL(config.contentUrl).href;
  const urls = loaded
    .map((entry) => entry.name)
    .filter((url) => URL.canParse(url) && origins.has(new URL(url).origin) && url !== contentQuery);
  return [...new Set(urls)];
}

export async function registerOfflineWorker(
  config: RuntimeConfig,
  container: ServiceWorkerContainer = navigator.serviceWorker,
  loaded: () => readonly { name: string }[] = () => performance.getEntriesByType('resource'),
): Promise<void> {
  try {
    await container.register(SERVICE_WORKER_URL);
    // Read once the worker is active, so what the page loaded while it installed is in the list too.
    await container.ready;
  } catch (error) {
    // Without the worker the survey still works online; only offline use is lost.
    console.warn('The offline worker could not be registered:', error);
    return;
  }
  tellServiceWorker({ type: 'keep-files', urls: filesToKeep(loaded(), config, location.origin) });
}
