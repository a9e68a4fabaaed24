/// <reference lib="webworker" />
// The service worker (served as /sw.js, built by shell/sw.build.js): keeps an opened survey
// working without a network. Which request gets which treatment is decided in routes.ts; this file
// carries it out with Workbox. The worker may be stopped and started again at any moment, so what
// must last (the configuration, the kept versions) lives in Cache Storage, never only in memory.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import type { RouteHandlerCallbackOptions, WorkboxPlugin } from 'workbox-core/types';
import { CacheFirst, NetworkFirst, Strategy, type StrategyHandler } from 'workbox-strategies';
import { surveyPathPrefix, type OfflineMessage } from '@toolkit/platform/offline';
import { SURVEY_DEFINITION_QUERY } from '@toolkit/domain/content/queries';
import {
  canonicalQuery,
  contentCacheKey,
  isPinExpired,
  manifestFiles,
  pageCacheKey,
  parseMessage,
  pinForPage,
  readWorkerConfig,
  remoteEntryUrl,
  routeRequest,
  RUNTIME_CONFIG_PATH,
  type OfflineRoute,
  type SurveyPin,
  type WorkerConfig,
} from './routes';

declare const self: ServiceWorkerGlobalScope;

// A new version of these names (a changed way of keeping) drops the old caches on activation.
const CACHES = {
  pages: 'toolkit-offline-pages-v1',
  config: 'toolkit-offline-config-v1',
  files: 'toolkit-offline-files-v1',
  remotes: 'toolkit-offline-remotes-v1',
  content: 'toolkit-offline-content-v1',
  pins: 'toolkit-offline-pins-v1',
} as const;
const CACHE_PREFIX = 'toolkit-offline-';
/** How long a page load waits for the network before the kept page is shown. */
const PAGE_TIMEOUT_SECONDS = 3;
const SURVEY_REMOTE = 'survey';

const appOrigin = self.location.origin;
const runtimeConfigUrl = new URL(RUNTIME_CONFIG_PATH, appOrigin).href;

let config: WorkerConfig | null = null;
let configRead: Promise<WorkerConfig | null> | null = null;

async function configFrom(response: Response | undefined): Promise<WorkerConfig | null> {
  if (!response?.ok) return null;
  try {
    return readWorkerConfig(await response.json());
  } catch {
    return null;
  }
}

/** The configuration: the one last kept, else the network's. */
function readConfig(): Promise<WorkerConfig | null> {
  configRead ??= (async () => {
    const kept = await configFrom(await caches.match(runtimeConfigUrl, { cacheName: CACHES.config }));
    if (kept) return kept;
    const response = await fetch(runtimeConfigUrl, { cache: 'no-store' });
    if (!response.ok) return null;
    await (await caches.open(CACHES.config)).put(runtimeConfigUrl, response.clone());
    return configFrom(response);
  })()
    .then((read) => (config ??= read))
    .catch(() => null)
    .finally(() => {
      configRead = null;
    });
  return configRead;
}

/** Remote files are fetched with CORS (the remotes allow it), so they are kept readable, not opaque. */
const corsForOtherOrigins: WorkboxPlugin = {
  requestWillFetch: async ({ request }) =>
    new URL(request.url).origin === appOrigin || request.mode === 'cors'
      ? request
      : new Request(request.url, { mode: 'cors', credentials: 'omit' }),
};

const pages = new NetworkFirst({
  cacheName: CACHES.pages,
  networkTimeoutSeconds: PAGE_TIMEOUT_SECONDS,
  plugins: [{ cacheKeyWillBeUsed: async ({ request }) => pageCacheKey(request.url) }],
});

const runtimeConfig = new NetworkFirst({
  cacheName: CACHES.config,
  plugins: [
    {
      cacheDidUpdate: async ({ newResponse }) => {
        config = (await configFrom(newResponse.clone())) ?? config;
      },
    },
  ],
});

const files = new CacheFirst({
  cacheName: CACHES.files,
  plugins: [
    corsForOtherOrigins,
    // Least recently used first: a version a respondent is still on is used on every page load.
    new ExpirationPlugin({ maxEntries: 600, purgeOnQuotaError: true }),
  ],
});

