// The onCall functions, one per handler of @toolkit/server: what Cloud Functions deploys
// (./index.ts) and what the local API host serves (./local-host.ts), so the callable protocol, the
// ID-token check, CORS and the error mapping are firebase-functions' own code in both places.
// Only the router and the handlers come in here: the store and services arrive through
// `resolveDeps`, which keeps PGlite and the mail relay out of the deployed bundle.
import {
  HttpsError,
  onCall,
  type CallableFunction,
  type CallableOptions,
  type CallableRequest,
  type CallableResponse,
} from 'firebase-functions/v2/https';
import { Expression } from 'firebase-functions/params';
import { API, FUNCTIONS_REGION, SERVER_ERRORS, type ApiName } from '@toolkit/domain';
import {
  type ServerDeps,
  createRouter,
  type Router,
  verifiedTokenOf,
  type VerifiedToken,
  callableLoaders,
  type Handler,
} from '@toolkit/server';
import { clientAddress, FRONT_END_HOPS } from './client-address';

export type Callable = CallableFunction<unknown, Promise<unknown>>;

/** Each function's memory: the handlers hold one request and, at most, one streamed export page. */
export const FUNCTION_MEMORY = '256MiB';

/** A callable name's prefix: `admin` of `admin-setUserRole`. */
type Group = ApiName extends infer N ? (N extends `${infer G}-${string}` ? G : never) : never;

/** The functions by name prefix, then by the rest of the name: `admin-setUserRole` is admin.setUserRole. */
export type CallableGroups = Record<Group, Record<string, Callable>>;

export interface CallablesOptions {
  /** The browser origins allowed to call: a list locally, the ALLOWED_ORIGINS parameter in production. */
  cors: NonNullable<CallableOptions['cors']>;
  /** Secrets the functions read through `resolveDeps` (Cloud Functions mounts only those named). */
  secrets?: CallableOptions['secrets'];
  /**
   * Refuse calls without a valid App Check token (the ENFORCE_APP_CHECK parameter in production;
   * off locally, where no App Check runs). The public credential check is never held to it.
   */
  enforceAppCheck?: CallableOptions['enforceAppCheck'];
  /**
   * How many X-Forwarded-For entries from the right the front end before the functions writes
   * (clientAddress): FRONT_END_HOPS by default, the TRUSTED_PROXY_HOPS parameter in production, 0
   * where nothing stands in front (the local API host).
   */
  trustedHops?: number | Expression<number>;
  /**
   * Each handler by name (callableLoaders: imported on the first call). The local API host passes
   * handlers already loaded: its process runs TypeScript through a require hook, which a dynamic
   * import() bypasses. Every declared callable has one (CallableLoaders); a test may add its own.
   */
  loaders?: Readonly<Record<string, () => Promise<Handler>>>;
}

/**
 * How deeply a request body may nest (the body object counts as one level). The deepest real
 * request is an answer of several choices (4 levels); onCall decodes the body recursively, and a body
 * nested some thousands deep exhausts its stack and is answered 500.
 */
export const MAX_BODY_DEPTH = 32;

/** Whether a parsed JSON value nests arrays and objects more than `max` levels; it does not recurse. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [next, depth] = pending.pop()!;
    if (typeof next !== 'object' || next === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(next)) pending.push([child, depth + 1]);
  }
  return false;
}

/**
 * onCall with a body nested deeper than MAX_BODY_DEPTH refused first, as invalid-argument with 400:
 * before onCall reads the token and decodes the body. The function keeps onCall's own properties,
 * which deployment reads (its trigger and options).
 */
function refusingDeepBodies(fn: Callable): Callable {
  const guarded = (request: Parameters<Callable>[0], response: Parameters<Callable>[1]) => {
    if (nestedDeeperThan(request.body, MAX_BODY_DEPTH)) {
      const error = new HttpsError('invalid-argument', SERVER_ERRORS.bodyTooDeep(MAX_BODY_DEPTH));
      response.status(error.httpErrorCode.status).json({ error: error.toJSON() });
      return;
    }
    return fn(request, response);
  };
  return Object.defineProperties(guarded, Object.getOwnPropertyDescriptors(fn)) as unknown as Callable;
}

