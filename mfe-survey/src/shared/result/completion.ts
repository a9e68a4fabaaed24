/**
 * Wraps a one-time action (completing a result) so that a double click or a second call while it
 * runs shares the first run, and a success is never repeated. A failed run may be tried again.
 */
export function once<T>(run: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | null = null;
  return () => {
    current ??= run().catch((error: unknown) => {
      current = null;
      throw error;
    });
    return current;
  };
}
