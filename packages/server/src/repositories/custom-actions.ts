// The organisation's own actions (custom-opportunities), oldest first.
import { CUSTOM_ACTION_PREFIX, ESG_TOPICS, LEVELS, type CustomAction } from '@toolkit/domain';
import { FieldValue, type DocData, type DocumentStore, type StoreTransaction } from '../store/port';
import { oneOf, text } from './decode';
import { paths } from './paths';

export async function listCustomActions(store: DocumentStore, tenantId: string): Promise<CustomAction[]> {
  const snapshots = await store.query(paths.customActions(tenantId), { orderBy: [['createdAt', 'asc']] });
  return snapshots.map(({ id, data }) => ({
    id,
    title: text(data?.title),
    summary: text(data?.summary),
    topic: oneOf(ESG_TOPICS, data?.topic, 'GOVERNANCE'),
    effort: oneOf(LEVELS, data?.effort, 'MEDIUM'),
    impact: oneOf(LEVELS, data?.impact, 'MEDIUM'),
  }));
}

/** A new action of the organisation's own, under a new id. */
export async function createCustomAction(
  store: DocumentStore,
  tenantId: string,
  action: DocData,
  createdBy: string,
): Promise<void> {
  await store.create(paths.customAction(tenantId, `${CUSTOM_ACTION_PREFIX}${store.newId()}`), {
    ...action,
    createdBy,
    createdAt: FieldValue.serverTimestamp(),
  });
}

export async function customActionExists(
  reader: Pick<StoreTransaction, 'get'>,
  tenantId: string,
  actionId: string,
): Promise<boolean> {
  return (await reader.get(paths.customAction(tenantId, actionId))).data !== null;
}

export function updateCustomAction(
  tx: Pick<StoreTransaction, 'update'>,
  tenantId: string,
  actionId: string,
  action: DocData,
  updatedBy: string,
): void {
  tx.update(paths.customAction(tenantId, actionId), {
    ...action,
    updatedBy,
    updatedAt: FieldValue.serverTimestamp(),
  });
}

export function deleteCustomAction(
  tx: Pick<StoreTransaction, 'delete'>,
  tenantId: string,
  actionId: string,
): void {
  tx.delete(paths.customAction(tenantId, actionId));
}
