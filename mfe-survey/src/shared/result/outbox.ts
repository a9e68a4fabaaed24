// The answer outbox: no answer is lost. Answers wait here (and in local storage, so they survive a
// reload) until the server acknowledges them. Each save carries a per-question increasing `seq`, so
// the server can ignore a late older save (REQUESTS['survey-saveAnswer']). The seqs stay stored after
// their answers are sent, so a result opened from the device (kept.ts) numbers its next saves above
// them; the completion forgets them.
import { backoffDelay, type AnswerValue, type Backoff } from '@toolkit/domain';

export interface OutboxEntry {
  questionId: string;
  answer: AnswerValue;
  seq: number;
}

export type SaveStatus = 'saved' | 'saving' | 'retrying' | 'offline';

/** What to do after a failed send: try again later, give up on this answer, or stop the outbox. */
export type FailureAction = 'retry' | 'drop' | 'fatal';

/**
 * The waits between tries of what the survey sends over a network that comes and goes: the first
 * soon (a phone's signal often returns within a second), then doubling up to half a minute.
 */
export const NETWORK_BACKOFF: Backoff = { initialMs: 500, maxMs: 30_000 };

export interface OutboxOptions {
  send: (entry: OutboxEntry) => Promise<unknown>;
  storage: Storage | null;
  storageKey: string;
  /** The highest seq the server stored per question (on resume). */
  seqs?: Record<string, number>;
  classify?: (error: unknown) => FailureAction;
  /** Called once when a send fails with a 'fatal' error; the outbox stops sending. */
  onFatal?: (error: unknown) => void;
  isOnline?: () => boolean;
  /** Where the browser's `online` event fires (window); a retry starts at once when it does. */
  onlineEvents?: EventTarget | null;
  backoff?: Backoff;
  /** The jitter's source (tests fix it). */
  random?: () => number;
}

export const outboxStorageKey = (resultId: string) => `toolkit:survey-outbox:v1:${resultId}`;

/** Forgets a completed result's outbox: nothing is left to send to it. */
export function forgetOutbox(storage: Storage | null, resultId: string): void {
  try {
    storage?.removeItem(outboxStorageKey(resultId));
  } catch {
    // Blocked storage kept nothing either.
  }
}

interface Stored {
  entries: OutboxEntry[];
  seqs: Record<string, number>;
}

function isEntry(value: unknown): value is OutboxEntry {
  const entry = value as OutboxEntry;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.questionId === 'string' &&
    Number.isInteger(entry.seq) &&
    'answer' in entry
  );
}

function load(storage: Storage | null, key: string): Stored {
  try {
    const parsed = JSON.parse(storage?.getItem(key) ?? 'null') as Partial<Stored> | null;
    const entries = Array.isArray(parsed?.entries) ? parsed.entries.filter(isEntry) : [];
    const seqs = parsed?.seqs && typeof parsed.seqs === 'object' ? parsed.seqs : {};
    return { entries, seqs };
  } catch {
    // Unreadable storage holds nothing we can send.
    return { entries: [], seqs: {} };
  }
}

type Waiter = { resolve: () => void; reject: (error: unknown) => void };

export class Outbox {
  private entries: OutboxEntry[];
  private readonly seqs: Record<string, number>;
  private sending = false;
  private failures = 0;
  private fatal: { error: unknown } | null = null;
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private waiters: Waiter[] = [];
  private listeners = new Set<(status: SaveStatus, unsent: number) => void>();
  private lastStatus: SaveStatus;
  private lastUnsent: number;
  private disposed = false;

  constructor(private readonly options: OutboxOptions) {
    const stored = load(options.storage, options.storageKey);
    this.entries = stored.entries;
    this.seqs = { ...stored.seqs };
    for (const [questionId, seq] of Object.entries(options.seqs ?? {})) {
      this.seqs[questionId] = Math.max(seq, this.seqs[questionId] ?? 0);
    }
    options.onlineEvents?.addEventListener('online', this.retryNow);
    this.lastStatus = this.status;
    this.lastUnsent = this.unsent;
  }

