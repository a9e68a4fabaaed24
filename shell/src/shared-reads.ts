// The shell and the remotes ask the same reads when a page opens: the profile (the shell's theme
// needs the toolkit the organisation signed up through, the dashboard shows the member), and the
// reads a route's first screen makes (@toolkit/domain/first-reads), which the shell starts itself
// as soon as the session is known, while the remote that draws the screen is still downloading.
// Each answer stands for each side's first identical read, once, while it is fresh, and only for
// the session it was read for: it is kept under the uid of the ID token, so after a sign-out and a
// sign-in as someone else the next person's reads never take it.
import { API } from '@toolkit/domain';
import type { FirstRead } from '@toolkit/domain/first-reads';
import type { CallableClient, CallOptions } from '@toolkit/platform';
import { tokenPayload } from './auth/token-payload';

// Its own chunk with the starter of a first screen's reads, which the shell downloads beside its
// start-up on every page but a survey's, whose pages read nothing a remote reads too.
export { keepVisits, startFirstReads, startReadsOf } from './first-reads';

/** Reads both sides make on their own: either side's answer stands for the other's. */
const OFFERED: ReadonlySet<string> = new Set([API.getProfile]);

/**
 * How long after it arrived a shared answer may still stand for a read of its own: a remote on a
 * slow phone mounts seconds after the shell's read, and its profile stream sends the profile anew
 * as it opens.
 */
export const SHARED_FRESH_MS = 30_000;

type Side = 'shell' | 'remotes';

interface Shared {
  answer: Promise<unknown>;
  /** When it arrived; null while on its way. */
  at: number | null;
  /** The sides whose first identical read it still answers. */
  takers: Set<Side>;
}

export interface SharedReads {
  /** The shell's view of the client. */
  shell: CallableClient;
  /** What the remotes are handed. */
  remotes: CallableClient;
  /**
   * Asks `reads` now for the current session, each at most once per session, so that either
   * side's first identical read takes its answer instead of asking the server.
   */
  start(reads: readonly FirstRead[]): Promise<void>;
  /** Settles once every read started so far has been answered or has failed. */
  settled(): Promise<void>;
}

/** The uid an ID token names (Firebase's `user_id`, or the subject); null without one. */
export function uidOfIdToken(token: string | null): string | null {
  const payload = tokenPayload(token);
  const uid = payload?.user_id ?? payload?.sub;
  return typeof uid === 'string' && uid ? uid : null;
}

/**
 * Views of `client` whose shared reads are asked once; `getIdToken`: the session's current ID
 * token, whose uid keys every answer.
 */
export function sharedReads(client: CallableClient, getIdToken: () => Promise<string | null>): SharedReads {
  const sessionUid = async () => uidOfIdToken(await getIdToken());
  const shared = new Map<string, Shared>();
  /** Every read started, by key: a read taken already is not asked again. */
  const started = new Set<string>();
  /** The names that can have a shared answer: other calls go straight through. */
  const names = new Set<string>(OFFERED);
  /**
   * Settles once every start asked so far has put its reads in `shared`: a read of a name being
   * started waits for it, as both are often asked on the same change (the session or the kind known).
   */
  let registered: Promise<void> = Promise.resolve();
  /** The started reads' answers, each settled or not. */
  const startedAnswers: Promise<unknown>[] = [];
  const keyOf = (uid: string, name: string, data: unknown) =>
    `${uid}\n${name}\n${JSON.stringify(data ?? null)}`;

  /** Asks the server and keeps the answer for `takers`; a failure is kept for nobody. */
  function ask<Res>(key: string, name: string, data: unknown, takers: Side[], options?: CallOptions) {
    const answer = client.call<unknown, Res>(name, data, options);
    const mine: Shared = { answer, at: null, takers: new Set(takers) };
    shared.set(key, mine);
    answer.then(
      () => {
        mine.at = Date.now();
        if (mine.takers.size === 0 && shared.get(key) === mine) shared.delete(key);
      },
      () => shared.get(key) === mine && shared.delete(key),
    );
    return answer;
  }

  /**
   * The answer `key` holds for `side`: one still on its way answers every identical read (the
   * shell's theme may ask again before it is in); an arrived one answers each side once.
   */
  function take(key: string, side: Side): Promise<unknown> | null {
    const entry = shared.get(key);
    if (!entry) return null;
    if (entry.at !== null && Date.now() - entry.at > SHARED_FRESH_MS) {
      shared.delete(key);
      return null;
    }
    const taker = entry.takers.delete(side);
    if (entry.takers.size === 0 && entry.at !== null) shared.delete(key);
    return taker || entry.at === null ? entry.answer : null;
  }

  const view = (side: Side): CallableClient => ({
    ...client,
    call<Req, Res>(name: string, data: Req, options?: CallOptions): Promise<Res> {
      if (!names.has(name)) return client.call<Req, Res>(name, data, options);
      return registered.then(sessionUid).then((uid) => {
        if (!uid) return client.call<Req, Res>(name, data, options);
        const key = keyOf(uid, name, data);
        const taken = take(key, side);
        // A shared read that fails is not this read's answer: it asks for itself.
        if (taken) return (taken as Promise<Res>).catch(() => client.call<Req, Res>(name, data, options));
        if (!OFFERED.has(name)) return client.call<Req, Res>(name, data, options);
        return ask<Res>(key, name, data, [side === 'shell' ? 'remotes' : 'shell'], options);
      });
    },
  });

  return {
    shell: view('shell'),
    remotes: view('remotes'),
    start(reads) {
      for (const { name } of reads) names.add(name);
      const registering = sessionUid().then((uid) => {
        if (!uid) return;
        for (const { name, request } of reads) {
          const key = keyOf(uid, name, request);
          if (started.has(key) || shared.has(key)) continue;
          started.add(key);
          // Nobody waits for it here: a failure is left to whoever asks next.
          startedAnswers.push(ask(key, name, request, ['shell', 'remotes']).catch(() => undefined));
        }
      });
      // A start that cannot learn the session leaves the reads waiting on it to ask for themselves.
      registered = Promise.all([registered, registering.catch(() => undefined)]).then(() => undefined);
      return registering;
    },
    settled: () => registered.then(() => Promise.all(startedAnswers)).then(() => undefined),
  };
}