const remoteEntries = new NetworkFirst({ cacheName: CACHES.remotes, plugins: [corsForOtherOrigins] });

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Network first for a POST: the answer is kept under its URL and the digest of its body. */
class ContentQuery extends Strategy {
  protected override async _handle(request: Request, handler: StrategyHandler): Promise<Response> {
    const body = await request.clone().text();
    const key = contentCacheKey(request.url, await sha256Hex(canonicalQuery(body)));
    try {
      const response = await handler.fetch(request);
      if (response.ok) await handler.cachePut(key, response.clone());
      return response;
    } catch (error) {
      const kept = await handler.cacheMatch(key);
      if (kept) return kept;
      throw error;
    }
  }
}
const content = new ContentQuery({
  cacheName: CACHES.content,
  // One answer per survey opened, and a few other queries: the least recently used go first.
  plugins: [new ExpirationPlugin({ maxEntries: 50, purgeOnQuotaError: true })],
});

// Kept versions: one JSON record per survey, under a key of the worker's own origin.
const pinKey = (tenantId: string, surveyId: string) =>
  new URL(`/offline-pins/${encodeURIComponent(tenantId)}/${encodeURIComponent(surveyId)}`, appOrigin).href;
const prefixOf = (pin: SurveyPin) => surveyPathPrefix(pin.tenantId, pin.surveyId);

/** The kept versions still in force; expired ones are dropped as they are found. */
async function readPins(): Promise<SurveyPin[]> {
  const cache = await caches.open(CACHES.pins);
  const now = Date.now();
  const kept = await Promise.all(
    (await cache.keys()).map(async (key) => {
      const pin = (await (await cache.match(key))?.json()) as SurveyPin | undefined;
      if (pin && !isPinExpired(pin, now)) return pin;
      await cache.delete(key);
      return undefined;
    }),
  );
  return kept.filter((pin) => pin !== undefined);
}

async function pinOfClient(clientId: string): Promise<SurveyPin | undefined> {
  const client = clientId ? await self.clients.get(clientId) : undefined;
  if (!client) return undefined;
  return pinForPage(await readPins(), new URL(client.url).pathname, prefixOf, Date.now());
}

