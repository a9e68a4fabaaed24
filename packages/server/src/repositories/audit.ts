// The tenant's audit trail (tenants/{tenant}/audit/{id}): who changed what, written in the same
// transaction as the change, so no change goes unrecorded and no entry records a change that failed.
import { FieldValue, type StoreTransaction } from '../store/port';
import { newDocumentId } from '../store/fields';
import { paths } from './paths';

export interface AuditEntry {
  actorUid: string;
  /** What happened, e.g. 'result.excluded'. */
  kind: string;
  subject: { type: string; id: string };
  before: unknown;
  after: unknown;
  /** Why, when the person said. */
  reason?: string | null;
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
