// Requests the shell needs first. The early slide (index.html's inline script) has usually made
// them already; otherwise the entry chunk starts them before the shared modules and the app chunks
// download, instead of after them.
import { earlyRequests, RUNTIME_CONFIG_URL } from './early-slide/contract';

const early = new Map<string, Promise<Response>>();

export function startEarlyFetches(): void {
  early.set(
    RUNTIME_CONFIG_URL,
    earlyRequests()?.config ??
      fetch(RUNTIME_CONFIG_URL, { cache: 'no-store', headers: { Accept: 'application/json' } }),
  );
}

/** A fetch that answers a request started early once with its response, and fetches anything else. */
export const earlyFetch: typeof fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const started = early.get(url);
  if (!started) return fetch(input, init);
  early.delete(url);
  return started;
};
