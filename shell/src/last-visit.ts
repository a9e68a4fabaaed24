// What the signed-in member's organisation was on this device's last visit: its kind and the
// surveys it publishes, which the catalogue tells a round trip after the session, and whether the
// member's role viewed insights. On the next visit the early slide asks the first screen's reads
// from it before the app has downloaded (signed-in-start.ts), and the app starts the reads of the
// kind last seen until the catalogue is in (first-reads.ts). A guess that no longer holds only costs
// reads nobody takes: the app asks those the catalogue and the token now call for itself.
import type { FirstScreenSession } from '@toolkit/domain/first-reads';

const KEY = 'toolkit:last-visit';

export interface LastVisit {
  uid: string;
  tenantId: string;
  kind: 'business' | 'publisher';
  published: string[];
  viewsInsights: boolean;
}

/** The last visit of member `uid` of organisation `tenantId`; null for anyone else's. */
export function lastVisit(storage: Storage | null, uid: string, tenantId: string): LastVisit | null {
  try {
    const value: unknown = JSON.parse(storage?.getItem(KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const last = value as Partial<LastVisit>;
    const valid =
      last.uid === uid &&
      last.tenantId === tenantId &&
      (last.kind === 'business' || last.kind === 'publisher') &&
      Array.isArray(last.published) &&
      last.published.every((id) => typeof id === 'string') &&
      typeof last.viewsInsights === 'boolean';
    return valid ? (last as LastVisit) : null;
  } catch {
    return null;
  }
}

export function keepLastVisit(storage: Storage | null, visit: LastVisit): void {
  try {
    const value = JSON.stringify(visit);
    if (storage?.getItem(KEY) !== value) storage?.setItem(KEY, value);
  } catch {
    // A device that keeps nothing starts each visit's reads with the catalogue.
  }
}

/** Forgets the last visit: a device signed out of keeps nothing of the organisation. */
export function forgetLastVisit(storage: Storage | null): void {
  try {
    storage?.removeItem(KEY);
  } catch {
    // Nothing was kept on a device that keeps nothing.
  }
}

/** The first screen's session as the last visit left it, for `today`. */
export const sessionOfLastVisit = (
  visit: LastVisit,
  addressQuery: string,
  today: Date,
): FirstScreenSession => ({
  tenantId: visit.tenantId,
  viewsInsights: visit.viewsInsights,
  kind: visit.kind,
  published: visit.published,
  addressQuery,
  today,
});
