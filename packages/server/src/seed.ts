// The demo publisher tenant whose surveys the local content service serves (packages/content):
// created once on a fresh local database, never changed afterwards.
import type { DocumentStore } from './store/port';
import { paths } from './repositories/paths';

export const DEMO_TENANT_ID = 'demo-publisher';

export const DEMO_TENANT = {
  name: 'Demo Publisher Business Network',
  createdBy: 'system',
  getStarted: true,
  toolkit: 'quickscan',
} as const;

/** Creates the demo tenant when it is missing; an existing one (perhaps edited) is left as it is. */
export async function seedDemoTenant(store: DocumentStore, now = new Date()): Promise<{ created: boolean }> {
  const path = paths.tenant(DEMO_TENANT_ID);
  const created = await store.transaction(async (tx) => {
    if ((await tx.get(path)).data) return false;
    tx.create(path, { ...DEMO_TENANT, createdAt: now.toISOString() });
    return true;
  });
  return { created };
}
