// The embedded default DocumentStore (DESIGN.md §2): PGlite is Postgres compiled to WASM, so the
// local stack needs no database server and no native build, and keeps its data in a folder.
// Documents are rows of one table; each write computes the new JSON in TypeScript (apply.ts) and
// stores it. PGlite has a single connection, so every operation runs one at a time through a
// queue: a transaction holds the queue from BEGIN to COMMIT, which makes read-modify-write safe.
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { applyMerge, applySet, applyUpdate, toStored } from './apply';
import {
  checkCollectionPath,
  checkQuery,
  checkWrite,
  fieldSegments,
  missingCursor,
  newDocumentId,
  readAfterWrite,
  splitDocumentPath,
} from './fields';
import {
  StoreError,
  type DocData,
  type DocSnapshot,
  type DocumentStore,
  type QuerySpec,
  type StoreTransaction,
} from './port';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS documents (
    path   text PRIMARY KEY,
    parent text NOT NULL,
    id     text NOT NULL,
    data   jsonb NOT NULL
  );
  CREATE INDEX IF NOT EXISTS documents_parent_id ON documents (parent, id);
`;

const SELECT_ONE = 'SELECT data FROM documents WHERE path = $1';
const SELECT_MANY = 'SELECT path, data FROM documents WHERE path = ANY($1::text[])';
const UPSERT = `INSERT INTO documents (path, parent, id, data) VALUES ($1, $2, $3, $4::jsonb)
  ON CONFLICT (path) DO UPDATE SET data = EXCLUDED.data`;
/** Many documents in one statement: the rows come as one JSON array of {path, parent, id, data}. */
const UPSERT_MANY = `INSERT INTO documents (path, parent, id, data)
  SELECT row->>'path', row->>'parent', row->>'id', row->'data' FROM jsonb_array_elements($1::jsonb) AS row
  ON CONFLICT (path) DO UPDATE SET data = EXCLUDED.data`;
const DELETE_ONE = 'DELETE FROM documents WHERE path = $1';
const DELETE_MANY = 'DELETE FROM documents WHERE path = ANY($1::text[])';
const EXPORT_ALL = 'SELECT path, id, data FROM documents ORDER BY path';

type Write =
  | { kind: 'set'; path: string; data: DocData; merge: boolean }
  | { kind: 'update'; path: string; data: DocData }
  | { kind: 'create'; path: string; data: DocData }
  | { kind: 'delete'; path: string };

/** Throws the StoreError Firestore would give for this write's path or data. */
function check(write: Write): void {
  splitDocumentPath(write.path);
  if (write.kind === 'update') checkWrite('update', write.data);
  else if (write.kind !== 'delete')
    checkWrite(write.kind === 'set' && write.merge ? 'merge' : 'set', write.data);
}

// Firestore orders values of different types null < boolean < number < string < array < map
// (timestamps are ISO strings here); jsonb's own order differs, so the type rank sorts first.
const typeRank = (field: string) =>
  `CASE jsonb_typeof(${field}) WHEN 'null' THEN 0 WHEN 'boolean' THEN 1 WHEN 'number' THEN 2 ` +
  `WHEN 'string' THEN 3 WHEN 'array' THEN 4 ELSE 5 END`;

/**
 * One parameterised SELECT for a query. As in Firestore: `orderBy` leaves out documents that do
 * not have the field (a field holding null is kept and sorts first); ties are broken by document
 * id in the direction of the last `orderBy`. The database collation is C, so strings sort by
 * code point like Firestore's; arrays and maps of one field compare as jsonb does (size first).
 */
function buildQuery(collectionPath: string, spec: QuerySpec): { sql: string; params: unknown[] } {
  const params: unknown[] = [collectionPath];
  const param = (value: unknown) => `$${params.push(value)}`;
  const conditions = ['parent = $1'];
  const order: string[] = [];
  for (const [field, op, value] of spec.where ?? []) {
    const column = `data #> ${param(fieldSegments(field))}::text[]`;
    const operand = `${param(JSON.stringify(toStored(value)))}::jsonb`;
    conditions.push(
      op === '==' ? `${column} = ${operand}` : `${column} IN (SELECT jsonb_array_elements(${operand}))`,
    );
  }
  let lastDirection = 'ASC';
  for (const [field, direction] of spec.orderBy ?? []) {
    const column = `data #> ${param(fieldSegments(field))}::text[]`;
    lastDirection = direction === 'desc' ? 'DESC' : 'ASC';
    conditions.push(`${column} IS NOT NULL`);
    order.push(`${typeRank(column)} ${lastDirection}`, `${column} ${lastDirection}`);
  }
  order.push(`id ${lastDirection}`);
  const limit = spec.limit === undefined ? '' : ` LIMIT ${param(spec.limit)}`;
  const select = `SELECT path, id, data FROM documents WHERE ${conditions.join(' AND ')}`;
  if (spec.startAfter === undefined) {
    return { sql: `${select} ORDER BY ${order.join(', ')}${limit}`, params };
  }
  // The rows after the cursor's place in the same order: numbered once, then cut (local data only).
  const cursor = param(spec.startAfter);
  const ordered = `SELECT path, id, data, row_number() OVER (ORDER BY ${order.join(', ')}) AS place FROM documents WHERE ${conditions.join(' AND ')}`;
  return {
    sql: `WITH ordered AS (${ordered}) SELECT path, id, data FROM ordered WHERE place > (SELECT place FROM ordered WHERE id = ${cursor}) ORDER BY place${limit}`,
    params,
  };
}