/** A survey page gets the survey remote's kept version; every other request the newest. */
async function remoteEntry(options: RouteHandlerCallbackOptions, remote: string): Promise<Response> {
  const { event, request } = options;
  if (remote === SURVEY_REMOTE && event instanceof FetchEvent) {
    const pin = await pinOfClient(event.clientId);
    const url = request.url.split(/[?#]/)[0];
    if (pin && url === pin.manifestUrl)
      return new Response(pin.manifest, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
    if (pin && url === pin.entryUrl)
      return new Response(pin.entry, {
        headers: { 'Content-Type': 'application/javascript; charset=utf-8' },
      });
  }
  return remoteEntries.handle(options);
}

function handlerFor(route: OfflineRoute, options: RouteHandlerCallbackOptions): Promise<Response> {
  switch (route.kind) {
    case 'page':
      return pages.handle(options);
    case 'runtime-config':
      return runtimeConfig.handle(options);
    case 'hashed-file':
      return files.handle(options);
    case 'remote-entry':
      return remoteEntry(options, route.remote);
    case 'content':
      return content.handle(options);
    case 'undecided':
      return (async () => {
        const decided = routeRequest(options.request, appOrigin, await readConfig());
        return decided && decided.kind !== 'undecided'
          ? handlerFor(decided, options)
          : fetch(options.request);
      })();
  }
}

// The match's answer is handed to the handler as its params, so each request is decided once.
for (const method of ['GET', 'POST'] as const) {
  registerRoute(
    ({ request }) => routeRequest(request, appOrigin, config) ?? false,
    (options) => handlerFor(options.params as OfflineRoute, options),
    method,
  );
}

/** Fetches a file the way a page's request for it would be answered, so it is kept alike. */
async function keepFile(url: string, event: ExtendableEvent): Promise<void> {
  const route = routeRequest({ url, method: 'GET', mode: 'no-cors' }, appOrigin, config);
  if (!route || route.kind === 'page' || route.kind === 'undecided') return;
  const options = { request: new Request(url), event } as RouteHandlerCallbackOptions;
  try {
    if (route.kind === 'hashed-file') await files.handle(options);
    else if (route.kind === 'runtime-config') await runtimeConfig.handle(options);
    else if (route.kind === 'remote-entry') await remoteEntries.handle(options);
  } catch (error) {
    console.warn(`The offline worker could not keep ${url}:`, error);
  }
}

async function keptText(url: string, event: ExtendableEvent): Promise<string> {
  const kept = await caches.match(url, { cacheName: CACHES.remotes });
  const response =
    kept ?? (await remoteEntries.handle({ request: new Request(url), event } as RouteHandlerCallbackOptions));
  if (!response.ok) throw new Error(`${url} answered ${response.status}.`);
  return response.text();
}

/**
 * Keeps the survey remote's version this device runs for the survey's pages, and every file that
 * version lists, so the survey finishes on it even without a network or after a new release.
 */
async function keepSurvey(tenantId: string, surveyId: string, event: ExtendableEvent): Promise<void> {
  const read = config ?? (await readConfig());
  const manifestUrl = read?.remotes[SURVEY_REMOTE];
  if (!read || !manifestUrl) throw new Error('The runtime configuration names no survey remote.');
  const key = pinKey(tenantId, surveyId);
  const pins = await caches.open(CACHES.pins);
  const kept = (await (await pins.match(key))?.json()) as SurveyPin | undefined;
  // A version already kept stays as it was first kept: a reload must not move the survey on.
  const fresh = !kept || isPinExpired(kept, Date.now());
  let pin = kept;
  if (!pin || fresh) {
    const manifest = await keptText(manifestUrl, event);
    const entryUrl = remoteEntryUrl(JSON.parse(manifest), manifestUrl);
    const entry = await keptText(entryUrl, event);
    pin = { tenantId, surveyId, keptAt: Date.now(), manifestUrl, manifest, entryUrl, entry };
  }
  await Promise.all([
    ...manifestFiles(JSON.parse(pin.manifest), pin.manifestUrl).map((url) => keepFile(url, event)),
    keepPage(new URL(prefixOf(pin), appOrigin).href, event),
    keepDefinition(surveyId, read, event),
  ]);
  // Written once its files are in, so a kept version is always a whole one.
  if (fresh) {
    await pins.put(
      key,
      new Response(JSON.stringify(pin), { headers: { 'Content-Type': 'application/json' } }),
    );
  }
}

/**
 * The survey's definition, asked as the page asks it: the page's own request was usually made
 * before the worker controlled it, so a reload without a network would find nothing kept.
 */
async function keepDefinition(surveyId: string, read: WorkerConfig, event: ExtendableEvent): Promise<void> {
  const request = new Request(read.contentUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${read.contentKey}` },
    body: JSON.stringify({ query: SURVEY_DEFINITION_QUERY, variables: { id: surveyId } }),
  });
  try {
    await content.handle({ request, event } as RouteHandlerCallbackOptions);
  } catch (error) {
    console.warn(`The offline worker could not keep the definition of ${surveyId}:`, error);
  }
}

/** The page a survey's address loads, kept for a reload without a network. */
async function keepPage(url: string, event: ExtendableEvent): Promise<void> {
  if (await caches.match(pageCacheKey(url), { cacheName: CACHES.pages })) return;
  try {
    await pages.handle({ request: new Request(url), event } as RouteHandlerCallbackOptions);
  } catch (error) {
    console.warn(`The offline worker could not keep the page ${url}:`, error);
  }
}

async function handleMessage(message: OfflineMessage, event: ExtendableEvent): Promise<void> {
  switch (message.type) {
    case 'keep-survey':
      return keepSurvey(message.tenantId, message.surveyId, event);
    case 'release-survey':
      await (await caches.open(CACHES.pins)).delete(pinKey(message.tenantId, message.surveyId));
      return;
    case 'keep-files':
      if (!config) await readConfig();
      await Promise.all(message.urls.map((url) => keepFile(url, event)));
      return;
  }
}

self.addEventListener('message', (event) => {
  const message = parseMessage(event.data);
  if ('error' in message) {
    console.warn(`The offline worker ignored a message: ${message.error}`);
    return;
  }
  event.waitUntil(
    handleMessage(message, event).catch((error: unknown) =>
      console.warn(`The offline worker could not handle ${message.type}:`, error),
    ),
  );
});

self.addEventListener('install', (event) => {
  event.waitUntil(readConfig().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  const current = new Set<string>(Object.values(CACHES));
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(CACHE_PREFIX) && !current.has(name))
            .map((name) => caches.delete(name)),
        ),
      ),
  );
});
clientsClaim();
