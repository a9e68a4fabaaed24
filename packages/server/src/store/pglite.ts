// The embedded default DocumentStore: PGlite is Postgres compiled to WASM, so the
// local stack needs no database server and no native build, and keeps its data in a folder.
// Documents are rows of one table; each write computes the new JSON in TypeScript (apply.ts) and
// stores it. PGlite has a single connection, so reads, writes and transactions run one at a time
// through a queue: a transaction holds the queue from its first read to its commit, which makes
// read-modify-write safe.
//
// Writes are group-committed. A commit puts the documents' new states in memory, where the next
// operations in the queue read them, and joins the batch that is being filled; one statement
// stores each batch, and every commit in it is answered only once that statement has succeeded. A
// statement storing dozens of documents costs PGlite a few times one storing a single document, so
// under load the store writes many commits for the price of a few. The store is its database's
// only writer, so it also keeps the stored states of recently used documents, and a save reads
// nothing from the database.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { isStorable } from '@toolkit/domain';
import { applyMerge, applySet, applyUpdate, toStored } from './apply';
import {
  checkCollectionPath,
  checkQuery,
  checkWrite,
  fieldSegments,
  isMap,
  newDocumentId,
  readAfterWrite,
  splitDocumentPath,
} from './fields';
import {
  MissingCursor,
  StoreError,
  type DocData,
  type DocSnapshot,
  type DocumentStore,
  type QuerySpec,
  type StoreTransaction,
  type WhereOp,
} from './port';
import { DEFAULT_UNDECLARED_QUERIES, queryShapeCheck, type UndeclaredQueries } from './query-shapes';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS documents (
    path   text PRIMARY KEY,
    parent text NOT NULL,
    id     text NOT NULL,
    data   jsonb NOT NULL
  );
  CREATE INDEX IF NOT EXISTS documents_parent_id ON documents (parent, id);
