// The callable protocol (POST `{ data }`, bearer token, read `data` else `result`) and its error
// mapping (docs/behaviour.md, Callables and Errors).

// The code table and the messages live once, in the domain's error catalogue.
import {
  CALLABLE_TIMEOUT_MS,
  codeForHttpStatus,
  isCallableErrorCode,
  MESSAGES,
  type CallableErrorCode,
} from '@toolkit/domain';
import { isPlainObject } from './plain-object';

/** `INVALID_ARGUMENT` → `invalid-argument`; undefined when the name is not a callable code. */
export function codeForStatusName(name: string): CallableErrorCode | undefined {
  const code = name.toLowerCase().replace(/_/g, '-');
  return isCallableErrorCode(code) ? code : undefined;
}

export class CallableError extends Error {
  override readonly name = 'CallableError';
  readonly code: CallableErrorCode;
  readonly details: unknown;
  /** True when the message came from the server's error body rather than from this client. */
  readonly hasServerMessage: boolean;

  constructor(
    code: CallableErrorCode,
    message: string,
    options: { details?: unknown; cause?: unknown; hasServerMessage?: boolean } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options.details;
    this.hasServerMessage = options.hasServerMessage ?? false;
  }
}

export function isCallableError(value: unknown): value is CallableError {
  return value instanceof CallableError;
}

