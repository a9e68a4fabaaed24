// The tenant's audit trail (tenants/{tenant}/audit/{id}): who changed what, written in the same
// transaction as the change, so no change goes unrecorded and no entry records a change that failed.
// Entries are only ever created: no callable updates or deletes one, and the rules refuse clients.
import { isAuditKind, type AuditKind, type AuditState, type AuditSubject } from '@toolkit/domain';
import { FieldValue, type DocumentStore, type QuerySpec, type StoreTransaction } from '../store/port';
import { newDocumentId } from '../store/fields';
import { record, text, textOrNull } from './decode';
import { paths } from './paths';

export interface AuditEntry {
  actorUid: string;
  kind: AuditKind;
  subject: AuditSubject;
  /** The changed values only (a plain map), never a secret; null when there was none (before an invite). */
  before: object | null;
  after: object | null;
  /** Why, when the person said. */
  reason?: string | null;
}

/** An entry as stored, with its id and time. */
export interface StoredAuditEntry extends Required<Omit<AuditEntry, 'before' | 'after'>> {
  id: string;
  at: string;
  before: AuditState;
  after: AuditState;
}

export const auditCollection = (tenantId: string) => `${paths.tenant(tenantId)}/audit`;

export function recordAudit(tx: Pick<StoreTransaction, 'create'>, tenantId: string, entry: AuditEntry): void {
  tx.create(`${auditCollection(tenantId)}/${newDocumentId()}`, {
    at: FieldValue.serverTimestamp(),
    actorUid: entry.actorUid,
    kind: entry.kind,
    subject: entry.subject,
    before: entry.before,
    after: entry.after,
    reason: entry.reason ?? null,
  });
}

/**
 * The fields `after` changes, before and after (compared as JSON); null when none changes, so an
 * unchanged save records nothing.
 */
export function changedFields(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  if (keys.length === 0) return null;
  const pick = (values: Readonly<Record<string, unknown>>) =>
    Object.fromEntries(keys.map((key) => [key, values[key] ?? null]));
  return { before: pick(before), after: pick(after) };
}

const stateOf = (value: unknown): AuditState =>
  value === null || value === undefined ? null : record(value);

export interface AuditPage {
  kind?: AuditKind | undefined;
  /** The previous page's `next`. */
  cursor?: string | undefined;
  limit: number;
}

/** The query of one page: firestore.indexes.json declares the index of each shape (kind ==, at desc). */
export const auditPageSpec = (page: AuditPage): QuerySpec => ({
  where: page.kind ? [['kind', '==', page.kind]] : [],
  orderBy: [['at', 'desc']],
  limit: page.limit,
  ...(page.cursor === undefined ? {} : { startAfter: page.cursor }),
});

/**
 * One page of the trail, newest first, of one kind or every kind. `next` continues after the last
 * entry read; null once there are no more. An entry of a kind this version does not know is left out.
 */
export async function listAudit(
  store: DocumentStore,
  tenantId: string,
  page: AuditPage,
): Promise<{ entries: StoredAuditEntry[]; next: string | null }> {
  const read = await store.query(auditCollection(tenantId), auditPageSpec(page));
  const entries = read.flatMap(({ id, data }): StoredAuditEntry[] => {
    if (!data || !isAuditKind(data.kind)) return [];
    const subject = record(data.subject);
    return [
      {
        id,
        at: text(data.at),
        actorUid: text(data.actorUid),
        kind: data.kind,
        subject: { type: text(subject.type), id: text(subject.id) },
        before: stateOf(data.before),
        after: stateOf(data.after),
        reason: textOrNull(data.reason),
      },
    ];
  });
  return { entries, next: read.length < page.limit ? null : read[read.length - 1]!.id };
}