/** Called by the public /verify page, which loads no Firebase SDK and so has no App Check token. */
const APP_CHECK_EXEMPT: readonly ApiName[] = [API.getCredentialKeys, API.getCredentialStatus];

/**
 * onCall whose `enforceAppCheck` may be a parameter. onCall reads that option as it makes the function
 * (`.value()`), which is while Firebase loads the code to find the functions: the parameter has no value
 * then, and the CLI warns. So the function made here only describes itself to deployment (App Check is
 * not part of that description), and the one that answers is made on the first request, with the
 * parameter's value. App Check stays firebase-functions' own check.
 */
function onCallReadingParamsOnFirstCall(
  options: CallableOptions,
  handler: (request: CallableRequest, response?: CallableResponse) => Promise<unknown>,
): Callable {
  const { enforceAppCheck } = options;
  if (!(enforceAppCheck instanceof Expression)) return onCall(options, handler);
  let answering: Callable | undefined;
  const answer = (request: Parameters<Callable>[0], response: Parameters<Callable>[1]) =>
    (answering ??= onCall({ ...options, enforceAppCheck: enforceAppCheck.value() }, handler))(
      request,
      response,
    );
  const described = onCall({ ...options, enforceAppCheck: undefined }, handler);
  return Object.defineProperties(answer, Object.getOwnPropertyDescriptors(described)) as unknown as Callable;
}

/** onCall has verified the ID token already; the router takes it as the AuthPort would give it. */
function verifiedToken(auth: CallableRequest['auth']): VerifiedToken | null {
  return auth ? verifiedTokenOf(auth.token) : null;
}

/**
 * `resolveDeps` runs on the first call, not here: in production the parameters and secrets it
 * reads have no values while Firebase loads the code to find the functions. Each function imports
 * its own handler on its first call too (callableLoaders), so an instance loads only that handler.
 */
export function createCallables(
  resolveDeps: () => ServerDeps,
  {
    cors,
    secrets = [],
    enforceAppCheck = false,
    trustedHops = FRONT_END_HOPS,
    loaders = callableLoaders,
  }: CallablesOptions,
): CallableGroups {
  let deps: ServerDeps | undefined;
  const routers = new Map<string, Router>();
  const routerOf = async (name: string) => {
    const handler = await loaders[name]!();
    let router = routers.get(name);
    if (!router) routers.set(name, (router = createRouter((deps ??= resolveDeps()), [handler])));
    return router;
  };

  const callable = (name: string): Callable =>
    onCallReadingParamsOnFirstCall(
      {
        region: FUNCTIONS_REGION,
        memory: FUNCTION_MEMORY,
        cors,
        secrets,
        enforceAppCheck: (APP_CHECK_EXEMPT as readonly string[]).includes(name) ? false : enforceAppCheck,
      },
      async (request, response) => {
        const router = await routerOf(name);
        const hops = typeof trustedHops === 'number' ? trustedHops : trustedHops.value();
        const outcome = await router.callAs(name, request.data ?? null, verifiedToken(request.auth), {
          ip: clientAddress(request.rawRequest, hops),
          stream:
            request.acceptsStreaming && response
              ? { send: (message) => response.sendChunk(message), signal: response.signal }
              : undefined,
        });
        // The one mapping of a refusal: onCall sends an HttpsError with its code's HTTP status.
        if ('error' in outcome) {
          const { code, message, details } = outcome.error;
          throw new HttpsError(code, message, details);
        }
        return outcome.result;
      },
    );

  const groups: Partial<CallableGroups> = {};
  for (const name of Object.keys(loaders)) {
    const dash = name.indexOf('-');
    (groups[name.slice(0, dash) as Group] ??= {})[name.slice(dash + 1)] = refusingDeepBodies(callable(name));
  }
  return groups as CallableGroups;
}
