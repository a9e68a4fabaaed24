// The embedded default DocumentStore: PGlite is Postgres compiled to WASM, so the
// local stack needs no database server and no native build, and keeps its data in a folder.
// Documents are rows of one table; each write computes the new JSON in TypeScript (pglite/writes.ts)
// and stores it. PGlite has a single connection, so reads, writes and transactions run one at a
// time through a queue: a transaction holds the queue from its first read to its commit, which
// makes read-modify-write safe.
//
// This module is the queue, reads, queries and transactions, composed from one module per job:
// pglite/statements.ts (the SQL and the query builder), pglite/group-commit.ts (many commits stored
// by one statement), pglite/cache.ts (recently used documents' stored states, so a save reads
// nothing from the database) and pglite/change-feed.ts (word of writes to watchers).
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { checkCollectionPath, checkQuery, newDocumentId, readAfterWrite, splitDocumentPath } from './fields';
import {
  MissingCursor,
  StoreError,
  type DocData,
  type DocSnapshot,
  type DocumentStore,
  type QuerySpec,
  type StoreTransaction,
} from './port';
import { DEFAULT_UNDECLARED_QUERIES, queryShapeCheck, type UndeclaredQueries } from './query-shapes';
import { DocumentCache } from './pglite/cache';
import { ChangeFeed, type Listener } from './pglite/change-feed';
import { GroupCommit, type Batch, type Epoch } from './pglite/group-commit';
import { EXPORT_ALL, SCHEMA, SELECT_MANY, buildQuery, indexFor, type Found } from './pglite/statements';
import { check, needsExisting, nextState, type Write } from './pglite/writes';

/** The embedded store: the DocumentStore, and word of each write to a collection (its only writer is this process). */
export interface EmbeddedStore extends DocumentStore {
  /** Calls back, after each commit that wrote documents of the collection, with their paths. */
  onCollectionWrite(collectionPath: string, listener: (paths: string[]) => void): () => void;
}

/** Documents' states as the queue sees them, and whether any is not stored yet. */
interface Read {
  states: Map<string, DocData | null>;
  unstored: boolean;
}

class PgliteStore implements EmbeddedStore {
  private tail: Promise<unknown> = Promise.resolve();
  /** Set while a transaction's work runs, to refuse store calls that would wait on it forever. */
  private readonly insideTransaction = new AsyncLocalStorage<true>();
  private readonly cache = new DocumentCache();
  private readonly commits: GroupCommit;
  /** This process is the embedded store's only writer, so it tells watchers of every change. */
  private readonly feed = new ChangeFeed((path) => this.get(path));
  /** The paged queries' indexes made or found so far (indexFor). */
  private readonly queryIndexes = new Set<string>();
  /**
   * Documents written since the planner's statistics were last taken, and about how many there
   * were then: PGlite never analyses by itself, and with a small table's statistics Postgres may
   * walk another shape's index over the whole collection.
   */
  private writtenSinceAnalyze = 0;
  private analyzedDocuments = 0;

  constructor(
    private readonly db: PGlite,
    private readonly checkShape: (collectionPath: string, spec: QuerySpec) => void,
  ) {
    this.commits = new GroupCommit(db, this.cache);
  }

  /** Runs `work` after every operation queued before it. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    if (this.insideTransaction.getStore()) {
      return Promise.reject(
        new StoreError(
          'invalid-argument',
          'Inside store.transaction() use the transaction object for reads and writes; the store waits for the transaction to end.',
        ),
      );
    }
    const result = this.tail.then(work);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** The documents' current states, from memory where it has them, the rest in one statement. */
  private async readStates(paths: readonly string[]): Promise<Read> {
    const states = new Map<string, DocData | null>();
    const missing: string[] = [];
    let unstored = false;
    for (const path of paths) {
      const pending = this.commits.unstoredState(path);
      if (pending) {
        states.set(path, pending.data);
        unstored = true;
      } else {
        const cached = this.cache.take(path);
        if (!cached) {
          missing.push(path);
          continue;
        }
        states.set(path, cached.data);
      }
    }
    if (missing.length > 0) {
      const { rows } = await this.db.query<{ path: string; data: DocData }>(SELECT_MANY, [missing]);
      const found = new Map(rows.map((row) => [row.path, row.data]));
      for (const path of missing) {
        const data = found.get(path) ?? null;
        this.cache.remember(path, data, data ? JSON.stringify(data).length : 0);
        states.set(path, data);
      }
    }
    return { states, unstored };
  }

  /** Snapshots for the caller: copies, so that changing one changes nothing kept here. */
  private snapshots(paths: readonly string[], read: Read): DocSnapshot[] {
    return paths.map((path) => {
      const data = read.states.get(path) ?? null;
      return { id: splitDocumentPath(path).id, path, data: data && structuredClone(data) };
    });
  }

