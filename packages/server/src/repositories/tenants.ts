// The tenant record (createdBy, getStarted, stripeCustomerId) and its organisation profile.
import type { DocumentStore } from '../store/port';
import { paths } from './paths';

export interface TenantRecord {
  id: string;
  createdBy: string;
  getStarted: boolean;
  name: string;
  toolkit: string | null;
  stripeCustomerId: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export async function getTenant(store: DocumentStore, tenantId: string): Promise<TenantRecord | null> {
  const { data } = await store.get(paths.tenant(tenantId));
  if (!data) return null;
  return {
    id: tenantId,
    createdBy: text(data.createdBy) ?? '',
    getStarted: data.getStarted === true,
    name: text(data.name) ?? '',
    toolkit: text(data.toolkit),
    stripeCustomerId: text(data.stripeCustomerId),
  };
}
