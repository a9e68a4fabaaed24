// Writes are group-committed. A commit puts the documents' new states in memory, where the next
// operations in the queue read them, and joins the batch that is being filled; one statement
// stores each batch, and every commit in it is answered only once that statement has succeeded. A
// statement storing dozens of documents costs PGlite a few times one storing a single document, so
// under load the store writes many commits for the price of a few.
import type { PGlite } from '@electric-sql/pglite';
import { splitDocumentPath } from '../fields';
import type { DocData } from '../port';
import type { DocumentCache } from './cache';
import { asJsonbKeeps, storeStatement, type Row } from './statements';

/** Commits stored by one statement: each document's final state, and the answer to their waiters. */
export class Batch {
  readonly states = new Map<string, DocData | null>();
  readonly done: Promise<void>;
  settle!: (error?: unknown) => void;

  constructor() {
    this.done = new Promise<void>((resolve, reject) => {
      this.settle = (error) => (error === undefined ? resolve() : reject(error));
    });
    // A batch nobody waits for (its commits' callers already failed) must not be an unhandled rejection.
    this.done.catch(() => undefined);
  }
}

/**
 * Replaced when a batch fails to store: the unstored states, which later commits may have built
 * on, are dropped with it, and a commit that began under an earlier epoch fails with its error.
 */
export type Epoch = { error?: unknown };

export class GroupCommit {
  /** Committed states not stored yet, newest per document: read before the cache and the database. */
  private readonly unstored = new Map<string, DocData | null>();
  /** The batch commits join; `storing` is the one whose statement runs. */
  private filling = new Batch();
  private storing: Batch | null = null;
  private flushing: Promise<void> | null = null;
  private currentEpoch: Epoch = {};

  constructor(
    private readonly db: PGlite,
    /** Told each stored state, once its statement succeeded. */
    private readonly cache: DocumentCache,
  ) {}

  get epoch(): Epoch {
    return this.currentEpoch;
  }

  /** The newest committed state not stored yet (undefined: none). */
  unstoredState(path: string): { data: DocData | null } | undefined {
    return this.unstored.has(path) ? { data: this.unstored.get(path) ?? null } : undefined;
  }

  /**
   * Makes these states visible to the next operations and adds them to the filling batch, whose
   * `done` answers when it is stored.
   */
  add(written: ReadonlyMap<string, DocData | null>): Batch {
    for (const [path, data] of written) {
      this.unstored.set(path, data);
      this.filling.states.set(path, data);
    }
    const batch = this.filling;
    this.flushing ??= this.flush();
    return batch;
  }

  /** Resolves once every commit made so far is stored (rejects if one of them could not be). */
  whenStored(): Promise<void> {
    if (this.filling.states.size > 0) return this.filling.done;
    return this.storing?.done ?? Promise.resolve();
  }

  /** Stores every commit made so far: what a query must see, since it reads the database. */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  /**
   * Stores batches one statement each until none is left. Each starts after the I/O of the
   * previous one's turn, so the requests that arrived meanwhile commit into it first.
   */
  private async flush(): Promise<void> {
    while (this.filling.states.size > 0) {
      await new Promise((resolve) => setImmediate(resolve));
      const batch = this.filling;
      this.filling = new Batch();
      this.storing = batch;
      try {
        const rows: Row[] = [];
        const deleted: string[] = [];
        for (const [path, data] of batch.states) {
          if (data === null) deleted.push(path);
          else rows.push({ path, ...splitDocumentPath(path), json: JSON.stringify(data) });
        }
        await this.db.query(...storeStatement(rows, deleted));
        for (const [path, data] of batch.states)
          if (this.unstored.get(path) === data) this.unstored.delete(path);
        for (const { path, json } of rows)
          this.cache.remember(path, asJsonbKeeps(JSON.parse(json)) as DocData, json.length);
        for (const path of deleted) this.cache.remember(path, null, 0);
        batch.settle();
      } catch (error) {
        // Later commits may have read this batch's states: they fail with it, and the queue goes on
        // from what is stored.
        const later = this.filling;
        this.filling = new Batch();
        this.unstored.clear();
        this.currentEpoch = { error };
        batch.settle(error);
        later.settle(error);
      } finally {
        this.storing = null;
      }
    }
    this.flushing = null;
  }
}
