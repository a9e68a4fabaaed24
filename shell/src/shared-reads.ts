// At a signed-in page's start the shell reads the member's profile (its theme needs the toolkit the
// organisation signed up through), and the dashboard's first screen reads it too. The remotes'
// client takes the shell's answer for their first identical read instead of asking the server
// again: once, and only while it is fresh (after that the profile's stream keeps it live).
import { API } from '@toolkit/domain';
import type { CallableClient } from '@toolkit/platform';

/** The reads the shell shares: the ones it makes anyway before a remote's first screen. */
const SHARED: ReadonlySet<string> = new Set([API.getProfile]);

/**
 * How long after it arrived a shared answer may still stand for a read of its own: a remote on a
 * slow phone mounts seconds after the shell's read, and its profile stream sends the profile anew
 * as it opens.
 */
export const SHARED_FRESH_MS = 30_000;

interface Offered {
  answer: Promise<unknown>;
  /** When it arrived; null while on its way. */
  at: number | null;
}

/** Two views of `client`: the shell's, whose shared reads are offered, and the remotes', which take them. */
export function sharedReads(client: CallableClient): { shell: CallableClient; remotes: CallableClient } {
  const offered = new Map<string, Offered>();
  const keyOf = (name: string, data: unknown) => `${name}:${JSON.stringify(data ?? null)}`;
  const shell: CallableClient = {
    ...client,
    call<Req, Res>(name: string, data: Req, options?: Parameters<CallableClient['call']>[2]) {
      const answer = client.call<Req, Res>(name, data, options);
      if (!SHARED.has(name)) return answer;
      const key = keyOf(name, data);
      const entry: Offered = { answer, at: null };
      offered.set(key, entry);
      answer.then(
        () => {
          entry.at = Date.now();
        },
        // A failure is the shell's alone: the remote asks for itself.
        () => offered.get(key) === entry && offered.delete(key),
      );
      return answer;
    },
  };
  const remotes: CallableClient = {
    ...client,
    call<Req, Res>(name: string, data: Req, options?: Parameters<CallableClient['call']>[2]) {
      const key = keyOf(name, data);
      const entry = offered.get(key);
      offered.delete(key);
      if (entry && (entry.at === null || Date.now() - entry.at <= SHARED_FRESH_MS))
        return entry.answer as Promise<Res>;
      return client.call<Req, Res>(name, data, options);
    },
  };
  return { shell, remotes };
}