  get status(): SaveStatus {
    if (this.entries.length === 0 && !this.sending) return 'saved';
    if (this.failures > 0 || this.fatal) return this.isOnline() ? 'retrying' : 'offline';
    return 'saving';
  }

  /** How many answers the server has not acknowledged yet. */
  get unsent(): number {
    return this.entries.length;
  }

  /** Answers not yet acknowledged, by question: they win over what the server returned. */
  pendingAnswers(): Record<string, AnswerValue> {
    return Object.fromEntries(this.entries.map((e) => [e.questionId, e.answer]));
  }

  /** Told the status and the count of unsent answers whenever either changes. */
  subscribe(listener: (status: SaveStatus, unsent: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Queues the newest answer of a question (replacing an unsent older one). It is sent after
   * `delayMs` (debounce while typing) or at the next flush, whichever comes first.
   */
  put(questionId: string, answer: AnswerValue, { delayMs = 0 }: { delayMs?: number } = {}): void {
    if (this.disposed) return;
    const seq = (this.seqs[questionId] ?? 0) + 1;
    this.seqs[questionId] = seq;
    this.entries = [...this.entries.filter((e) => e.questionId !== questionId), { questionId, answer, seq }];
    this.persist();
    this.notify();
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = setTimeout(() => this.flush(), delayMs);
  }

  /** Sends what is queued now, unless a back-off wait is running. */
  flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    if (!this.retryTimer) void this.pump();
  }

  /** Resolves once every queued answer is acknowledged; rejects if the outbox stopped on a fatal error. */
  drain(): Promise<void> {
    if (this.fatal) return Promise.reject(this.fatal.error);
    if (this.entries.length === 0 && !this.sending) return Promise.resolve();
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    // The respondent is waiting on this: skip any back-off wait.
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    this.retryNow();
    return done;
  }

  dispose(): void {
    this.disposed = true;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.options.onlineEvents?.removeEventListener('online', this.retryNow);
    this.listeners.clear();
  }

  private readonly retryNow = () => {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    void this.pump();
  };

  private isOnline(): boolean {
    return this.options.isOnline ? this.options.isOnline() : true;
  }

  private async pump(): Promise<void> {
    if (this.sending || this.fatal || this.disposed) return;
    this.sending = true;
    this.notify();
    try {
      let entry: OutboxEntry | undefined;
      while ((entry = this.entries[0]) && !this.disposed) {
        try {
          await this.options.send(entry);
        } catch (error) {
          const action = this.options.classify?.(error) ?? 'retry';
          if (action === 'drop') {
            this.acknowledge(entry);
            continue;
          }
          if (action === 'fatal') {
            this.stop(error);
            return;
          }
          this.failures += 1;
          this.retryTimer = setTimeout(
            () => {
              this.retryTimer = null;
              void this.pump();
            },
            backoffDelay(this.failures, this.options.backoff ?? NETWORK_BACKOFF, this.options.random),
          );
          return;
        }
        this.failures = 0;
        this.acknowledge(entry);
      }
    } finally {
      this.sending = false;
      this.notify();
    }
  }

  /** Removes a sent entry unless a newer answer of its question was queued meanwhile. */
  private acknowledge(sent: OutboxEntry): void {
    this.entries = this.entries.filter((e) => !(e.questionId === sent.questionId && e.seq === sent.seq));
    this.persist();
  }

  private stop(error: unknown): void {
    this.fatal = { error };
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach((w) => w.reject(error));
    this.options.onFatal?.(error);
  }

  private persist(): void {
    const { storage, storageKey } = this.options;
    try {
      storage?.setItem(storageKey, JSON.stringify({ entries: this.entries, seqs: this.seqs }));
    } catch {
      // Storage full or blocked: the answers are still in memory and being sent.
    }
  }

  private notify(): void {
    if (this.entries.length === 0 && !this.sending && this.waiters.length > 0) {
      const waiters = this.waiters;
      this.waiters = [];
      waiters.forEach((w) => w.resolve());
    }
    const { status, unsent } = this;
    if (status === this.lastStatus && unsent === this.lastUnsent) return;
    this.lastStatus = status;
    this.lastUnsent = unsent;
    this.listeners.forEach((listener) => listener(status, unsent));
  }
}