  /** Refuses the query as Firestore would, once every commit so far is stored. */
  private async checkedQuery(collectionPath: string, spec: QuerySpec): Promise<DocData | undefined> {
    checkCollectionPath(collectionPath);
    checkQuery(spec);
    this.checkShape(collectionPath, spec);
    await this.commits.drain();
    const index = indexFor(spec);
    if (index && !this.queryIndexes.has(index.name)) {
      await this.db.exec(index.sql);
      this.queryIndexes.add(index.name);
    }
    // Taken again each time the collection could have doubled: a handful of times as it grows.
    if (this.queryIndexes.size > 0 && this.writtenSinceAnalyze > Math.max(1000, this.analyzedDocuments)) {
      await this.db.exec('ANALYZE documents');
      this.analyzedDocuments += this.writtenSinceAnalyze;
      this.writtenSinceAnalyze = 0;
    }
    if (spec.startAfter !== undefined) {
      const cursorPath = `${collectionPath}/${spec.startAfter}`;
      const { states } = await this.readStates([cursorPath]);
      const cursor = states.get(cursorPath);
      if (!cursor) throw new MissingCursor(spec.startAfter);
      return cursor;
    }
    return undefined;
  }

  private async find(collectionPath: string, spec: QuerySpec): Promise<DocSnapshot[]> {
    const cursor = await this.checkedQuery(collectionPath, spec);
    const { sql, params } = buildQuery(collectionPath, spec, cursor);
    const { rows } = await this.db.query<Found>(sql, params);
    return rows.map(({ path, id, data }) => ({ path, id, data }));
  }

  /**
   * Commits writes: each document's final state computed from what the caller read (nothing else
   * can have written it since: the caller holds the queue), made visible to the next operations
   * and added to the filling batch, whose `done` answers when it is stored. Fails, changing
   * nothing, when a write is refused or a batch failed since the caller began (`epochAtStart`).
   */
  private async commit(
    writes: readonly Write[],
    read: Map<string, DocData | null>,
    epochAtStart: Epoch,
  ): Promise<Batch> {
    const unread = [
      ...new Set(writes.filter((w) => needsExisting(w) && !read.has(w.path)).map((w) => w.path)),
    ];
    const states = new Map(read);
    if (unread.length > 0)
      for (const [path, data] of (await this.readStates(unread)).states) states.set(path, data);
    if (this.commits.epoch !== epochAtStart) throw this.commits.epoch.error;
    const now = new Date().toISOString();
    const written = new Map<string, DocData | null>();
    for (const write of writes) {
      const next = nextState(write, states.get(write.path) ?? null, now);
      states.set(write.path, next);
      written.set(write.path, next);
    }
    this.writtenSinceAnalyze += written.size;
    return this.commits.add(written);
  }

  private async write(write: Write): Promise<void> {
    check(write);
    const batch = await this.exclusive(async () => {
      const read = needsExisting(write) ? (await this.readStates([write.path])).states : new Map();
      return this.commit([write], read, this.commits.epoch);
    });
    await batch.done;
    this.feed.changed([write.path]);
  }

  onCollectionWrite(collectionPath: string, listener: (paths: string[]) => void): () => void {
    return this.feed.onCollectionWrite(collectionPath, listener);
  }

  watch(path: string, listener: Listener): () => void {
    return this.feed.watch(path, listener);
  }

  async get(path: string): Promise<DocSnapshot> {
    splitDocumentPath(path);
    const { snapshot, stored } = await this.exclusive(async () => {
      const read = await this.readStates([path]);
      // What was read is answered once it is stored: nothing is reported that a failure could undo.
      return {
        snapshot: this.snapshots([path], read)[0] as DocSnapshot,
        stored: read.unstored && this.commits.whenStored(),
      };
    });
    if (stored) await stored;
    return snapshot;
  }

  set(path: string, data: DocData, options?: { merge?: boolean }): Promise<void> {
    return this.write({ kind: 'set', path, data, merge: options?.merge ?? false });
  }

  update(path: string, data: DocData): Promise<void> {
    return this.write({ kind: 'update', path, data });
  }

  create(path: string, data: DocData): Promise<void> {
    return this.write({ kind: 'create', path, data });
  }

  async add(collectionPath: string, data: DocData): Promise<string> {
    checkCollectionPath(collectionPath);
    const id = newDocumentId();
    await this.create(`${collectionPath}/${id}`, data);
    return id;
  }

  delete(path: string): Promise<void> {
    return this.write({ kind: 'delete', path });
  }

  query(collectionPath: string, spec: QuerySpec = {}): Promise<DocSnapshot[]> {
    return this.exclusive(() => this.find(collectionPath, spec));
  }

  count(collectionPath: string, spec: QuerySpec = {}): Promise<number> {
    return this.exclusive(async () => {
      const cursor = await this.checkedQuery(collectionPath, spec);
      const { sql, params, matching } = buildQuery(collectionPath, spec, cursor);
      // Without a cursor or limit, the bare condition lets Postgres count from an index.
      const counted =
        spec.startAfter === undefined && spec.limit === undefined
          ? `SELECT count(*)::int AS count ${matching}`
          : `SELECT count(*)::int AS count FROM (${sql}) AS matched`;
      const { rows } = await this.db.query<{ count: number }>(counted, params);
      return rows[0]!.count;
    });
  }

