// The production DocumentStore over firebase-admin's Firestore. Our FieldValue
// sentinels become firebase-admin FieldValues; Timestamps read back as ISO-8601 strings.
import {
  FieldValue as AdminFieldValue,
  Timestamp,
  type CollectionReference,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Query,
} from 'firebase-admin/firestore';
import {
  checkCollectionPath,
  checkQuery,
  checkWrite,
  isMap,
  newDocumentId,
  readAfterWrite,
  splitDocumentPath,
} from './fields';
import {
  isFieldTransform,
  MissingCursor,
  StoreError,
  type DocData,
  type DocSnapshot,
  type DocumentStore,
  type FieldTransform,
  type QuerySpec,
  type StoreErrorCode,
  type StoreTransaction,
} from './port';
import { DEFAULT_UNDECLARED_QUERIES, queryShapeCheck, type UndeclaredQueries } from './query-shapes';

function toAdminTransform(transform: FieldTransform): AdminFieldValue {
  switch (transform.__transform) {
    case 'serverTimestamp':
      return AdminFieldValue.serverTimestamp();
    case 'arrayUnion':
      return AdminFieldValue.arrayUnion(...transform.values);
    case 'arrayRemove':
      return AdminFieldValue.arrayRemove(...transform.values);
    case 'increment':
      return AdminFieldValue.increment(transform.by);
    case 'delete':
      return AdminFieldValue.delete();
  }
}

function toFirestore(value: unknown): unknown {
  if (isFieldTransform(value)) return toAdminTransform(value);
  if (Array.isArray(value)) return value.map(toFirestore);
  if (isMap(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toFirestore(v)]));
  return value;
}

function fromFirestore(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (Array.isArray(value)) return value.map(fromFirestore);
  if (isMap(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromFirestore(v)]));
  return value;
}

function toSnapshot(snapshot: DocumentSnapshot): DocSnapshot {
  const data = snapshot.data();
  return { id: snapshot.id, path: snapshot.ref.path, data: data ? (fromFirestore(data) as DocData) : null };
}

// gRPC status codes that firebase-admin errors carry in `code`.
const CODES: Record<number, StoreErrorCode> = {
  3: 'invalid-argument',
  5: 'not-found',
  6: 'already-exists',
  10: 'aborted',
};

// Firestore aborts a transaction that loses a lock to another and firebase-admin retries it with
// back-off, five times by default; twenty writers on one document under load can need more.
const TRANSACTION_OPTIONS = { maxAttempts: 12 };

/** Runs a Firestore call, turning its errors for these codes into StoreErrors. */
async function mapped<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const code = CODES[(error as { code?: number }).code ?? -1];
    if (code) throw new StoreError(code, (error as Error).message);
    throw error;
  }
}

async function buildQuery(
  firestore: Firestore,
  collectionPath: string,
  spec: QuerySpec,
  checkShape: (collectionPath: string, spec: QuerySpec) => void,
  read: (ref: DocumentReference) => Promise<DocumentSnapshot> = (ref) => ref.get(),
): Promise<Query> {
  checkCollectionPath(collectionPath);
  checkQuery(spec);
  checkShape(collectionPath, spec);
  let query: Query = firestore.collection(collectionPath);
  for (const [field, op, value] of spec.where ?? []) query = query.where(field, op, value);
  for (const [field, direction] of spec.orderBy ?? []) query = query.orderBy(field, direction);
  if (spec.startAfter !== undefined) {
    const cursor = await read(firestore.collection(collectionPath).doc(spec.startAfter));
    if (!cursor.exists) throw new MissingCursor(spec.startAfter);
    query = query.startAfter(cursor);
  }
  if (spec.limit !== undefined) query = query.limit(spec.limit);
  return query;
}

/** How many lookups exportAll sends at once. */
const EXPORT_ROUND = 100;

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );

/** `lookup` of every item, EXPORT_ROUND at a time, in the items' order. */
async function inRounds<T, R>(items: readonly T[], lookup: (item: T) => Promise<R>): Promise<R[]> {
  const answers: R[] = [];
  for (const round of chunks(items, EXPORT_ROUND)) answers.push(...(await Promise.all(round.map(lookup))));
  return answers;
}

/**
 * `undeclaredQueries`: what a query of a shape query-shapes.ts does not declare meets: refused under
 * jest, else logged (a line with UNDECLARED_QUERY per shape), which an emulator run looks for.
 */
