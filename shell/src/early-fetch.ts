// Requests the shell needs first. The early slide (index.html's inline script) has usually made
// them already; otherwise the entry chunk starts them before the shared modules and the app chunks
// download, instead of after them.
import { earlyRequests, RUNTIME_CONFIG_URL, type EarlyRead } from './early-slide/contract';

const early = new Map<string, Promise<Response>>();

export function startEarlyFetches(): void {
  early.set(
    RUNTIME_CONFIG_URL,
    earlyRequests()?.config ??
      fetch(RUNTIME_CONFIG_URL, { cache: 'no-store', headers: { Accept: 'application/json' } }),
  );
}

const absolute = (url: string) => new URL(url, document.baseURI).href;

/** The early slide's read identical to this call (address, body and token), taken once; null if none. */
function takeEarlyRead(reads: EarlyRead[], url: string, init: RequestInit): Promise<Response> | null {
  const authorization =
    typeof Headers !== 'undefined' && init.headers instanceof Headers
      ? init.headers.get('Authorization')
      : (init.headers as Record<string, string> | undefined)?.Authorization;
  const index = reads.findIndex(
    (read) =>
      absolute(read.url) === absolute(url) && read.body === init.body && read.authorization === authorization,
  );
  if (index < 0) return null;
  const [read] = reads.splice(index, 1);
  return read!.response;
}

/** `response`, or the abort of `signal` first (the caller's timeout holds for an early answer too). */
function untilAborted(
  response: Promise<Response>,
  signal: AbortSignal | null | undefined,
): Promise<Response> {
  if (!signal) return response;
  return new Promise((resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    response.then(resolve, reject);
  });
}

/**
 * A fetch that answers a request started early once with its response (the runtime configuration,
 * and the first screen's reads the early slide asked: the catalogue and callables), and fetches
 * anything else.
 */
export const earlyFetch: typeof fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const started = early.get(url);
  if (started) {
    early.delete(url);
    return started;
  }
  const reads = init?.method === 'POST' ? earlyRequests()?.firstReads : undefined;
  if (!reads) return fetch(input, init);
  return reads.then((asked) => {
    const taken = takeEarlyRead(asked, url, init!);
    return taken ? untilAborted(taken, init!.signal) : fetch(input, init);
  });
};
