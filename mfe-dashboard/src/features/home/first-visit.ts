// Whether a person opens the dashboard for the first time: remembered in this browser by their uid,
// so "Welcome back" greets only someone who has been here before (docs/decisions.md).
import { useEffect } from 'react';
import { browserStorage } from '@toolkit/store-contract';

const visitedKey = (uid: string) => `toolkit:visited:${uid}`;

/** The people whose first visit is this page load: they keep the first greeting until the next load. */
const firstSeenNow = new Set<string>();

function visitedBefore(uid: string): boolean {
  if (firstSeenNow.has(uid)) return false;
  try {
    const storage = browserStorage();
    return storage !== null && storage.getItem(visitedKey(uid)) !== null;
  } catch {
    return false;
  }
}

/** True when `uid` was here in an earlier page load; false on the first, or where nothing can be remembered. */
export function useVisitedBefore(uid: string | null): boolean {
  const before = uid !== null && visitedBefore(uid);
  useEffect(() => {
    if (uid === null || before) return;
    firstSeenNow.add(uid);
    try {
      browserStorage()?.setItem(visitedKey(uid), new Date().toISOString());
    } catch {
      // Storage full or refused: the next visit is greeted as a first one again.
    }
  }, [uid, before]);
  return before;
}
