// Word of writes to whoever watches: a document's watchers get its new state, a collection's
// writers the paths written in it. The embedded store is its database's only writer, so every
// change passes through here after its commit is stored.
import type { DocSnapshot } from '../port';
import { splitDocumentPath } from '../fields';

export type Listener = (snapshot: DocSnapshot) => void;

const parentOf = (path: string) => path.slice(0, path.lastIndexOf('/'));

export class ChangeFeed {
  /** `watch` listeners by document path. */
  private readonly watchers = new Map<string, Set<Listener>>();
  private readonly collectionWriters = new Map<string, Set<(paths: string[]) => void>>();

  constructor(
    /** The document as the store reads it now (queued behind every operation before it). */
    private readonly read: (path: string) => Promise<DocSnapshot>,
  ) {}

  /** Tells the watchers of these paths what the documents now hold. */
  changed(paths: readonly string[]): void {
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
      this.read(path).then(
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
    this.read(path).then(
      (snapshot) => listeners.has(listener) && listener(snapshot),
      () => undefined,
    );
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.watchers.get(path) === listeners) this.watchers.delete(path);
    };
  }
}
