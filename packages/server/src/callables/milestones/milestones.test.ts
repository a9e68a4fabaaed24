// milestones-set and milestones-list over the real Auth emulator, PGlite and the local content
// service; and the milestones that record product facts, set by the server where they happen.
import {
  API,
  HAND_TICKED_MILESTONES,
  MESSAGES,
  milestoneName,
  SERVER_ERRORS,
  SERVER_FACT_MILESTONES,
  type ApiResponses,
} from '@toolkit/domain';
import {
  errorOf,
  resultOf,
  snapshotStore,
  startTestEnv,
  type TestAccount,
  type TestEnv,
} from '../../testing';
import { paths } from '../../repositories/paths';

const PUBLISHER = 'demo-publisher';
const SURVEY = 'quickscan';

let env: TestEnv;
let admin: TestAccount;
let viewer: TestAccount;

beforeAll(async () => {
  env = await startTestEnv({ authPort: 9416, content: true });
  admin = await env.member('acme', 'admin');
  viewer = await env.member('acme', 'viewer');
}, 120_000);

afterAll(() => env?.stop(), 60_000);

const milestone = async (account: TestAccount, tenantId: string, id: string) =>
  (await env.store.get(paths.milestone(tenantId, account.uid, id))).data;

/** Starts the quickscan as `account`; completes it unless told not to. */
async function takeQuickscan(account: TestAccount, { complete = true } = {}) {
  const { resultId } = resultOf<ApiResponses[typeof API.startResult]>(
    await env.call(API.startResult, { tenantId: PUBLISHER, surveyId: SURVEY }, account.token),
  );
  resultOf(
    await env.call(
      API.saveAnswer,
      { tenantId: PUBLISHER, surveyId: SURVEY, resultId, questionId: 'energy-tracking', answer: 2, seq: 1 },
      account.token,
    ),
  );
  if (complete) {
    resultOf(
      await env.call(API.completeResult, { tenantId: PUBLISHER, surveyId: SURVEY, resultId }, account.token),
    );
  }
}

describe('milestones-set', () => {
  it('merges completed, who, when and "by hand" into the caller’s milestone that may be ticked by hand', async () => {
    const [byHand] = HAND_TICKED_MILESTONES;
    await env.store.set(paths.milestone('acme', viewer.uid, byHand), { id: byHand, note: 'kept' });
    expect(
      resultOf(await env.call(API.setMilestone, { milestoneId: byHand, completed: true }, viewer.token)),
    ).toEqual({ status: 'ok' });
    expect(await milestone(viewer, 'acme', byHand)).toEqual({
      id: byHand,
      note: 'kept',
      completed: true,
      completedBy: viewer.uid,
      completedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      byHand: true,
    });
  });

  it('refuses to tick or clear a milestone the server records, saying why, and writes nothing', async () => {
    const member = await env.member('acme', 'owner');
    await env.store.set(paths.milestone('acme', member.uid, 'invite-team'), {
      id: 'invite-team',
      completed: true,
    });
    const before = await snapshotStore(env.store);
    for (const milestoneId of SERVER_FACT_MILESTONES) {
      for (const completed of [true, false]) {
        expect(errorOf(await env.call(API.setMilestone, { milestoneId, completed }, member.token))).toEqual({
          status: 'PERMISSION_DENIED',
          message: SERVER_ERRORS.milestoneNotByHand(milestoneName(milestoneId)),
        });
      }
    }
    expect(await snapshotStore(env.store)).toBe(before);
    expect(SERVER_ERRORS.milestoneNotByHand(milestoneName('complete-quickscan'))).toBe(
      '"Complete the Quickscan" is ticked for you when you do it in the app, so it cannot be ticked or cleared by hand.',
    );
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
          { milestoneId: 'view-declaration-credential', completed: true },
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
        errorOf(
          await env.call(
            API.setMilestone,
            { milestoneId: 'view-declaration-credential', completed: true },
            token,
          ),
        ),
      ).toEqual({ status: 'PERMISSION_DENIED', message: SERVER_ERRORS.milestonesNeedAccount });
    }
  });
});

describe('milestones the server records where they happen', () => {
  it('view-results: the Results page is opened with a completed result to show', async () => {
    const member = await env.member('tenant-results', 'viewer');
    const openResults = () => env.call(API.listLatestResults, { opened: true }, member.token);
    resultOf(await openResults());
    expect(await milestone(member, 'tenant-results', 'view-results')).toBeNull();
    await takeQuickscan(member, { complete: false });
    resultOf(await openResults());
    expect(await milestone(member, 'tenant-results', 'view-results')).toBeNull();

    await takeQuickscan(member);
    resultOf(await env.call(API.listLatestResults, null, member.token));
    expect(await milestone(member, 'tenant-results', 'view-results')).toBeNull();
    resultOf(await openResults());
    expect(await milestone(member, 'tenant-results', 'view-results')).toMatchObject({
      completed: true,
      completedBy: member.uid,
    });
  });

  it('download-actions: the priorities are served for a file, not before there are any', async () => {
    const owner = await env.member('tenant-download', 'owner');
    const download = () => env.call(API.getBenchmark, { surveyId: SURVEY, downloading: true }, owner.token);
    expect(resultOf<ApiResponses[typeof API.getBenchmark]>(await download()).priorities).toEqual([]);
    expect(await milestone(owner, 'tenant-download', 'download-actions')).toBeNull();

    await takeQuickscan(owner);
    expect(resultOf<ApiResponses[typeof API.getBenchmark]>(await download()).priorities).not.toEqual([]);
    expect(await milestone(owner, 'tenant-download', 'download-actions')).toMatchObject({
      completed: true,
      completedBy: owner.uid,
    });
  });

  it('a tick by hand becomes a recorded fact once the server sees it happen', async () => {
    const member = await env.member('tenant-hand', 'viewer');
    resultOf(
      await env.call(
        API.setMilestone,
        { milestoneId: 'view-declaration-credential', completed: true },
        member.token,
      ),
    );
    expect(await milestone(member, 'tenant-hand', 'view-declaration-credential')).toMatchObject({
      byHand: true,
    });
    await env.store.set(paths.tenantCredential('tenant-hand', 'credential-1'), { token: 'x' });
    resultOf(await env.call(API.openCredential, { credentialId: 'credential-1' }, member.token));
    const recorded = await milestone(member, 'tenant-hand', 'view-declaration-credential');
    expect(recorded).toMatchObject({ completed: true, completedBy: member.uid });
    expect(recorded).not.toHaveProperty('byHand');
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
    expect(result.milestones[viewer.uid]).toContainEqual({
      id: 'view-declaration-credential',
      completed: true,
    });
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

  it('gives an empty list and logs a warning for a user whose milestones cannot be read', async () => {
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
