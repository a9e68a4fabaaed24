// Rules both adapters share, so that a write or query Firestore refuses is refused locally too,
// with the same StoreError, before it reaches either backend.
import { randomInt } from 'node:crypto';
import { isStorable } from '@toolkit/domain';
import { isFieldTransform, StoreError, type DocData, type QuerySpec } from './port';

/** A plain object (a Firestore map), as opposed to arrays, Dates, transforms and class instances. */
export function isMap(value: unknown): value is DocData {
  if (typeof value !== 'object' || value === null || isFieldTransform(value)) return false;
  // Compared structurally, not with Object.prototype: values cloned or parsed in another realm
  // (structuredClone, jest's sandbox) have another realm's Object.prototype.
  const proto = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/**
 * The longest document path, in UTF-8 bytes. Firestore allows 6 KiB, the embedded store's index
 * about 2.7 KB; no path the product makes comes near either.
 */
export const MAX_PATH_BYTES = 2048;

function segmentsOf(path: string, kind: 'document' | 'collection'): string[] {
  const segments = path.split('/');
  const parityOk = kind === 'document' ? segments.length % 2 === 0 : segments.length % 2 === 1;
  if (!parityOk || segments.some((segment) => segment === '')) {
    throw new StoreError('invalid-argument', `"${path}" is not a valid ${kind} path.`);
  }
  // Refused per write, not in the statement the embedded store shares with other commits. A UTF-16
  // unit is at most 3 UTF-8 bytes, so only a long path needs counting.
  const tooLong = path.length * 3 > MAX_PATH_BYTES && Buffer.byteLength(path) > MAX_PATH_BYTES;
  if (tooLong || !isStorable(path)) {
    throw new StoreError(
      'invalid-argument',
      `A ${kind} path must be at most ${MAX_PATH_BYTES} bytes, without NUL or broken Unicode.`,
    );
  }
  return segments;
}

/** Splits a document path into its collection path and id, refusing collection paths. */
export function splitDocumentPath(path: string): { parent: string; id: string } {
  const segments = segmentsOf(path, 'document');
  return { parent: segments.slice(0, -1).join('/'), id: segments[segments.length - 1]! };
}

export function checkCollectionPath(path: string): void {
  segmentsOf(path, 'collection');
}

/** "questions.q1" → ["questions", "q1"]: the dotted field paths of `update`, `where` and `orderBy`. */
export function fieldSegments(fieldPath: string): string[] {
  const segments = fieldPath.split('.');
  if (segments.some((segment) => segment === '')) {
    throw new StoreError('invalid-argument', `"${fieldPath}" is not a valid field path.`);
  }
  return segments;
}

export type WriteMode = 'set' | 'merge' | 'update';

// Firestore reserves field names like __name__; refusing them also keeps "__proto__" out of merges.
const RESERVED_FIELD = /^__.*__$/;

function checkFieldName(name: string, field: string): void {
  if (!isStorable(name)) {
    throw new StoreError('invalid-argument', `Field "${field}": a name cannot hold NUL or broken Unicode.`);
  }
  if (RESERVED_FIELD.test(name)) {
    throw new StoreError('invalid-argument', `Field "${field}": names of the form __name__ are reserved.`);
  }
}

/**
 * Refuses what Firestore refuses: undefined values, reserved field names, transforms inside
 * arrays, and FieldValue.delete() anywhere but in set-with-merge or at the top level of update.
 */
export function checkWrite(mode: WriteMode, data: DocData): void {
  const visit = (value: unknown, field: string, topLevel: boolean, insideArray: boolean): void => {
    if (value === undefined) {
      throw new StoreError('invalid-argument', `Field "${field}" is undefined; leave it out or use null.`);
    }
    if (isFieldTransform(value)) {
      if (insideArray) {
        throw new StoreError(
          'invalid-argument',
          `Field "${field}": FieldValue transforms cannot be used inside arrays.`,
        );
      }
      const deleteAllowed = mode === 'merge' || (mode === 'update' && topLevel);
      if (value.__transform === 'delete' && !deleteAllowed) {
        throw new StoreError(
          'invalid-argument',
          `Field "${field}": FieldValue.delete() only works in set with merge or at the top level of update.`,
        );
      }
      if ('values' in value) value.values.forEach((item, i) => visit(item, `${field}[${i}]`, false, true));
      return;
    }
    if (typeof value === 'string' && !isStorable(value)) {
      throw new StoreError('invalid-argument', `Field "${field}" holds NUL or broken Unicode.`);
    }
    if (Array.isArray(value)) value.forEach((item, i) => visit(item, `${field}[${i}]`, false, true));
    else if (isMap(value)) {
      for (const [key, child] of Object.entries(value)) {
        checkFieldName(key, `${field}.${key}`);
        visit(child, `${field}.${key}`, false, insideArray);
      }
    }
  };
  for (const [key, value] of Object.entries(data)) {
    for (const name of mode === 'update' ? fieldSegments(key) : [key]) checkFieldName(name, key);
    visit(value, key, true, false);
  }
}

/** Firestore's limits on `in` (a non-empty list of at most 30 values) and on `limit`. */
export function checkQuery(spec: QuerySpec): void {
  for (const [field, op, value] of spec.where ?? []) {
    fieldSegments(field);
    if (op === 'in' && (!Array.isArray(value) || value.length === 0 || value.length > 30)) {
      throw new StoreError(
        'invalid-argument',
        `The "in" filter on "${field}" needs a list of 1 to 30 values.`,
      );
    }
  }
  for (const [field] of spec.orderBy ?? []) fieldSegments(field);
  if (spec.startAfter !== undefined) splitDocumentPath(`cursor/${spec.startAfter}`);
  if (spec.limit !== undefined && (!Number.isInteger(spec.limit) || spec.limit < 0)) {
    throw new StoreError('invalid-argument', `The query limit must be a whole number of 0 or more.`);
  }
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 20 random alphanumerics, as Firestore's auto ids. */
export function newDocumentId(): string {
  let id = '';
  for (let i = 0; i < 20; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

/** Raised when a transaction's work reads after it has written (Firestore forbids it). */
export const readAfterWrite = () =>
  new StoreError('invalid-argument', 'A transaction must do all its reads before its first write.');
