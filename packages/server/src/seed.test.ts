import { openPgliteStore } from './store/pglite';
import type { DocumentStore } from './store/port';
import { DEMO_TENANT_ID, seedDemoTenant } from './seed';

let store: DocumentStore;

beforeEach(async () => {
  store = await openPgliteStore();
});

afterEach(() => store.close());

it('creates the demo publisher tenant on an empty database', async () => {
  expect(await seedDemoTenant(store, new Date('2025-03-01T09:00:00.000Z'))).toEqual({ created: true });
  expect(await store.get(`tenants/${DEMO_TENANT_ID}`)).toMatchObject({
    data: {
      name: 'Demo Publisher Business Network',
      createdBy: 'system',
      getStarted: true,
      toolkit: 'quickscan',
      createdAt: '2025-03-01T09:00:00.000Z',
    },
  });
});

it('changes nothing when run again, even when the tenant was edited since', async () => {
  await seedDemoTenant(store, new Date('2025-03-01T09:00:00.000Z'));
  await store.update(`tenants/${DEMO_TENANT_ID}`, { name: 'Renamed by an admin', stripeCustomerId: 'cus_1' });
  const before = await store.exportAll();

  expect(await seedDemoTenant(store, new Date('2025-04-01T09:00:00.000Z'))).toEqual({ created: false });
  expect(await store.exportAll()).toEqual(before);
});
