import type { DocumentStore } from './store/port';
import { DEMO_TENANT_ID, PUBLISHERS, seedPublisherOwners, seedPublisherTenants } from './seed';
import { openTestStore, startTestEnv, type TestEnv } from './testing';

describe('seedPublisherTenants', () => {
  let store: DocumentStore;

  beforeEach(async () => {
    store = await openTestStore();
  });

  afterEach(() => store.close());

  it('creates both publisher tenants on an empty database', async () => {
    expect(await seedPublisherTenants(store, new Date('2025-03-01T09:00:00.000Z'))).toEqual({
      created: ['demo-publisher', 'coastal-council'],
    });
    expect(await store.get(`tenants/${DEMO_TENANT_ID}`)).toMatchObject({
      data: {
        name: 'Demo Publisher Business Network',
        createdBy: 'system',
        getStarted: true,
        toolkit: 'quickscan',
        createdAt: '2025-03-01T09:00:00.000Z',
      },
    });
    expect((await store.get('tenants/coastal-council')).data).toMatchObject({ toolkit: 'coastal' });
  });

  it('changes nothing when run again, even when a tenant was edited since', async () => {
    await seedPublisherTenants(store, new Date('2025-03-01T09:00:00.000Z'));
    await store.update(`tenants/${DEMO_TENANT_ID}`, {
      name: 'Renamed by an admin',
      stripeCustomerId: 'cus_1',
    });
    const before = await store.exportAll();

    expect(await seedPublisherTenants(store, new Date('2025-04-01T09:00:00.000Z'))).toEqual({ created: [] });
    expect(await store.exportAll()).toEqual(before);
  });
});

describe('seedPublisherOwners', () => {
  let env: TestEnv;

  beforeAll(async () => {
    env = await startTestEnv({});
  }, 120_000);

  afterAll(() => env?.stop(), 60_000);

  it('gives each publisher an owner who can sign in, once', async () => {
    await seedPublisherOwners(env.store, env.auth);
    for (const { tenantId, owner } of PUBLISHERS) {
      const account = (await env.auth.getUserByEmail(owner.email))!;
      expect(account.customClaims).toMatchObject({ tenantId, role: 'owner' });
      expect((await env.store.get(`tenants/${tenantId}/users/${account.uid}`)).data).toMatchObject({
        email: owner.email,
        role: 'owner',
        firstName: owner.firstName,
      });
    }
    const before = await env.store.exportAll();
    await seedPublisherOwners(env.store, env.auth);
    expect(await env.store.exportAll()).toEqual(before);
  });

  it('leaves a seeded owner whose role was changed since with that role', async () => {
    await seedPublisherOwners(env.store, env.auth);
    const { uid } = (await env.auth.getUserByEmail(PUBLISHERS[1]!.owner.email))!;
    await env.store.update(`tenants/coastal-council/users/${uid}`, { role: 'admin' });
    await seedPublisherOwners(env.store, env.auth);
    expect((await env.auth.getUser(uid))!.customClaims).toMatchObject({ role: 'admin' });
  });
});
