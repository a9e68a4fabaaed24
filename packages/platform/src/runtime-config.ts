// Read by the shell at start-up, not baked in at build time, so a remote or a backend can move
// without rebuilding the shell (DESIGN.md §3). zod/mini: the shell validates this on every start,
// and classic zod would be a fifth of a respondent's first download.
import { z } from 'zod/mini';
import localRuntimeConfig from './runtime-config.local.json';

export const REMOTE_NAMES = ['survey', 'dashboard', 'journey', 'billing'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

function isManifestUrl(value: string): boolean {
  try {
    return new URL(value).pathname.endsWith('/mf-manifest.json');
  } catch {
    return false;
  }
}

const manifestUrl = httpUrl.check(
  z.refine(isManifestUrl, { error: 'must be a URL ending in /mf-manifest.json' }),
);

const nonEmpty = z
  .string({ error: 'must be a string' })
  .check(z.trim(), z.minLength(1, { error: 'must not be empty' }));

export const runtimeConfigSchema = z.object({
  remotes: z.object({
    survey: manifestUrl,
    dashboard: manifestUrl,
    journey: manifestUrl,
    billing: manifestUrl,
  }),
  functionsBaseUrl: httpUrl,
  authEmulatorUrl: z.optional(httpUrl),
  firebase: z.object({
    apiKey: nonEmpty,
    authDomain: nonEmpty,
    projectId: nonEmpty,
  }),
  contentUrl: httpUrl,
  contentKey: nonEmpty,
  appName: z.optional(nonEmpty),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

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

function valueAt(json: unknown, path: readonly PropertyKey[]): unknown {
  let value = json;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

export function parseRuntimeConfig(json: unknown): RuntimeConfig {
  const result = runtimeConfigSchema.safeParse(json);
  if (result.success) return result.data;

  // One problem per field: a value that is not a URL at all also fails the manifest check.
  const problems = new Map<string, string>();
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || '(root)';
    if (problems.has(field)) continue;
    const missing = issue.path.length > 0 && valueAt(json, issue.path) === undefined;
    problems.set(field, `${field} ${missing ? 'is required' : issue.message}`);
  }
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
