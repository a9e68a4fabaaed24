// On a page of a signed-in area (the dashboard, the journey, plans), what the page needs after the
// app's entry is known before the entry has run: the sign-in SDK, the reads the shell shares with
// the remotes, and the remote that draws the page. Left to the entry, each was asked for only once
// it had downloaded and run (a second of a 4G phone's time), and the remote's files only once its
// manifest had come back after that.
import type { RouteId, RouteOwner } from '@toolkit/domain/routes';
import type { EarlyRead, EarlyRequests } from './contract';
import { preloadScript } from './preload-script';

/** The longest the app's calls wait for the first reads' script to answer. */
const FIRST_READS_WAIT_MS = 5000;

/** Whether a page's owner is a remote that needs the session before it draws anything. */
export function isSignedInArea(owner: RouteOwner | undefined): owner is 'dashboard' | 'journey' | 'billing' {
  return owner === 'dashboard' || owner === 'journey' || owner === 'billing';
}

interface Manifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: { name?: string; assets?: { js?: { sync?: string[] } } }[];
}

/**
 * The remote's entry and the chunks its mount entry needs at once, as the manifest names them;
 * only for a remote whose files sit beside its manifest ('auto'), the only way ours are built.
 */
export function mountFiles(manifest: Manifest, manifestUrl: string): string[] {
  const meta = manifest.metaData;
  const entry = meta?.remoteEntry?.name;
  if (meta?.publicPath !== 'auto' || !entry) return [];
  const folder = meta.remoteEntry?.path ? `${meta.remoteEntry.path.replace(/\/$/, '')}/` : '';
  const mount = manifest.exposes?.find((exposed) => exposed.name === 'mount');
  return [`${folder}${entry}`, ...(mount?.assets?.js?.sync ?? [])].map(
    (file) => new URL(file, manifestUrl).href,
  );
}

/**
 * Starts the downloads index.html lists in its signed-in template: the shared reads' chunk now, and
 * its first reads' script (first-reads-start.ts), which asks the first screen's reads and preloads
 * the sign-in SDK unless a session kept on the device lets the app open it later; and, once the
 * runtime configuration names it, the area's remote: its manifest, handed to the app through
 * `early`, and the files that manifest names (in `early.remoteFiles` for the first reads' script).
 * Any failure leaves the downloads to the app.
 */
export function startSignedInArea(
  owner: RouteOwner,
  routeId: RouteId,
  early: EarlyRequests,
  config: Promise<unknown>,
): void {
  let answer: (reads: EarlyRead[]) => void = () => undefined;
  early.firstReads = new Promise((resolve) => (answer = resolve));
  const request = {
    owner,
    routeId,
    config,
    sdkPreloads: [] as string[],
    answered: false,
    answer(reads: EarlyRead[]) {
      request.answered = true;
      answer(reads);
    },
  };
  early.firstReadsRequest = request;
  const template = document.getElementById('signed-in-start');
  const script = template instanceof HTMLTemplateElement ? template.dataset.firstReads : undefined;
  if (template instanceof HTMLTemplateElement) {
    template.remove();
    for (const link of template.content.querySelectorAll('link')) {
      if (link.dataset.sessionSdk === 'true') request.sdkPreloads.push(link.href);
      else preloadScript(link.href);
    }
  }
  if (script) {
    const element = document.createElement('script');
    element.src = script;
    // The app's calls wait for these reads: a script that cannot load leaves them to the app.
    element.onerror = () => request.answer([]);
    document.head.append(element);
    // Nor do they wait for ever on one that loaded and never answered.
    setTimeout(() => request.answer([]), FIRST_READS_WAIT_MS);
  } else request.answer([]);
  const manifest = config.then((value) => {
    const url = (value as { remotes?: Record<string, unknown> }).remotes?.[owner];
    if (typeof url !== 'string') return null;
    // As the federation runtime asks for it, so that its request could have been this one.
    return { url, response: fetch(url, {}) };
  });
  early.remoteManifest = manifest.then((asked) =>
    asked ? { url: asked.url, response: asked.response.then((response) => response.clone()) } : null,
  );
  early.remoteFiles = manifest
    .then(async (asked) => {
      const response = await asked?.response;
      if (!asked || !response?.ok) return [];
      const files = mountFiles((await response.json()) as Manifest, asked.url);
      files.forEach(preloadScript);
      return files;
    })
    .catch(() => []);
}
