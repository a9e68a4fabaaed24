// Read by the shell at start-up, not baked in at build time, so a remote or a backend can move
// without rebuilding the shell (docs/architecture.md). Checked by hand, not with zod, to keep zod out of
// every page's first download (docs/decisions.md).
import { httpUrlOf } from '@toolkit/domain';
import { isPlainObject } from './plain-object';
import localRuntimeConfig from './runtime-config.local.json';

export const REMOTE_NAMES = ['survey', 'dashboard', 'journey', 'billing'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export interface RuntimeConfig {
  /** Each remote's `mf-manifest.json` URL. */
  remotes: Record<RemoteName, string>;
  /**
   * Where the callables are: a path on the app's own origin (`/api`, which the app's site forwards
   * to the functions), so no call waits for a CORS preflight; or an http(s) URL.
   */
  functionsBaseUrl: string;
  /**
   * The functions' own address for streamed answers, where functionsBaseUrl's forwarding would hold
   * them back until they end (Firebase Hosting does); streams go to functionsBaseUrl without it.
   */
  functionsStreamUrl?: string | undefined;
  authEmulatorUrl?: string | undefined;
  firebase: { apiKey: string; authDomain: string; projectId: string };
  contentUrl: string;
  contentKey: string;
  appName?: string | undefined;
  /** The reCAPTCHA Enterprise site key of the web app's App Check; none locally. */
  appCheckSiteKey?: string | undefined;
}

/** A field check returns the value to keep, or what is wrong with it. */
type Check = (value: unknown) => string | { problem: string };

const NOT_HTTP_URL = { problem: 'must be an http(s) URL' };

/** The value to keep (trimmed, without the tabs and newlines the URL parser skips) and its parse. */
function parseHttpUrl(value: unknown): [string, URL] | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  const url = httpUrlOf(trimmed);
  return url ? [trimmed.replace(/[\t\n\r]/g, ''), url] : undefined;
}

const httpUrl: Check = (value) => parseHttpUrl(value)?.[0] ?? NOT_HTTP_URL;

/** A path of one or more plain segments, without a trailing slash, e.g. `/api`. */
const SAME_ORIGIN_PATH = /^(?:\/[A-Za-z0-9._~-]+)+$/;

const functionsUrl: Check = (value) => {
  if (typeof value !== 'string' || !value.trim().startsWith('/')) {
    return parseHttpUrl(value)?.[0] ?? { problem: 'must be an http(s) URL or a path such as /api' };
  }
  const path = value.trim().replace(/(.)\/+$/, '$1');
  return SAME_ORIGIN_PATH.test(path) ? path : { problem: 'must be an http(s) URL or a path such as /api' };
};

const manifestUrl: Check = (value) => {
  const parsed = parseHttpUrl(value);
  if (!parsed) return NOT_HTTP_URL;
  return parsed[1].pathname.endsWith('/mf-manifest.json')
    ? parsed[0]
    : { problem: 'must be a URL ending in /mf-manifest.json' };
};

const nonEmpty: Check = (value) => {
  if (typeof value !== 'string') return { problem: 'must be a string' };
  const trimmed = value.trim();
  return trimmed === '' ? { problem: 'must not be empty' } : trimmed;
};

// The local stack's values live in JSON so packages/dev-stack serves the same file (ports rewritten).
export const defaultLocalRuntimeConfig: RuntimeConfig = localRuntimeConfig;

export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
  /** Dotted paths of the offending fields, e.g. `remotes.survey`. */
  readonly fields: string[];

  constructor(message: string, fields: string[] = [], cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.fields = fields;
  }
}

/** Returns only the known keys. Reports every bad field, once, in the order they are declared. */
export function parseRuntimeConfig(json: unknown): RuntimeConfig {
  if (!isPlainObject(json)) return invalid(new Map([['(root)', '(root) Invalid input']]));
  const problems = new Map<string, string>();

  const field = (path: string, value: unknown, check: Check): string => {
    const result = value === undefined ? { problem: 'is required' } : check(value);
    if (typeof result !== 'string') problems.set(path, `${path} ${result.problem}`);
    return typeof result === 'string' ? result : '';
  };
  const optional = (
    key: 'functionsStreamUrl' | 'authEmulatorUrl' | 'appName' | 'appCheckSiteKey',
    check: Check,
  ) => {
    if (!(key in json)) return {};
    const value = json[key];
    return { [key]: value === undefined ? undefined : field(key, value, check) };
  };
  const group = <K extends string>(path: string, keys: readonly K[], check: Check) => {
    const value = json[path];
    if (!isPlainObject(value)) {
      problems.set(path, `${path} ${value === undefined ? 'is required' : 'Invalid input'}`);
      return undefined;
    }
    const entries = keys.map((key) => [key, field(`${path}.${key}`, value[key], check)]);
    return Object.fromEntries(entries) as Record<K, string>;
  };

  const config = {
    remotes: group('remotes', REMOTE_NAMES, manifestUrl),
    functionsBaseUrl: field('functionsBaseUrl', json.functionsBaseUrl, functionsUrl),
    ...optional('functionsStreamUrl', httpUrl),
    ...optional('authEmulatorUrl', httpUrl),
    firebase: group('firebase', ['apiKey', 'authDomain', 'projectId'], nonEmpty),
    contentUrl: field('contentUrl', json.contentUrl, httpUrl),
    contentKey: field('contentKey', json.contentKey, nonEmpty),
    ...optional('appName', nonEmpty),
    ...optional('appCheckSiteKey', nonEmpty),
  };
  return problems.size > 0 ? invalid(problems) : (config as RuntimeConfig);
}

function invalid(problems: Map<string, string>): never {
  return raise(`Invalid runtime configuration: ${[...problems.values()].join('; ')}.`, [...problems.keys()]);
}

function raise(message: string, fields: string[], cause?: unknown): never {
  throw new RuntimeConfigError(message, fields, cause);
}

export async function loadRuntimeConfig(
  url = '/runtime-config.json',
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchImpl(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
  } catch (cause) {
    return raise(`Could not load the runtime configuration from ${url}.`, [], cause);
  }
  if (!response.ok) {
    return raise(`Could not load the runtime configuration from ${url} (HTTP ${response.status}).`, []);
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch (cause) {
    return raise(`The runtime configuration at ${url} is not valid JSON.`, [], cause);
  }
  return parseRuntimeConfig(json);
}