export function createFirestoreStore(
  firestore: Firestore,
  { undeclaredQueries = DEFAULT_UNDECLARED_QUERIES }: { undeclaredQueries?: UndeclaredQueries } = {},
): DocumentStore {
  const checkShape = queryShapeCheck('firestore', undeclaredQueries);
  const doc = (path: string) => {
    splitDocumentPath(path);
    return firestore.doc(path);
  };
  const setData = (data: DocData, merge: boolean) => {
    checkWrite(merge ? 'merge' : 'set', data);
    return toFirestore(data) as DocData;
  };
  const updateData = (data: DocData) => {
    checkWrite('update', data);
    return toFirestore(data) as DocData;
  };

  /** Every document under these collections, including those below documents that do not exist. */
  /**
   * Every document under `collections`, a level of the tree at a time with each level's lookups
   * sent together in rounds of EXPORT_ROUND: one after another, a store of thousands of documents
   * took as many round trips as it has documents and collections.
   */
  async function collect(collections: CollectionReference[]): Promise<DocSnapshot[]> {
    const found: DocSnapshot[] = [];
    for (let level = collections; level.length > 0;) {
      const refs = (await inRounds(level, (collection) => collection.listDocuments())).flat();
      const snapshots = (
        await inRounds(chunks(refs, EXPORT_ROUND), (some) => firestore.getAll(...some))
      ).flat();
      found.push(...snapshots.filter((snapshot) => snapshot.exists).map(toSnapshot));
      level = (await inRounds(refs, (ref) => ref.listCollections())).flat();
    }
    return found;
  }

  return {
    get: (path) => mapped(async () => toSnapshot(await doc(path).get())),
    set: (path, data, options) =>
      mapped(async () => {
        const merge = options?.merge ?? false;
        await doc(path).set(setData(data, merge), { merge });
      }),
    update: (path, data) => mapped(async () => void (await doc(path).update(updateData(data)))),
    create: (path, data) => mapped(async () => void (await doc(path).create(setData(data, false)))),
    add: (collectionPath, data) =>
      mapped(async () => {
        checkCollectionPath(collectionPath);
        return (await firestore.collection(collectionPath).add(setData(data, false))).id;
      }),
    delete: (path) => mapped(async () => void (await doc(path).delete())),
    query: (collectionPath, spec = {}) =>
      mapped(async () =>
        (await (await buildQuery(firestore, collectionPath, spec, checkShape)).get()).docs.map(toSnapshot),
      ),

    count: (collectionPath, spec = {}) =>
      mapped(
        async () =>
          (await (await buildQuery(firestore, collectionPath, spec, checkShape)).count().get()).data().count,
      ),

    transaction: (work) =>
      mapped(() =>
        firestore.runTransaction(async (t) => {
          // firebase-admin also refuses reads after writes; checking here gives the same StoreError as PGlite.
          let written = false;
          const tx: StoreTransaction = {
            get: async (path) => {
              if (written) throw readAfterWrite();
              return toSnapshot(await t.get(doc(path)));
            },
            getAll: async (paths) => {
              if (written) throw readAfterWrite();
              if (paths.length === 0) return [];
              return (await t.getAll(...paths.map(doc))).map(toSnapshot);
            },
            query: async (collectionPath, spec = {}) => {
              if (written) throw readAfterWrite();
              const query = await buildQuery(firestore, collectionPath, spec, checkShape, (ref) =>
                t.get(ref),
              );
              return (await t.get(query)).docs.map(toSnapshot);
            },
            set: (path, data, options) => {
              const merge = options?.merge ?? false;
              t.set(doc(path), setData(data, merge), { merge });
              written = true;
            },
            update: (path, data) => {
              t.update(doc(path), updateData(data));
              written = true;
            },
            create: (path, data) => {
              t.create(doc(path), setData(data, false));
              written = true;
            },
            delete: (path) => {
              t.delete(doc(path));
              written = true;
            },
          };
          return work(tx);
        }, TRANSACTION_OPTIONS),
      ),

    // A listener error (the document became unreadable) ends the watch without a last report.
    watch: (path, listener) =>
      doc(path).onSnapshot(
        (snapshot) => listener(toSnapshot(snapshot)),
        () => undefined,
      ),

    newId: newDocumentId,

    // Walks every collection with listCollections/listDocuments: one request per document, so it
    // is meant for tests and small data sets, never for a request path.
    exportAll: () =>
      mapped(async () => {
        const all = await collect(await firestore.listCollections());
        return all.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      }),

    close: () => firestore.terminate(),
  };
}
