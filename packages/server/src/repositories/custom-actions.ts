// The organisation's own actions (custom-opportunities), oldest first.
import { ESG_TOPICS, LEVELS, type CustomAction } from '@toolkit/domain';
import type { DocumentStore } from '../store/port';
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