`;

const SELECT_MANY = 'SELECT path, data FROM documents WHERE path = ANY($1::text[])';
// A batch is stored by one statement. The four forms cost PGlite differently (on this machine a
// lone row by VALUES about 0.12 ms, by the JSON array 0.18 ms, with the deleting CTE 0.25 ms): a
// batch uses the cheapest that covers it. None returns the rows: what jsonb keeps is computed here
// (asJsonbKeeps), and returning them cost PGlite a quarter to a third of the statement.
const UPSERT_ONE = `INSERT INTO documents (path, parent, id, data) VALUES ($1, $2, $3, $4::jsonb)
  ON CONFLICT (path) DO UPDATE SET data = EXCLUDED.data`;
/** The rows come as one JSON array of {path, parent, id, data}. */
const UPSERT_MANY = `INSERT INTO documents (path, parent, id, data)
  SELECT row->>'path', row->>'parent', row->>'id', row->'data' FROM jsonb_array_elements($1::jsonb) AS row
  ON CONFLICT (path) DO UPDATE SET data = EXCLUDED.data`;
const DELETE_MANY = 'DELETE FROM documents WHERE path = ANY($1::text[])';
const DELETE_AND_UPSERT = `WITH removed AS (DELETE FROM documents WHERE path = ANY($2::text[])) ${UPSERT_MANY}`;

const EXPORT_ALL = 'SELECT path, id, data FROM documents ORDER BY path';

const isAscii = (text: string) => /^[\0-\x7f]*$/.test(text);

/** jsonb's order of an object's keys: the shorter first (in UTF-8 bytes), then by those bytes. */
function jsonbKeyOrder(a: string, b: string): number {
  if (isAscii(a) && isAscii(b)) return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  const [bytesA, bytesB] = [Buffer.from(a), Buffer.from(b)];
  return bytesA.length - bytesB.length || Buffer.compare(bytesA, bytesB);
}

/**
 * A parsed JSON value as PGlite reads it back from jsonb, which keeps object keys in its own order:
 * what the store keeps in memory must read the same as what it would read from the database.
 */
function asJsonbKeeps(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asJsonbKeeps);
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  const kept: Record<string, unknown> = {};
  for (const key of Object.keys(object).sort(jsonbKeyOrder)) kept[key] = asJsonbKeeps(object[key]);
  return kept;
}

/** A document to store, its data already JSON. */
type Row = { path: string; parent: string; id: string; json: string };

/** The statement that stores these rows and deletes these paths. */
function storeStatement(rows: Row[], deleted: string[]): [string, unknown[]] {
  if (rows.length === 0) return [DELETE_MANY, [deleted]];
  const [row] = rows;
  if (rows.length === 1 && row && deleted.length === 0)
    return [UPSERT_ONE, [row.path, row.parent, row.id, row.json]];
  // The JSON array of rows, each document's JSON written once.
  const array = `[${rows
    .map(
      ({ path, parent, id, json }) =>
        `{"path":${JSON.stringify(path)},"parent":${JSON.stringify(parent)},"id":${JSON.stringify(id)},"data":${json}}`,
    )
    .join(',')}]`;
  return deleted.length > 0 ? [DELETE_AND_UPSERT, [array, deleted]] : [UPSERT_MANY, [array]];
}

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

function whereCondition(column: string, op: WhereOp, operand: string): string {
  switch (op) {
    case '==':
      return `${column} = ${operand}`;
    case 'in':
      return `${column} IN (SELECT jsonb_array_elements(${operand}))`;
    case 'array-contains':
      // Guarded: jsonb_array_elements fails on anything but an array.
      return `CASE WHEN jsonb_typeof(${column}) = 'array' THEN EXISTS (SELECT 1 FROM jsonb_array_elements(${column}) AS element WHERE element = ${operand}) ELSE false END`;
    default:
      // jsonb compares across types in its own order; Firestore only within the operand's type.
      return `jsonb_typeof(${column}) = jsonb_typeof(${operand}) AND ${column} ${op} ${operand}`;
  }
}

/**
 * A field as a SQL expression with its path written out, not a parameter: only then can Postgres
 * match it to an expression index (see indexFor).
 */
function fieldColumn(field: string): string {
  const segments = fieldSegments(field);
  if (!segments.every(isStorable)) {
    throw new StoreError('invalid-argument', `Field "${field}": a name cannot hold NUL or broken Unicode.`);
  }
  const array = `{${segments.map((segment) => `"${segment.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  return `(data #> '${array.replace(/'/g, "''")}'::text[])`;
}

/**
 * The keys a query orders by, as SQL: each field's type rank, then its value, then the document id
 * in the last field's direction. A query's ORDER BY and its index (indexFor) are built from the same
 * terms, so Postgres can read the one in the order of the other.
 */
function orderTerms(orderBy: QuerySpec['orderBy'] = []): string[] {
  const terms: string[] = [];
  for (const [field, direction] of orderBy) {
    const column = fieldColumn(field);
    const dir = direction === 'desc' ? 'DESC' : 'ASC';
    terms.push(`(${typeRank(column)}) ${dir}`, `${column} ${dir}`);
  }
  terms.push(`id ${orderBy.at(-1)?.[1] === 'desc' ? 'DESC' : 'ASC'}`);
  return terms;
}

/** As in Firestore, `orderBy` leaves out documents without the field. */
const orderedFieldsPresent = (orderBy: QuerySpec['orderBy'] = []) =>
  orderBy.map(([field]) => `${fieldColumn(field)} IS NOT NULL`);

/**
 * The index a paged query (orderBy and limit) reads in order: the collection, its equality fields,
 * then its order, so a page costs what it returns rather than what the collection holds, as with
 * Firestore's composite indexes. Made the first time the shape is queried. Partial: a document
 * without an ordered field (another collection's, a result not yet listed for a sort by score) is
 * never in it, so writing one costs no more than before the shape was asked.
 */
function indexFor(spec: QuerySpec): { name: string; sql: string } | null {
  if (!spec.orderBy?.length || spec.limit === undefined) return null;
  const columns = [
    'parent',
    ...(spec.where ?? []).filter(([, op]) => op === '==').map(([field]) => fieldColumn(field)),
    ...orderTerms(spec.orderBy),
  ];
  const definition = `(${columns.join(', ')}) WHERE ${orderedFieldsPresent(spec.orderBy).join(' AND ')}`;
  const name = `query_${createHash('sha256').update(definition).digest('hex').slice(0, 24)}`;
  return { name, sql: `CREATE INDEX IF NOT EXISTS ${name} ON documents ${definition}` };
}

/**
 * The rows after the cursor document in the query's order, as one row comparison of the order's
 * keys, which Postgres reads from the shape's index (indexFor) starting at the cursor: a later page
 * costs what the first does. Null when the order mixes directions or the cursor lacks an ordered
 * field: the caller then numbers the rows instead.
 */
function keysetAfter(
  orderBy: NonNullable<QuerySpec['orderBy']>,
  cursor: { id: string; data: DocData },
  param: (value: unknown) => string,
): string | null {
  const direction = orderBy.at(-1)?.[1] ?? 'asc';
  if (orderBy.some(([, fieldDirection]) => fieldDirection !== direction)) return null;
  const keys: string[] = [];
  const values: string[] = [];
  for (const [field] of orderBy) {
    let value: unknown = cursor.data;
    for (const segment of fieldSegments(field)) value = isMap(value) ? value[segment] : undefined;
    if (value === undefined) return null;
    const column = fieldColumn(field);
    const operand = `${param(JSON.stringify(value))}::jsonb`;
    keys.push(`(${typeRank(column)})`, column);
    values.push(`(${typeRank(operand)})`, operand);
  }
  keys.push('id');
  values.push(param(cursor.id));
  return `(${keys.join(', ')}) ${direction === 'desc' ? '<' : '>'} (${values.join(', ')})`;
}

/**
 * One parameterised SELECT for a query. As in Firestore: `orderBy` leaves out documents that do
 * not have the field (a field holding null is kept and sorts first); ties are broken by document
 * id in the direction of the last `orderBy`. The database collation is C, so strings sort by
 * code point like Firestore's; arrays and maps of one field compare as jsonb does (size first).
 */
function buildQuery(
  collectionPath: string,
  spec: QuerySpec,
  /** The stored data of the `startAfter` document. */
  cursorData?: DocData,
): { sql: string; params: unknown[]; matching: string } {
  const params: unknown[] = [collectionPath];
  const param = (value: unknown) => `$${params.push(value)}`;
  const conditions = ['parent = $1'];
  for (const [field, op, value] of spec.where ?? []) {
    const operand = `${param(JSON.stringify(toStored(value)))}::jsonb`;
    conditions.push(whereCondition(fieldColumn(field), op, operand));
  }
  conditions.push(...orderedFieldsPresent(spec.orderBy));
  const order = orderTerms(spec.orderBy);
  const limit = spec.limit === undefined ? '' : ` LIMIT ${param(spec.limit)}`;
  const matching = `FROM documents WHERE ${conditions.join(' AND ')}`;
  if (spec.startAfter === undefined) {
    return {
      sql: `SELECT path, id, data ${matching} ORDER BY ${order.join(', ')}${limit}`,
      params,
      matching,
    };
  }
  const after =
    cursorData && keysetAfter(spec.orderBy ?? [], { id: spec.startAfter, data: cursorData }, param);
  if (after) {
    return {
      sql: `SELECT path, id, data ${matching} AND ${after} ORDER BY ${order.join(', ')}${limit}`,
      params,
      matching,
    };
  }
  // The rows after the cursor's place in the same order: numbered once, then cut (local data only).
  const cursor = param(spec.startAfter);
  const ordered = `SELECT path, id, data, row_number() OVER (ORDER BY ${order.join(', ')}) AS place FROM documents WHERE ${conditions.join(' AND ')}`;
  return {
    sql: `WITH ordered AS (${ordered}) SELECT path, id, data FROM ordered WHERE place > (SELECT place FROM ordered WHERE id = ${cursor}) ORDER BY place${limit}`,
    params,
    matching,
  };
}

type Found = { path: string; id: string; data: DocData };

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

/** Commits stored by one statement: each document's final state, and the answer to their waiters. */
class Batch {
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
 * How much of the stored documents is kept in memory, in characters of their JSON: some 30,000
 * results of about a kilobyte, a busy day's respondents. A larger document than a 64th of it is
 * not kept.
 */
const CACHE_CHARS = 32 * 1024 * 1024;

/** Documents' states as the queue sees them, and whether any is not stored yet. */
interface Read {
  states: Map<string, DocData | null>;
  unstored: boolean;
}

class PgliteStore implements EmbeddedStore {
  private tail: Promise<unknown> = Promise.resolve();
  /** `watch` listeners by document path: this process is the embedded store's only writer. */
  private readonly watchers = new Map<string, Set<Listener>>();
  private readonly collectionWriters = new Map<string, Set<(paths: string[]) => void>>();
  /** Set while a transaction's work runs, to refuse store calls that would wait on it forever. */
  private readonly insideTransaction = new AsyncLocalStorage<true>();
  /** Committed states not stored yet, newest per document: read before the cache and the database. */
  private readonly unstored = new Map<string, DocData | null>();
  /** Stored states (null: no such document) and their size, least recently used first. Never handed out uncopied. */
  private readonly cache = new Map<string, { data: DocData | null; chars: number }>();
  private cachedChars = 0;
  /** The batch commits join; `storing` is the one whose statement runs. */
  private filling = new Batch();
  private storing: Batch | null = null;
  private flushing: Promise<void> | null = null;
  /**
   * Replaced when a batch fails to store: the unstored states, which later commits may have built
   * on, are dropped with it, and a commit that began under an earlier epoch fails with its error.
   */
  private epoch: { error?: unknown } = {};
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
  ) {}

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

  /** Keeps a stored state, `chars` the length of its JSON, as the most recently used. */
  private remember(path: string, data: DocData | null, chars: number): void {
    this.forget(path);
    if (chars > CACHE_CHARS / 64) return;
    this.cache.set(path, { data, chars });
    this.cachedChars += chars;
    for (const [oldest] of this.cache) {
      if (this.cachedChars <= CACHE_CHARS) break;
      this.forget(oldest);
    }
  }

  private forget(path: string): void {
    const entry = this.cache.get(path);
    if (!entry) return;
    this.cache.delete(path);
    this.cachedChars -= entry.chars;
  }

  /** The documents' current states, from memory where it has them, the rest in one statement. */
  private async readStates(paths: readonly string[]): Promise<Read> {
    const states = new Map<string, DocData | null>();
    const missing: string[] = [];
    let unstored = false;
    for (const path of paths) {
      if (this.unstored.has(path)) {
        states.set(path, this.unstored.get(path) ?? null);
        unstored = true;
      } else {
        const cached = this.cache.get(path);
        if (!cached) {
          missing.push(path);
          continue;
        }
        // The most recently used last.
        this.cache.delete(path);
        this.cache.set(path, cached);
        states.set(path, cached.data);
      }
    }
    if (missing.length > 0) {
      const { rows } = await this.db.query<{ path: string; data: DocData }>(SELECT_MANY, [missing]);
      const found = new Map(rows.map((row) => [row.path, row.data]));
      for (const path of missing) {
        const data = found.get(path) ?? null;
        this.remember(path, data, data ? JSON.stringify(data).length : 0);
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

  /** Resolves once every commit made so far is stored (rejects if one of them could not be). */
  private whenStored(): Promise<void> {
    if (this.filling.states.size > 0) return this.filling.done;
    return this.storing?.done ?? Promise.resolve();
  }

  /** Stores every commit made so far: what a query must see, since it reads the database. */
  private async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  /** Refuses the query as Firestore would, once every commit so far is stored. */
  private async checkedQuery(collectionPath: string, spec: QuerySpec): Promise<DocData | undefined> {
    checkCollectionPath(collectionPath);
    checkQuery(spec);
    this.checkShape(collectionPath, spec);
    await this.drain();
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
    epochAtStart: PgliteStore['epoch'],
  ): Promise<Batch> {
    const unread = [
      ...new Set(writes.filter((w) => needsExisting(w) && !read.has(w.path)).map((w) => w.path)),
    ];
    const states = new Map(read);
    if (unread.length > 0)
      for (const [path, data] of (await this.readStates(unread)).states) states.set(path, data);
    if (this.epoch !== epochAtStart) throw this.epoch.error;
    const now = new Date().toISOString();
    const written = new Map<string, DocData | null>();
    for (const write of writes) {
      const next = nextState(write, states.get(write.path) ?? null, now);
      states.set(write.path, next);
      written.set(write.path, next);
    }
    for (const [path, data] of written) {
      this.unstored.set(path, data);
      this.filling.states.set(path, data);
    }
    this.writtenSinceAnalyze += written.size;
    const batch = this.filling;
    this.flushing ??= this.flush();
    return batch;
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
          this.remember(path, asJsonbKeeps(JSON.parse(json)) as DocData, json.length);
        for (const path of deleted) this.remember(path, null, 0);
        batch.settle();
      } catch (error) {
        // Later commits may have read this batch's states: they fail with it, and the queue goes on
        // from what is stored.
        const later = this.filling;
        this.filling = new Batch();
        this.unstored.clear();
        this.epoch = { error };
        batch.settle(error);
        later.settle(error);
      } finally {
        this.storing = null;
      }
    }
    this.flushing = null;
  }

  private async write(write: Write): Promise<void> {
    check(write);
    const batch = await this.exclusive(async () => {
      const read = needsExisting(write) ? (await this.readStates([write.path])).states : new Map();
      return this.commit([write], read, this.epoch);
    });
    await batch.done;
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

  async get(path: string): Promise<DocSnapshot> {
    splitDocumentPath(path);
    const { snapshot, stored } = await this.exclusive(async () => {
      const read = await this.readStates([path]);
      // What was read is answered once it is stored: nothing is reported that a failure could undo.
      return {
        snapshot: this.snapshots([path], read)[0] as DocSnapshot,
        stored: read.unstored && this.whenStored(),
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
      const epochAtStart = this.epoch;
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
      if (this.epoch !== epochAtStart) throw this.epoch.error;
      return { result, stored: readUnstored ? this.whenStored() : undefined };
    });
    if (stored) await stored;
    this.changed(writes.map((write) => write.path));
    return result;
  }

  newId(): string {
    return newDocumentId();
  }

  exportAll(): Promise<DocSnapshot[]> {
    return this.exclusive(async () => {
      await this.drain();
      return (await this.db.query<Found>(EXPORT_ALL)).rows;
    });
  }

  close(): Promise<void> {
    return this.exclusive(async () => {
      await this.drain();
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
