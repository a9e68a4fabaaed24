// The stored states of recently used documents. The embedded store is its database's only writer,
// so what it last stored or read of a document is what the database holds: a save reads nothing
// from the database, and a read of a recent document neither.
import type { DocData } from '../port';

/**
 * How much of the stored documents is kept in memory, in characters of their JSON: some 30,000
 * results of about a kilobyte, a busy day's respondents. A larger document than a 64th of it is
 * not kept.
 */
const CACHE_CHARS = 32 * 1024 * 1024;

/** Stored states (null: no such document) and their size, least recently used first. Never handed out uncopied. */
export class DocumentCache {
  private readonly entries = new Map<string, { data: DocData | null; chars: number }>();
  private chars = 0;

  /** The stored state if kept (undefined: not kept), now the most recently used. */
  take(path: string): { data: DocData | null } | undefined {
    const cached = this.entries.get(path);
    if (!cached) return undefined;
    // The most recently used last.
    this.entries.delete(path);
    this.entries.set(path, cached);
    return cached;
  }

  /** Keeps a stored state, `chars` the length of its JSON, as the most recently used. */
  remember(path: string, data: DocData | null, chars: number): void {
    this.forget(path);
    if (chars > CACHE_CHARS / 64) return;
    this.entries.set(path, { data, chars });
    this.chars += chars;
    for (const [oldest] of this.entries) {
      if (this.chars <= CACHE_CHARS) break;
      this.forget(oldest);
    }
  }

  private forget(path: string): void {
    const entry = this.entries.get(path);
    if (!entry) return;
    this.entries.delete(path);
    this.chars -= entry.chars;
  }
}
