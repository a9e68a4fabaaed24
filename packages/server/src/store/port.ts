// The DocumentStore port (docs/architecture.md, Server layers): a small subset of Firestore's model,
// addressed by the document paths of repositories/paths.ts, with one adapter on PGlite and one on firebase-admin.

export type DocData = { [field: string]: unknown };

/** Write-time transforms, resolved by the adapter (Firestore's FieldValue equivalents). */
export type FieldTransform =
  | { readonly __transform: 'serverTimestamp' }
  | { readonly __transform: 'arrayUnion'; readonly values: readonly unknown[] }
  | { readonly __transform: 'arrayRemove'; readonly values: readonly unknown[] }
  | { readonly __transform: 'increment'; readonly by: number }
  | { readonly __transform: 'delete' };

export const FieldValue = {
  /** The store's current time; read back as an ISO-8601 string. */
  serverTimestamp: (): FieldTransform => ({ __transform: 'serverTimestamp' }),
  arrayUnion: (...values: unknown[]): FieldTransform => ({ __transform: 'arrayUnion', values }),
  arrayRemove: (...values: unknown[]): FieldTransform => ({ __transform: 'arrayRemove', values }),
  increment: (by: number): FieldTransform => ({ __transform: 'increment', by }),
  delete: (): FieldTransform => ({ __transform: 'delete' }),
};

export function isFieldTransform(value: unknown): value is FieldTransform {
  return typeof value === 'object' && value !== null && '__transform' in value;
}

export interface DocSnapshot {
  /** The last path segment. */
  id: string;
  /** The full document path, e.g. tenants/t1/users/u1. */
  path: string;
  /** null when the document does not exist. Timestamps read back as ISO-8601 strings. */
  data: DocData | null;
}

/**
 * As in Firestore: a range compares only values of the field's type (a number never matches a
 * string bound; a Date bound matches timestamps); 'array-contains' matches an array holding the value.
 * Documents without the field are left out.
 */
export type WhereOp = '==' | 'in' | '<' | '<=' | '>' | '>=' | 'array-contains';

export interface QuerySpec {
  where?: readonly (readonly [field: string, op: WhereOp, value: unknown])[];
  orderBy?: readonly (readonly [field: string, direction: 'asc' | 'desc'])[];
  /**
   * The id of a document of this collection: the results continue after it in the query's order
   * (a page's last id gives the next page). A document that does not exist is refused.
   */
  startAfter?: string;
  limit?: number;
}

/** Reads and writes inside one transaction; every read comes before the first write (as in Firestore). */
export interface StoreTransaction {
  get(path: string): Promise<DocSnapshot>;
  /** Several documents in one round trip, in the order of `paths`. */
  getAll(paths: readonly string[]): Promise<DocSnapshot[]>;
  query(collectionPath: string, spec?: QuerySpec): Promise<DocSnapshot[]>;
  set(path: string, data: DocData, options?: { merge?: boolean }): void;
  /** Fails with StoreError 'not-found' at commit when the document does not exist. */
  update(path: string, data: DocData): void;
  /** Fails with StoreError 'already-exists' at commit when the document exists. */
  create(path: string, data: DocData): void;
  delete(path: string): void;
}

export interface DocumentStore {
  get(path: string): Promise<DocSnapshot>;
  /**
   * Replaces the document, or with merge deep-merges maps into it. Field keys are literal; in
   * `update` a dotted key ("questions.q1") addresses a nested field.
   */
  set(path: string, data: DocData, options?: { merge?: boolean }): Promise<void>;
  update(path: string, data: DocData): Promise<void>;
  create(path: string, data: DocData): Promise<void>;
  /** Adds a document with a new random id to the collection and returns the id. */
  add(collectionPath: string, data: DocData): Promise<string>;
  delete(path: string): Promise<void>;
  /** The direct children of a collection, filtered, ordered and limited. */
  query(collectionPath: string, spec?: QuerySpec): Promise<DocSnapshot[]>;
  /**
   * How many documents the query matches (Firestore's count aggregation): `startAfter` and `limit`
   * apply, and reading no document, it costs what the index entries cost.
   */
  count(collectionPath: string, spec?: QuerySpec): Promise<number>;
  /** Runs `work` atomically; retried on contention by the adapter. */
  transaction<T>(work: (tx: StoreTransaction) => Promise<T>): Promise<T>;
  /**
   * Reports the document now and after every committed change, until the returned function is
   * called: the live subscriptions (the tenant user profile).
   */
  watch(path: string, listener: (snapshot: DocSnapshot) => void): () => void;
  /** A new random document id (20 characters, as Firestore's). */
  newId(): string;
  /** Every document, sorted by path: used by tests to prove a refused request changed nothing. */
  exportAll(): Promise<DocSnapshot[]>;
  close(): Promise<void>;
}

export type StoreErrorCode = 'not-found' | 'already-exists' | 'aborted' | 'invalid-argument';

export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}

/** A query's `startAfter` names a document that does not exist (a caller's page is gone). */
export class MissingCursor extends StoreError {
  constructor(readonly cursor: string) {
    super(
      'invalid-argument',
      `The query cannot start after "${cursor}": no such document in the collection.`,
    );
    this.name = 'MissingCursor';
  }
}
