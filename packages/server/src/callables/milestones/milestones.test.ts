import { API, MESSAGES } from '@toolkit/domain';
import {
  errorOf,
  resultOf,
  snapshotStore,
  startTestEnv,
  type TestAccount,
  type TestEnv,
} from '../../testing';
import { paths } from '../../repositories/paths';

let env: TestEnv;
let admin: TestAccount;
let viewer: TestAccount;

beforeAll(async () => {
  env = await startTestEnv({ authPort: 9416 });
  admin = await env.member('acme', 'admin');
  viewer = await env.member('acme', 'viewer');
}, 120_000);

afterAll(() => env?.stop(), 60_000);

describe('milestones-set', () => {
  it('merges completed, who and when into the caller’s milestone', async () => {
    await env.store.set(paths.milestone('acme', viewer.uid, 'view-results'), {
      id: 'view-results',
      note: 'kept',
    });
    expect(
      resultOf(
        await env.call(API.setMilestone, { milestoneId: 'view-results', completed: true }, viewer.token),
      ),
    ).toEqual({ status: 'ok' });
    expect((await env.store.get(paths.milestone('acme', viewer.uid, 'view-results'))).data).toEqual({
      id: 'view-results',
      note: 'kept',
      completed: true,
      completedBy: viewer.uid,
      completedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('says "User not authenticated" without a signed-in user', async () => {
    const before = await snapshotStore(env.store);
    expect(errorOf(await env.call(API.setMilestone, { milestoneId: 'sign-up', completed: true }))).toEqual({
      status: 'UNAUTHENTICATED',
      message: MESSAGES.userNotAuthenticated,
    });
    expect(await snapshotStore(env.store)).toBe(before);
  });

  it('trusts no tenant claim without membership in that tenant, and writes nothing', async () => {
    const outsider = await env.account({ claims: { tenantId: 'acme', role: 'owner' } });
    const before = await snapshotStore(env.store);
    expect(
      errorOf(
        await env.call(
          API.setMilestone,
          { milestoneId: 'complete-quickscan', completed: true },
          outsider.token,
        ),
      ),
    ).toEqual({ status: 'PERMISSION_DENIED', message: MESSAGES.notAMember });
    expect(await snapshotStore(env.store)).toBe(before);
  });

  it('refuses accounts without a tenant and anonymous sessions', async () => {
    const loner = await env.account();
    const anonymous = await env.anonymous();
    for (const token of [loner.token, anonymous.token]) {
      expect(
        errorOf(await env.call(API.setMilestone, { milestoneId: 'sign-up', completed: true }, token)).status,
      ).toBe('PERMISSION_DENIED');
    }
  });
});

describe('milestones-list', () => {
  it('lists the caller’s own milestones by default', async () => {
    await env.store.set(paths.milestone('acme', admin.uid, 'invite-team'), {
      id: 'invite-team',
      completed: true,
    });
    expect(resultOf(await env.call(API.listMilestones, {}, admin.token))).toEqual({
      milestones: { [admin.uid]: [{ id: 'invite-team', completed: true }] },
    });
  });

  it('lists other users of the tenant for a user manager', async () => {
    const result = resultOf<{ milestones: Record<string, unknown[]> }>(
      await env.call(API.listMilestones, { userIds: [admin.uid, viewer.uid] }, admin.token),
    );
    expect(Object.keys(result.milestones)).toEqual([admin.uid, viewer.uid]);
    expect(result.milestones[viewer.uid]).toContainEqual({ id: 'view-results', completed: true });
  });

  it('refuses other users without the manage-users permission, and users outside the tenant', async () => {
    expect(errorOf(await env.call(API.listMilestones, { userIds: [admin.uid] }, viewer.token)).status).toBe(
      'PERMISSION_DENIED',
    );
    const stranger = await env.member('globex', 'owner');
    expect(errorOf(await env.call(API.listMilestones, { userIds: [stranger.uid] }, admin.token)).status).toBe(
      'NOT_FOUND',
    );
  });

  it('gives an empty list and logs a warning for a user whose milestones cannot be read (SPEC §7)', async () => {
    const broken = await env.member('acme', 'viewer');
    // The real store, failing for one user's collection as a storage error would.
    const { store } = env.deps;
    const failing = new Proxy(store, {
      get(target, property) {
        if (property === 'query') {
          return (collection: string, spec?: Parameters<typeof store.query>[1]) =>
            collection === paths.milestones('acme', broken.uid)
              ? Promise.reject(new Error('disk unavailable'))
              : target.query(collection, spec);
        }
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const { createRouter } = await import('../../api/router');
    const { listMilestones } = await import('./list');
    const router = createRouter({ ...env.deps, store: failing }, [listMilestones]);
    const response = await router.call(
      API.listMilestones,
      { data: { userIds: [admin.uid, broken.uid] } },
      `Bearer ${admin.token}`,
    );
    expect(resultOf<{ milestones: Record<string, unknown[]> }>(response).milestones).toEqual({
      [admin.uid]: [{ id: 'invite-team', completed: true }],
      [broken.uid]: [],
    });
    expect(env.logs).toContainEqual(
      expect.stringContaining(`could not read the milestones of ${broken.uid}`),
    );
  });
});
