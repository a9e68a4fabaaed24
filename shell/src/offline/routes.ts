// What the service worker (sw.ts) does with each request and message, decided without any I/O so
// every rule is tested here. The worker itself only carries the decisions out.
import type { OfflineMessage } from '@toolkit/platform/offline';

/** The fields of the runtime configuration the worker reads (the shell's /runtime-config.json). */
export interface WorkerConfig {
  /** Each remote's mf-manifest.json URL, by remote name. */
  remotes: Record<string, string>;
  /** An http(s) URL, or a path on the app's own origin (`/api`). */
  functionsBaseUrl: string;
  /** The functions' own address for streamed answers, where those do not go to functionsBaseUrl. */
  functionsStreamUrl?: string;
  authEmulatorUrl?: string;
  contentUrl: string;
  /** The content service's public read key, sent with the survey's definition query. */
  contentKey: string;
}

/**
 * How a request is answered:
 * - `page`: an app page (every route is served by index.html): network first, then the kept page;
 * - `runtime-config`: network first;
 * - `hashed-file`: a content-hashed script, never changed once built: cache first;
 * - `remote-entry`: a remote's mf-manifest.json or remoteEntry.js: a kept version, else network first;
 * - `content`: a POST to the content service (the survey's definition): network first;
 * - `undecided`: another origin while the worker has not read the configuration yet;
 * - null: left to the network, never kept (the callables, sign-in, anything else).
 */
export type OfflineRoute =
  | { kind: 'page' }
  | { kind: 'runtime-config' }
  | { kind: 'hashed-file' }
  | { kind: 'remote-entry'; remote: string }
  | { kind: 'content' }
  | { kind: 'undecided' };

export interface RequestFacts {
  url: string;
  method: string;
  mode: string;
}

export const RUNTIME_CONFIG_PATH = '/runtime-config.json';
export const REMOTE_ENTRY_FILES = ['mf-manifest.json', 'remoteEntry.js'] as const;
/** webpack's `[name].[contenthash:8].js` (packages/federation's config). */
const HASHED_FILE = /[.-][0-9a-f]{8}\.js$/;
/** Firebase Auth, App Check and reCAPTCHA: a session must never be answered from a cache. */
const IDENTITY_HOSTS = /(^|\.)(googleapis\.com|google\.com|gstatic\.com|firebaseapp\.com)$/;

const originOf = (url: string) => new URL(url).origin;
/** The folder a remote's manifest sits in, which its entry and files share. */
const folderOf = (url: string) => new URL('.', url).href;

/** The callables: their whole origin when it is theirs, else only their path on the app's origin. */
function isFunctions(url: URL, appOrigin: string, functionsBaseUrl: string): boolean {
  const base = new URL(functionsBaseUrl, appOrigin);
  if (base.origin !== appOrigin) return url.origin === base.origin;
  return url.origin === appOrigin && url.pathname.startsWith(`${base.pathname.replace(/\/+$/, '')}/`);
}

function isNeverKept(url: URL, appOrigin: string, config: WorkerConfig | null): boolean {
  if (IDENTITY_HOSTS.test(url.hostname) || url.pathname.startsWith('/__/')) return true;
  if (!config) return false;
  return (
    isFunctions(url, appOrigin, config.functionsBaseUrl) ||
    (config.functionsStreamUrl !== undefined && url.origin === originOf(config.functionsStreamUrl)) ||
    (config.authEmulatorUrl !== undefined && url.origin === originOf(config.authEmulatorUrl))
  );
}

/**
 * @param appOrigin the origin the worker serves (its scope's)
 * @param config null until the worker has read it; requests to other origins then wait for it
 */
