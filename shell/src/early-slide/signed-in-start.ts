// On a page of a signed-in area (the dashboard, the journey, plans), what the page needs after the
// app's entry is known before the entry has run: the sign-in SDK, the reads the shell shares with
// the remotes, and the remote that draws the page. Left to the entry, each was asked for only once
// it had downloaded and run (a second of a 4G phone's time), and the remote's files only once its
// manifest had come back after that.
import { SURVEY_LIST_QUERY } from '@toolkit/domain/content/queries';
import { firstReadsOf } from '@toolkit/domain/first-reads';
import type { RouteId, RouteOwner } from '@toolkit/domain/routes';
import { storedSession } from '../auth/stored-session';
import { lastVisit, sessionOfLastVisit } from '../last-visit';
import type { EarlyRead, EarlyRequests } from './contract';
import { deviceStorage } from './device-storage';

/** Whether a page's owner is a remote that needs the session before it draws anything. */
export function isSignedInArea(owner: RouteOwner | undefined): owner is 'dashboard' | 'journey' | 'billing' {
  return owner === 'dashboard' || owner === 'journey' || owner === 'billing';
}

/** A preload the federation runtime finds and takes over (it looks for a link with the same href). */
function preloadScript(href: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = href;
  document.head.append(link);
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
 * The catalogue, which tells what the signed-in organisation is (every page of a signed-in area
 * reads it), asked as the app's content client would ask it.
 */
export function askCatalogue(config: unknown): EarlyRead {
  const { contentUrl, contentKey } = config as { contentUrl: string; contentKey: string };
  const body = JSON.stringify({ query: SURVEY_LIST_QUERY });
  const authorization = `Bearer ${contentKey}`;
  const headers = { 'Content-Type': 'application/json', Authorization: authorization };
  return {
    url: contentUrl,
    body,
    authorization,
    response: fetch(contentUrl, { method: 'POST', headers, body }),
  };
}

/**
 * The reads route `routeId`'s first screen makes for the organisation as this device's last visit
 * left it, asked now with the session kept on the device, as the app's callable client would ask
 * them (none without such a session, or where App Check needs its SDK for a token).
 */
export function askFirstReads(
  routeId: RouteId,
  config: unknown,
  storage: Storage | null,
  now: Date,
): EarlyRead[] {
  const { functionsBaseUrl, appCheckSiteKey, firebase } = config as {
    functionsBaseUrl?: unknown;
    appCheckSiteKey?: unknown;
    firebase?: { apiKey?: unknown };
  };
  if (typeof functionsBaseUrl !== 'string' || appCheckSiteKey || typeof firebase?.apiKey !== 'string')
    return [];
  const session = storedSession(storage, now.getTime(), firebase.apiKey);
  const tenantId = session?.claims.tenantId;
  if (!session || typeof tenantId !== 'string') return [];
  const last = lastVisit(storage, session.user.uid, tenantId);
  if (!last) return [];
  const base = functionsBaseUrl.trim().replace(/\/+$/, '');
  const authorization = `Bearer ${session.idToken}`;
  return firstReadsOf(routeId, sessionOfLastVisit(last, now)).map(({ name, request }) => {
    const url = `${base}/${name}`;
    const body = JSON.stringify({ data: request ?? null });
    const headers = { 'Content-Type': 'application/json', Authorization: authorization };
    return { url, body, authorization, response: fetch(url, { method: 'POST', headers, body }) };
  });
}

/**
 * Starts the downloads index.html lists in its signed-in template (the shared reads' chunk, and the
 * sign-in SDK's unless a session kept on the device lets the app open it later), the first screen's
 * reads where that session allows (askFirstReads) and, once the runtime configuration names it, the
 * area's remote: its manifest, handed to the app through `early`, and the files that manifest
 * names. Any failure leaves the downloads to the app.
 */
export function startSignedInArea(
  owner: RouteOwner,
  routeId: RouteId,
  early: EarlyRequests,
  config: Promise<unknown>,
): void {
  const template = document.getElementById('signed-in-start');
  if (template instanceof HTMLTemplateElement) {
    template.remove();
    // With a session kept on the device the app opens the SDK after the first screen (stored-session.ts).
    const resumes = storedSession(deviceStorage(), Date.now()) !== null;
    for (const link of template.content.querySelectorAll('link')) {
      if (!(resumes && link.dataset.sessionSdk === 'true')) preloadScript(link.href);
    }
  }
  early.firstReads = config
    .then((value) => [askCatalogue(value), ...askFirstReads(routeId, value, deviceStorage(), new Date())])
    .catch(() => []);
  const manifest = config.then((value) => {
    const url = (value as { remotes?: Record<string, unknown> }).remotes?.[owner];
    if (typeof url !== 'string') return null;
    // As the federation runtime asks for it, so that its request could have been this one.
    return { url, response: fetch(url, {}) };
  });
  early.remoteManifest = manifest.then((asked) =>
    asked ? { url: asked.url, response: asked.response.then((response) => response.clone()) } : null,
  );
  manifest
    .then((asked) =>
      asked?.response.then(async (response) => {
        if (!response.ok) return;
        for (const href of mountFiles((await response.json()) as Manifest, asked.url)) preloadScript(href);
      }),
    )
    .catch(() => undefined);
}