  async transaction<T>(work: (tx: StoreTransaction) => Promise<T>): Promise<T> {
    // Writes are buffered and committed at the end, as Firestore does. What the transaction read
    // is still current when it commits: it holds the queue. The commit starts from the states as
    // read, never from the caller's copies: a caller changing a snapshot's data changes nothing.
    const writes: Write[] = [];
    const { result, stored } = await this.exclusive(async () => {
      const epochAtStart = this.commits.epoch;
      const read = new Map<string, DocData | null>();
      let readUnstored = false;
      const reading = <R>(fn: () => Promise<R>) => {
        if (writes.length > 0) return Promise.reject(readAfterWrite());
        return fn();
      };
      const readDocs = async (paths: readonly string[]) => {
        const states = await this.readStates(paths);
        readUnstored ||= states.unstored;
        for (const [path, data] of states.states) read.set(path, data);
        return this.snapshots(paths, states);
      };
      const buffer = (write: Write) => {
        check(write);
        writes.push(write);
      };
      const tx: StoreTransaction = {
        get: (path) =>
          reading(async () => {
            splitDocumentPath(path);
            return (await readDocs([path]))[0] as DocSnapshot;
          }),
        getAll: (paths) =>
          reading(() => {
            paths.forEach((path) => splitDocumentPath(path));
            return readDocs(paths);
          }),
        query: (collectionPath, spec = {}) => reading(() => this.find(collectionPath, spec)),
        set: (path, data, options) => buffer({ kind: 'set', path, data, merge: options?.merge ?? false }),
        update: (path, data) => buffer({ kind: 'update', path, data }),
        create: (path, data) => buffer({ kind: 'create', path, data }),
        delete: (path) => buffer({ kind: 'delete', path }),
      };
      const result = await this.insideTransaction.run(true, () => work(tx));
      if (writes.length > 0) return { result, stored: (await this.commit(writes, read, epochAtStart)).done };
      if (this.commits.epoch !== epochAtStart) throw this.commits.epoch.error;
      return { result, stored: readUnstored ? this.commits.whenStored() : undefined };
    });
    if (stored) await stored;
    this.feed.changed(writes.map((write) => write.path));
    return result;
  }

  newId(): string {
    return newDocumentId();
  }

  exportAll(): Promise<DocSnapshot[]> {
    return this.exclusive(async () => {
      await this.commits.drain();
      return (await this.db.query<Found>(EXPORT_ALL)).rows;
    });
  }

  close(): Promise<void> {
    return this.exclusive(async () => {
      await this.commits.drain();
      await this.db.close();
    });
  }
}

/**
 * A new in-memory database with the schema, from a dump of one kept in `cacheDir` per schema (made on
 * first use): creating a database runs initdb, about two seconds, where loading the dump takes a few
 * hundred milliseconds. A dump PGlite cannot load (another version's) is made again; one that cannot
 * be written is only not kept.
 */
async function fromSchemaDump(cacheDir: string): Promise<PGlite> {
  const fingerprint = createHash('sha256').update(SCHEMA).digest('hex').slice(0, 16);
  const file = path.join(cacheDir, `toolkit-pglite-schema-${fingerprint}.tar`);
  const dump = await readFile(file).catch(() => undefined);
  if (dump) {
    const loaded = await PGlite.create({ loadDataDir: new Blob([dump]) }).catch(() => undefined);
    if (loaded) return loaded;
  }
  const db = await PGlite.create();
  await db.exec(SCHEMA);
  const made = Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer());
  // Beside its place, then renamed: another process reading it never sees half a file.
  const next = `${file}.${process.pid}.tmp`;
  await writeFile(next, made)
    .then(() => rename(next, file))
    .catch(() => rm(next, { force: true }));
  return db;
}

/**
 * In memory without `dataDir`; otherwise persisted in that folder (created if missing).
 * `undeclaredQueries`: what a query of a shape query-shapes.ts does not declare meets ('allow' for
 * the store's own contract suite, whose queries are the port's, not the server's).
 * `schemaDumpCache`: a folder where an in-memory store's empty schema is kept between openings
 * (tests open hundreds).
 */
export async function openPgliteStore(
  options: { dataDir?: string; undeclaredQueries?: UndeclaredQueries; schemaDumpCache?: string } = {},
): Promise<EmbeddedStore> {
  let db: PGlite;
  if (options.dataDir !== undefined) {
    // PGlite creates the last folder of the path only.
    await mkdir(options.dataDir, { recursive: true });
    db = await PGlite.create({ dataDir: options.dataDir });
    await db.exec(SCHEMA);
  } else if (options.schemaDumpCache !== undefined) {
    db = await fromSchemaDump(options.schemaDumpCache);
  } else {
    db = await PGlite.create();
    await db.exec(SCHEMA);
  }
  return new PgliteStore(
    db,
    queryShapeCheck('embedded', options.undeclaredQueries ?? DEFAULT_UNDECLARED_QUERIES),
  );
}
