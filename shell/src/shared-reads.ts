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
  /** Which side asked: only the other side takes it. */
  by: 'shell' | 'remotes';
}

/**
 * Two views of `client`, the shell's and the remotes': a shared read one side makes answers the
 * other side's first identical read, whichever asks first (on a fast network the remote can mount
 * before the shell's theme has asked).
 */
export function sharedReads(client: CallableClient): { shell: CallableClient; remotes: CallableClient } {
  const offered = new Map<string, Offered>();
  const keyOf = (name: string, data: unknown) => `${name}:${JSON.stringify(data ?? null)}`;
  const view = (side: Offered['by']): CallableClient => ({
    ...client,
    call<Req, Res>(name: string, data: Req, options?: Parameters<CallableClient['call']>[2]) {
      if (!SHARED.has(name)) return client.call<Req, Res>(name, data, options);
      const key = keyOf(name, data);
      const entry = offered.get(key);
      if (entry && entry.by !== side) {
        offered.delete(key);
        if (entry.at === null || Date.now() - entry.at <= SHARED_FRESH_MS)
          return entry.answer as Promise<Res>;
      }
      const answer = client.call<Req, Res>(name, data, options);
      const mine: Offered = { answer, at: null, by: side };
      offered.set(key, mine);
      answer.then(
        () => {
          mine.at = Date.now();
        },
        // A failure is the asker's alone: the other side asks for itself.
        () => offered.get(key) === mine && offered.delete(key),
      );
      return answer;
    },
  });
  return { shell: view('shell'), remotes: view('remotes') };
}
