// A write as the embedded store commits it, and what it makes of a document: computed in
// TypeScript (apply.ts), so the database only stores the result.
import { applyMerge, applySet, applyUpdate } from '../apply';
import { checkWrite, splitDocumentPath } from '../fields';
import { StoreError, type DocData } from '../port';

export type Write =
  | { kind: 'set'; path: string; data: DocData; merge: boolean }
  | { kind: 'update'; path: string; data: DocData }
  | { kind: 'create'; path: string; data: DocData }
  | { kind: 'delete'; path: string };

/** Throws the StoreError Firestore would give for this write's path or data. */
export function check(write: Write): void {
  splitDocumentPath(write.path);
  if (write.kind === 'update') checkWrite('update', write.data);
  else if (write.kind !== 'delete')
    checkWrite(write.kind === 'set' && write.merge ? 'merge' : 'set', write.data);
}

/** Whether the write's result depends on the document as it is. */
export const needsExisting = (write: Write) =>
  write.kind !== 'delete' && !(write.kind === 'set' && !write.merge);

/** The document after the write (null: deleted), or the StoreError Firestore would give. */
export function nextState(write: Write, existing: DocData | null, now: string): DocData | null {
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