export function routeRequest(
  request: RequestFacts,
  appOrigin: string,
  config: WorkerConfig | null,
): OfflineRoute | null {
  const url = new URL(request.url);
  if (isNeverKept(url, appOrigin, config)) return null;
  const sameOrigin = url.origin === appOrigin;
  if (request.method === 'POST') {
    if (sameOrigin) return null;
    if (!config) return { kind: 'undecided' };
    return url.href === new URL(config.contentUrl).href ? { kind: 'content' } : null;
  }
  if (request.method !== 'GET') return null;
  if (sameOrigin) {
    if (request.mode === 'navigate') return { kind: 'page' };
    if (url.pathname === RUNTIME_CONFIG_PATH) return { kind: 'runtime-config' };
    return HASHED_FILE.test(url.pathname) ? { kind: 'hashed-file' } : null;
  }
  if (!config) return { kind: 'undecided' };
  for (const [remote, manifestUrl] of Object.entries(config.remotes)) {
    const folder = folderOf(manifestUrl);
    if (!url.href.startsWith(folder)) continue;
    const file = url.href.slice(folder.length).split(/[?#]/)[0] ?? '';
    if ((REMOTE_ENTRY_FILES as readonly string[]).includes(file)) return { kind: 'remote-entry', remote };
    if (HASHED_FILE.test(file)) return { kind: 'hashed-file' };
  }
  return null;
}

/**
 * Under which key a page is kept: every page is index.html, but survey pages are sent with the
 * header that lets publishers embed them, so the survey's page is kept apart from the others.
 */
export function pageCacheKey(pageUrl: string): string {
  const url = new URL(pageUrl);
  return new URL(url.pathname.startsWith('/survey/') ? '/survey/' : '/', url.origin).href;
}

/**
 * The Cache API keys GET requests only: a content query is kept under its URL with the SHA-256 of
 * its body added, so each query has its own answer.
 */
export function contentCacheKey(contentUrl: string, bodyDigestHex: string): string {
  const url = new URL(contentUrl);
  url.searchParams.set('offline-query', bodyDigestHex);
  return url.href;
}

/**
 * What identifies a GraphQL query's answer: its query and variables, whatever the order of the
 * variables or an operation name, so the early slide's request, the app's and the worker's own
 * share one kept answer. A body that is no GraphQL request is taken as it is.
 */
export function canonicalQuery(body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  const { query, variables } = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as {
    query?: unknown;
    variables?: unknown;
  };
  if (typeof query !== 'string') return body;
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : typeof value === 'object' && value !== null
        ? Object.fromEntries(
            Object.entries(value)
              .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
              .map(([key, inner]) => [key, sorted(inner)]),
          )
        : value;
  return JSON.stringify({ query, variables: sorted(variables ?? {}) });
}

/** Whether a page's path is one of a survey's pages (`prefix` from `surveyPathPrefix`). */
export function isUnderPath(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
}

/** A kept version of the survey remote, for one survey's pages. */
export interface SurveyPin {
  tenantId: string;
  surveyId: string;
  /** Epoch ms. */
  keptAt: number;
  manifestUrl: string;
  manifest: string;
  entryUrl: string;
  entry: string;
}

export const PIN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export const isPinExpired = (pin: Pick<SurveyPin, 'keptAt'>, now: number): boolean =>
  now - pin.keptAt >= PIN_LIFETIME_MS;

/** The pin that applies to a page at `pathname`, if one does and has not expired. */
export function pinForPage<P extends SurveyPin>(
  pins: readonly P[],
  pathname: string,
  prefixOf: (pin: P) => string,
  now: number,
): P | undefined {
  return pins.find((pin) => !isPinExpired(pin, now) && isUnderPath(pathname, prefixOf(pin)));
}

interface ManifestAssets {
  js?: { sync?: string[]; async?: string[] };
  css?: { sync?: string[]; async?: string[] };
}

interface FederationManifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: { assets?: ManifestAssets }[];
  shared?: { assets?: ManifestAssets }[];
}

const assetsOf = (assets: ManifestAssets | undefined) => [
  ...(assets?.js?.sync ?? []),
  ...(assets?.js?.async ?? []),
  ...(assets?.css?.sync ?? []),
  ...(assets?.css?.async ?? []),
];

/** Where a manifest's files are: its publicPath, or beside the manifest when that is `auto`. */
function baseOf(manifest: FederationManifest, manifestUrl: string): string {
  const publicPath = manifest.metaData?.publicPath;
  return publicPath && publicPath !== 'auto' ? new URL(publicPath, manifestUrl).href : folderOf(manifestUrl);
}

/** The remote entry's URL a manifest names. */
export function remoteEntryUrl(manifest: FederationManifest, manifestUrl: string): string {
  const entry = manifest.metaData?.remoteEntry;
  const file = [entry?.path, entry?.name ?? 'remoteEntry.js'].filter(Boolean).join('/');
  return new URL(file, baseOf(manifest, manifestUrl)).href;
}

/** Every file a manifest lists (its exposes' and shared modules', loaded at once or later), as URLs. */
export function manifestFiles(manifest: FederationManifest, manifestUrl: string): string[] {
  const base = baseOf(manifest, manifestUrl);
  const files = [...(manifest.exposes ?? []), ...(manifest.shared ?? [])].flatMap((item) =>
    assetsOf(item.assets),
  );
  return [...new Set(files.map((file) => new URL(file, base).href))];
}

const isId = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** A message from a page, or why it is refused (the worker ignores it then). */
export function parseMessage(data: unknown): OfflineMessage | { error: string } {
  const message = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  switch (message.type) {
    case 'keep-survey':
    case 'release-survey':
      if (!isId(message.tenantId) || !isId(message.surveyId))
        return { error: `${message.type} needs a tenantId and a surveyId.` };
      return { type: message.type, tenantId: message.tenantId, surveyId: message.surveyId };
    case 'keep-files': {
      const urls = message.urls;
      if (!Array.isArray(urls) || !urls.every((url) => typeof url === 'string' && URL.canParse(url)))
        return { error: 'keep-files needs a list of absolute URLs.' };
      return { type: 'keep-files', urls: urls as string[] };
    }
    default:
      return { error: `Unknown message ${JSON.stringify(message.type ?? null)}.` };
  }
}

/** The runtime configuration's fields the worker needs, or null when they are not all there. */
export function readWorkerConfig(json: unknown): WorkerConfig | null {
  const value = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  const { remotes, functionsBaseUrl, functionsStreamUrl, authEmulatorUrl, contentUrl, contentKey } = value;
  const isUrl = (candidate: unknown): candidate is string =>
    typeof candidate === 'string' && URL.canParse(candidate);
  if (
    typeof remotes !== 'object' ||
    remotes === null ||
    !Object.values(remotes).every(isUrl) ||
    !(
      isUrl(functionsBaseUrl) ||
      (typeof functionsBaseUrl === 'string' && functionsBaseUrl.startsWith('/'))
    ) ||
    !isUrl(contentUrl) ||
    typeof contentKey !== 'string' ||
    (functionsStreamUrl !== undefined && !isUrl(functionsStreamUrl)) ||
    (authEmulatorUrl !== undefined && !isUrl(authEmulatorUrl))
  )
    return null;
  return {
    remotes: remotes as Record<string, string>,
    functionsBaseUrl,
    contentUrl,
    contentKey,
    ...(functionsStreamUrl === undefined ? {} : { functionsStreamUrl }),
    ...(authEmulatorUrl === undefined ? {} : { authEmulatorUrl }),
  };
}