type Row = { path: string; id: string; data: DocData };

/** Whether the write's result depends on the document as it is. */
const needsExisting = (write: Write) => write.kind !== 'delete' && !(write.kind === 'set' && !write.merge);

/** The document after the write (null: deleted), or the StoreError Firestore would give. */
function nextState(write: Write, existing: DocData | null, now: string): DocData | null {
  switch (write.kind) {
    case 'delete':
      return null;
    case 'create':
      if (existing) throw new StoreError('already-exists', `Document ${write.path} already exists.`);
      return applySet(write.data, now);
    case 'update':
      if (!existing)
        throw new StoreError('not-found', `Document ${write.path} does not exist, so it cannot be updated.`);
      return applyUpdate(existing, write.data, now);
    default:
      return write.merge ? applyMerge(existing, write.data, now) : applySet(write.data, now);
  }
}

type Listener = (snapshot: DocSnapshot) => void;

/** The embedded store: the DocumentStore, and word of each write to a collection (its only writer is this process). */
export interface EmbeddedStore extends DocumentStore {
  /** Calls back, after each commit that wrote documents of the collection, with their paths. */
  onCollectionWrite(collectionPath: string, listener: (paths: string[]) => void): () => void;
}

const parentOf = (path: string) => path.slice(0, path.lastIndexOf('/'));

class PgliteStore implements EmbeddedStore {
  private tail: Promise<unknown> = Promise.resolve();
  /** `watch` listeners by document path: this process is the embedded store's only writer. */
  private readonly watchers = new Map<string, Set<Listener>>();
  private readonly collectionWriters = new Map<string, Set<(paths: string[]) => void>>();
  /** Set while a transaction's work runs, to refuse store calls that would wait on it forever. */
  private readonly insideTransaction = new AsyncLocalStorage<true>();

  constructor(private readonly db: PGlite) {}

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

  private async read(path: string): Promise<DocSnapshot> {
    const { id } = splitDocumentPath(path);
    const { rows } = await this.db.query<{ data: DocData }>(SELECT_ONE, [path]);
    return { id, path, data: rows[0]?.data ?? null };
  }

  /** Several documents in one statement, in the order asked. */
  private async readMany(paths: readonly string[]): Promise<DocSnapshot[]> {
    const ids = paths.map((path) => splitDocumentPath(path).id);
    const { rows } = await this.db.query<{ path: string; data: DocData }>(SELECT_MANY, [[...paths]]);
    const found = new Map(rows.map((row) => [row.path, row.data]));
    return paths.map((path, i) => ({ id: ids[i] as string, path, data: found.get(path) ?? null }));
  }

  private async find(collectionPath: string, spec: QuerySpec): Promise<DocSnapshot[]> {
    checkCollectionPath(collectionPath);
    checkQuery(spec);
    if (spec.startAfter !== undefined) {
      const cursor = await this.read(`${collectionPath}/${spec.startAfter}`);
      if (!cursor.data) throw missingCursor(spec.startAfter);
    }
    const { sql, params } = buildQuery(collectionPath, spec);
    const { rows } = await this.db.query<Row>(sql, params);
    return rows.map(({ path, id, data }) => ({ path, id, data }));
  }

  /** Applies one write; `now` is the server time every serverTimestamp in it resolves to. */
  private async apply(write: Write, now: string): Promise<void> {
    if (write.kind === 'delete') {
      await this.db.query(DELETE_ONE, [write.path]);
      return;
    }
    const existing = needsExisting(write) ? (await this.read(write.path)).data : null;
    const next = nextState(write, existing, now) as DocData;
    const { parent, id } = splitDocumentPath(write.path);
    await this.db.query(UPSERT, [write.path, parent, id, JSON.stringify(next)]);
  }

  /**
   * Commits a transaction's writes: each document's final state computed from what the transaction
   * read (nothing else can have written it since: the transaction holds the queue), then stored in
   * one statement, or two when some are deleted. A single statement needs no BEGIN/COMMIT.
   */
  private async commit(
    writes: readonly Write[],
    read: Map<string, DocData | null>,
    now: string,
  ): Promise<void> {
    const unread = [
      ...new Set(writes.filter((w) => needsExisting(w) && !read.has(w.path)).map((w) => w.path)),
    ];
    const states = new Map(read);
    if (unread.length > 0) {
      for (const path of unread) states.set(path, null);
      const { rows } = await this.db.query<{ path: string; data: DocData }>(SELECT_MANY, [unread]);
      for (const row of rows) states.set(row.path, row.data);
    }
    const written = new Map<string, DocData | null>();
    for (const write of writes) {
      const next = nextState(write, states.get(write.path) ?? null, now);
      states.set(write.path, next);
      written.set(write.path, next);
    }
    const kept = [...written].filter((entry): entry is [string, DocData] => entry[1] !== null);
    const deleted = [...written].filter(([, data]) => data === null).map(([path]) => path);
    const statements: [string, unknown[]][] = [];
    if (deleted.length > 0) statements.push([DELETE_MANY, [deleted]]);
    if (kept.length > 0) {
      const rows = kept.map(([path, data]) => ({ path, ...splitDocumentPath(path), data }));
      statements.push([UPSERT_MANY, [JSON.stringify(rows)]]);
    }
    if (statements.length === 1) {
      const [sql, params] = statements[0] as [string, unknown[]];
      await this.db.query(sql, params);
      return;
    }
    await this.db.transaction(async (t) => {
      for (const [sql, params] of statements) await t.query(sql, params);
    });
  }

