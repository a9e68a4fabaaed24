// How a write changes a stored document, with Firestore's semantics, for adapters that store
// plain JSON (PGlite). Values are already checked by checkWrite.
import { isFieldTransform, type DocData, type FieldTransform } from './port';
import { fieldSegments, isMap } from './fields';

const DELETE = Symbol('delete');

/** Deep equality of stored values; maps compare by key set, so key order does not matter. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  }
  if (isMap(a) && isMap(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length && keys.every((key) => key in b && sameValue(a[key], b[key]))
    );
  }
  return false;
}

/** What JSON storage keeps: Dates become ISO strings, as timestamps read back from Firestore. */
export function toStored(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(toStored);
  if (isMap(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toStored(v)]));
  return value;
}

function resolveTransform(transform: FieldTransform, current: unknown, now: string): unknown {
  switch (transform.__transform) {
    case 'serverTimestamp':
      return now;
    case 'increment':
      // Firestore replaces a non-numeric or missing field with the operand.
      return typeof current === 'number' ? current + transform.by : transform.by;
    case 'arrayUnion': {
      const result = Array.isArray(current) ? [...current] : [];
      for (const value of transform.values.map(toStored)) {
        if (!result.some((item) => sameValue(item, value))) result.push(value);
      }
      return result;
    }
    case 'arrayRemove': {
      const removed = transform.values.map(toStored);
      return Array.isArray(current) ? current.filter((item) => !removed.some((r) => sameValue(item, r))) : [];
    }
    case 'delete':
      return DELETE;
  }
}

/**
 * The new value of a field written as `value` over `current`: maps merge key by key into the
 * current map (set-with-merge; with no current value this is a plain set), transforms apply to the
 * current value, anything else replaces it.
 */
function mergeValue(value: unknown, current: unknown, now: string): unknown {
  if (isFieldTransform(value)) return resolveTransform(value, current, now);
  // A nested empty map is a leaf: it replaces the field, as in Firestore.
  if (!isMap(value) || Object.keys(value).length === 0) return toStored(value);
  return mergeMap(value, current, now);
}

function mergeMap(value: DocData, current: unknown, now: string): DocData {
  const result: DocData = isMap(current) ? { ...current } : {};
  for (const [key, child] of Object.entries(value)) {
    const next = mergeValue(child, result[key], now);
    if (next === DELETE) delete result[key];
    else result[key] = next;
  }
  return result;
}

/** `set` without merge: the data replaces the document; transforms see no previous value. */
export function applySet(data: DocData, now: string): DocData {
  return mergeMap(data, undefined, now);
}

/** `set` with merge: maps are merged deeply into the existing document (or a new one). */
export function applyMerge(existing: DocData | null, data: DocData, now: string): DocData {
  return mergeMap(data, existing, now);
}

/**
 * `update`: each key is a dotted field path; the value at that path is replaced (a map value
 * replaces the whole map), intermediate maps are created, and transforms apply to the old value.
 */
export function applyUpdate(existing: DocData, data: DocData, now: string): DocData {
  const result = structuredClone(existing);
  for (const [fieldPath, value] of Object.entries(data)) {
    const segments = fieldSegments(fieldPath);
    const leaf = segments.pop()!;
    let parent: DocData | undefined = result;
    for (const segment of segments) {
      if (!isMap(parent[segment])) {
        if (isFieldTransform(value) && value.__transform === 'delete') {
          parent = undefined;
          break;
        }
        parent[segment] = {};
      }
      parent = parent[segment] as DocData;
    }
    if (!parent) continue;
    const next = isFieldTransform(value)
      ? resolveTransform(value, parent[leaf], now)
      : mergeValue(value, undefined, now);
    if (next === DELETE) delete parent[leaf];
    else parent[leaf] = next;
  }
  return result;
}
