// A member's questions to the experts of their organisation's toolkit
// (tenants/{t}/expertRequests/{id}), kept with what was sent and to whom.
import { FieldValue, type DocData, type StoreTransaction } from '../store/port';
import { paths } from './paths';

/** A new request, stored with the time it was made (fails at commit when the id is taken). */
export function createExpertRequest(
  tx: Pick<StoreTransaction, 'create'>,
  tenantId: string,
  requestId: string,
  request: DocData,
): void {
  tx.create(paths.expertRequest(tenantId, requestId), {
    ...request,
    createdAt: FieldValue.serverTimestamp(),
  });
}