export interface CallableClientOptions {
  /** e.g. `/api` (the app's own origin) or `http://127.0.0.1:5001/demo-toolkit/australia-southeast1` */
  baseUrl: string;
  /**
   * Where `stream` calls go, when not to `baseUrl`: Firebase Hosting holds a rewritten answer back
   * until it ends, so a streamed answer must come from the functions themselves.
   */
  streamBaseUrl?: string | undefined;
  getIdToken: () => Promise<string | null>;
  /**
   * A new ID token from the identity provider (not a cached one). A call refused as unauthenticated
   * is tried once more with it: a token issued before the provider's cut-off (a revocation, or the
   * local Auth emulator restarted) is refused although the session itself is still good.
   */
  refreshIdToken?: () => Promise<string | null>;
  /**
   * The server refuses even the fresh token as unauthenticated: the session cannot be used any more
   * (its refresh tokens were revoked, e.g. the person's role was removed), so the caller signs out.
   * In production the refresh itself fails instead; the local Auth emulator refreshes a revoked
   * session. An ended invite session is not this: its screens say what happened.
   */
  onSessionEnded?: () => void;
  /** An App Check token, sent as X-Firebase-AppCheck (production enforces it; none locally). */
  getAppCheckToken?: () => Promise<string | null>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface CallOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface CallableClient {
  call<Req, Res>(name: string, data: Req, options?: CallOptions): Promise<Res>;
  /**
   * A call whose answer streams (onCall streaming, as server-sent events): `onMessage` gets each
   * message before the final answer. It runs until the server ends it or `signal` aborts it.
   */
  stream?<Req, Msg, Res>(
    name: string,
    data: Req,
    onMessage: (message: Msg) => void,
    options?: { signal?: AbortSignal },
  ): Promise<Res>;
}

function errorFromBody(status: number, body: Record<string, unknown> | null): CallableError | null {
  let code = codeForHttpStatus(status);
  let message: string | undefined;
  let details: unknown;

  const error = body?.error;
  if (isPlainObject(error)) {
    if (typeof error.status === 'string') {
      const named = codeForStatusName(error.status);
      if (named) code = named;
      else if (code === 'ok') code = 'unknown';
    } else if (code === 'ok') {
      code = 'unknown';
    }
    if (typeof error.message === 'string' && error.message !== '') message = error.message;
    details = error.details;
  }

  if (code === 'ok') return null;
  return new CallableError(code, message ?? `The function failed with HTTP ${status} (${code}).`, {
    details,
    hasServerMessage: message !== undefined,
  });
}

const cancelled = (name: string, cause: unknown) =>
  new CallableError('cancelled', `The call to ${name} was cancelled.`, { cause });

const unreachable = (name: string, url: string, cause: unknown) =>
  new CallableError('unavailable', `Could not reach the function ${name} at ${url}; check the connection.`, {
    cause,
  });

/** A JSON object body, or null for anything else. */
function objectBody(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return isPlainObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function createCallableClient(options: CallableClientOptions): CallableClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const streamBaseUrl = (options.streamBaseUrl ?? options.baseUrl).replace(/\/+$/, '');
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const defaultTimeoutMs = options.timeoutMs ?? CALLABLE_TIMEOUT_MS;

  /** The caller's ID token (or `token` when given) and the app's App Check token, when there are any. */
  async function tokenHeaders(token?: string | null): Promise<Record<string, string>> {
    const [idToken, appCheck] = await Promise.all([
      token === undefined ? options.getIdToken() : token,
      options.getAppCheckToken?.() ?? null,
    ]);
    return {
      ...(idToken ? { Authorization: `Bearer ${idToken}` } : {}),
      ...(appCheck ? { 'X-Firebase-AppCheck': appCheck } : {}),
    };
  }

  /**
   * Runs `send` with the caller's token and, when the server refuses that token as unauthenticated,
   * once more with a refreshed one. Without a token there is nothing to refresh.
   */
  async function withFreshTokenOnce<T>(send: (token: string | null) => Promise<T>): Promise<T> {
    const token = await options.getIdToken();
    try {
      return await send(token);
    } catch (error) {
      if (!token || !options.refreshIdToken || !isCallableError(error) || error.code !== 'unauthenticated')
        throw error;
      const fresh = await options.refreshIdToken().catch(() => null);
      // No new token: the Auth SDK has signed out by itself if the session is gone.
      if (!fresh) throw error;
      try {
        // The same token again (the emulator's, refreshed within the second) is refused again.
        if (fresh === token) throw error;
        return await send(fresh);
      } catch (refused) {
        if (
          isCallableError(refused) &&
          refused.code === 'unauthenticated' &&
          refused.message !== MESSAGES.inviteSessionEnded
        )
          options.onSessionEnded?.();
        throw refused;
      }
    }
  }

  /** The request itself: `undefined` is not JSON, and the protocol always carries a `data` field. */
  const post = (url: string, data: unknown, headers: Record<string, string>, signal?: AbortSignal) =>
    fetchImpl(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ data: data === undefined ? null : data }),
      signal,
    });

  async function call<Req, Res>(name: string, data: Req, callOptions: CallOptions = {}): Promise<Res> {
    const url = `${baseUrl}/${name}`;
    const timeoutMs = callOptions.timeoutMs ?? defaultTimeoutMs;
    const external = callOptions.signal;
    if (external?.aborted) {
      throw cancelled(name, external.reason);
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onExternalAbort = () => controller.abort();
    external?.addEventListener('abort', onExternalAbort, { once: true });

    const failure = (cause: unknown): CallableError => {
      if (timedOut) {
        return new CallableError(
          'deadline-exceeded',
          `The call to ${name} timed out after ${timeoutMs} ms.`,
          {
            cause,
          },
        );
      }
      return external?.aborted ? cancelled(name, cause) : unreachable(name, url, cause);
    };

    const send = async (token: string | null): Promise<Res> => {
      const headers = { 'Content-Type': 'application/json', ...(await tokenHeaders(token)) };
      let response: Response;
      let text: string;
      try {
        response = await post(url, data, headers, controller.signal);
        text = await response.text();
      } catch (cause) {
        throw failure(cause);
      }

      const body = objectBody(text);
      const error = errorFromBody(response.status, body);
      if (error) throw error;
      if (!body) throw new CallableError('internal', MESSAGES.responseNotJsonObject);

      const result = body.data !== undefined ? body.data : body.result;
      if (result === undefined) throw new CallableError('internal', MESSAGES.responseMissingData);
      return result as Res;
    };

    try {
      return await withFreshTokenOnce(send);
    } finally {
      clearTimeout(timer);
      external?.removeEventListener('abort', onExternalAbort);
    }
  }

  async function stream<Req, Msg, Res>(
    name: string,
    data: Req,
    onMessage: (message: Msg) => void,
    { signal }: { signal?: AbortSignal } = {},
  ): Promise<Res> {
    const url = `${streamBaseUrl}/${name}`;
    const failure = (cause: unknown) =>
      signal?.aborted ? cancelled(name, cause) : unreachable(name, url, cause);

    const open = async (token: string | null): Promise<NonNullable<Response['body']>> => {
      const headers = {
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
        ...(await tokenHeaders(token)),
      };
      let response: Response;
      try {
        response = await post(url, data, headers, signal);
      } catch (cause) {
        throw failure(cause);
      }
      if (!response.ok || !response.body) {
        const body = objectBody(await response.text());
        throw (
          errorFromBody(response.status, body) ??
          new CallableError('internal', MESSAGES.responseNotJsonObject)
        );
      }
      return response.body;
    };
    const responseBody = await withFreshTokenOnce(open);

    // Events are separated by a blank line; a line starting with ':' is the server's heartbeat.
    const reader = responseBody.pipeThrough(new TextDecoderStream()).getReader();
    let buffered = '';
    for (;;) {
      let chunk: ReadableStreamReadResult<string>;
      try {
        chunk = await reader.read();
      } catch (cause) {
        throw failure(cause);
      }
      if (chunk.done) break;
      buffered += chunk.value;
      for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
        const payload = buffered
          .slice(0, end)
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trim())
          .join('\n');
        buffered = buffered.slice(end + 2);
        if (!payload) continue;
        const event: unknown = JSON.parse(payload);
        if (!isPlainObject(event)) continue;
        if ('message' in event) onMessage(event.message as Msg);
        else if ('error' in event) throw errorFromBody(200, event) ?? new CallableError('unknown', name);
        else if ('result' in event) return event.result as Res;
      }
    }
    throw failure(new Error('The stream ended without an answer.'));
  }

  return { call, stream };
}