  private async write(write: Write): Promise<void> {
    check(write);
    await this.exclusive(() => this.apply(write, new Date().toISOString()));
    this.changed([write.path]);
  }

  /** Tells the watchers of these paths what the documents now hold. */
  private changed(paths: readonly string[]): void {
    const byCollection = new Map<string, string[]>();
    for (const path of new Set(paths)) {
      if (this.collectionWriters.has(parentOf(path))) {
        byCollection.set(parentOf(path), [...(byCollection.get(parentOf(path)) ?? []), path]);
      }
    }
    for (const [collection, written] of byCollection) {
      this.collectionWriters.get(collection)?.forEach((listener) => listener(written));
    }
    for (const path of new Set(paths)) {
      const listeners = this.watchers.get(path);
      if (!listeners) continue;
      this.get(path).then(
        (snapshot) => listeners.forEach((listener) => listener(snapshot)),
        () => undefined,
      );
    }
  }

  onCollectionWrite(collectionPath: string, listener: (paths: string[]) => void): () => void {
    const listeners = this.collectionWriters.get(collectionPath) ?? new Set();
    this.collectionWriters.set(collectionPath, listeners);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.collectionWriters.delete(collectionPath);
    };
  }

  watch(path: string, listener: Listener): () => void {
    splitDocumentPath(path);
    const listeners = this.watchers.get(path) ?? new Set<Listener>();
    this.watchers.set(path, listeners);
    listeners.add(listener);
    this.get(path).then(
      (snapshot) => listeners.has(listener) && listener(snapshot),
      () => undefined,
    );
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.watchers.get(path) === listeners) this.watchers.delete(path);
    };
  }

  get(path: string): Promise<DocSnapshot> {
    return this.exclusive(() => this.read(path));
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

  async transaction<T>(work: (tx: StoreTransaction) => Promise<T>): Promise<T> {
    // Writes are buffered and applied at commit, as Firestore does. Reads need no BEGIN: the
    // transaction holds the queue, so what it read is still what is stored when it commits. The
    // commit starts from copies of what was read: a caller changing a snapshot's data changes
    // nothing stored, as with Firestore.
    const writes: Write[] = [];
    const result = await this.exclusive(async () => {
      const read = new Map<string, DocData | null>();
      const reading = <R>(fn: () => Promise<R>) => {
        if (writes.length > 0) return Promise.reject(readAfterWrite());
        return fn();
      };
      const buffer = (write: Write) => {
        check(write);
        writes.push(write);
      };
      const tx: StoreTransaction = {
        get: (path) =>
          reading(async () => {
            const snapshot = await this.read(path);
            read.set(path, structuredClone(snapshot.data));
            return snapshot;
          }),
        getAll: (paths) =>
          reading(async () => {
            const snapshots = await this.readMany(paths);
            for (const snapshot of snapshots) read.set(snapshot.path, structuredClone(snapshot.data));
            return snapshots;
          }),
        query: (collectionPath, spec = {}) => reading(() => this.find(collectionPath, spec)),
        set: (path, data, options) => buffer({ kind: 'set', path, data, merge: options?.merge ?? false }),
        update: (path, data) => buffer({ kind: 'update', path, data }),
        create: (path, data) => buffer({ kind: 'create', path, data }),
        delete: (path) => buffer({ kind: 'delete', path }),
      };
      const result = await this.insideTransaction.run(true, () => work(tx));
      if (writes.length > 0) await this.commit(writes, read, new Date().toISOString());
      return result;
    });
    this.changed(writes.map((write) => write.path));
    return result;
  }

  newId(): string {
    return newDocumentId();
  }

  exportAll(): Promise<DocSnapshot[]> {
    return this.exclusive(async () => (await this.db.query<Row>(EXPORT_ALL)).rows);
  }

  close(): Promise<void> {
    return this.exclusive(() => this.db.close());
  }
}

/** In memory without `dataDir`; otherwise persisted in that folder (created if missing). */
export async function openPgliteStore(options: { dataDir?: string } = {}): Promise<EmbeddedStore> {
  // PGlite creates the last folder of the path only.
  if (options.dataDir !== undefined) await mkdir(options.dataDir, { recursive: true });
  const db = await PGlite.create(options.dataDir === undefined ? {} : { dataDir: options.dataDir });
  await db.exec(SCHEMA);
  return new PgliteStore(db);
}
