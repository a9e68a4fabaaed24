// milestones-set, milestones-list and milestones-recordVisit over the real Auth emulator, PGlite and the local content
// service; the milestones that record product facts, set by the server where they happen; the
// milestones of stages 3 to 5, derived from what the organisation stored; all of them the organisation's.
import {
  API,
  DERIVED_MILESTONES,
  HAND_TICKED_MILESTONES,
  MESSAGES,
  milestoneName,
  SERVER_ERRORS,
  SERVER_FACT_MILESTONES,
  type ApiRequest,
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
import { listRecordedMilestones } from '../../repositories/milestones';
import { paths } from '../../repositories/paths';

const PUBLISHER = 'demo-publisher';
const SURVEY = 'quickscan';

let env: TestEnv;
let admin: TestAccount;
let viewer: TestAccount;

beforeAll(async () => {
  env = await startTestEnv({ content: true });
  admin = await env.member('acme', 'admin');
  viewer = await env.member('acme', 'viewer');
}, 120_000);

afterAll(() => env?.stop(), 60_000);

const milestone = async (tenantId: string, id: string) =>
  (await env.store.get(paths.organisationMilestone(tenantId, id))).data;

/** Starts the quickscan as `account` with `energy` (0-4) as its one answer; completes it unless told not to. */
async function takeQuickscan(account: TestAccount, { complete = true, energy = 2 } = {}) {
  const { resultId } = resultOf<ApiResponses[typeof API.startResult]>(
    await env.call(API.startResult, { tenantId: PUBLISHER, surveyId: SURVEY }, account.token),
  );
  resultOf(
    await env.call(
      API.saveAnswer,
      {
        tenantId: PUBLISHER,
        surveyId: SURVEY,
        resultId,
        questionId: 'energy-tracking',
        answer: energy,
        seq: 1,
      },
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
    await env.store.set(paths.organisationMilestone('acme', byHand), { id: byHand, note: 'kept' });
    expect(
      resultOf(await env.call(API.setMilestone, { milestoneId: byHand, completed: true }, viewer.token)),
    ).toEqual({ status: 'ok' });
    expect(await milestone('acme', byHand)).toEqual({
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
  const visit = (member: TestAccount, request: ApiRequest<typeof API.recordVisit>) =>
    env.call(API.recordVisit, request, member.token);

  it('view-results: the Results page is opened with a completed result to show', async () => {
    const member = await env.member('tenant-results', 'viewer');
    const openResults = () => visit(member, { visit: 'results' });
    expect(resultOf(await openResults())).toEqual({ recorded: false });
    expect(await milestone('tenant-results', 'view-results')).toBeNull();
    await takeQuickscan(member, { complete: false });
    expect(resultOf(await openResults())).toEqual({ recorded: false });
    expect(await milestone('tenant-results', 'view-results')).toBeNull();

    await takeQuickscan(member);
    // Reading the results records nothing: only the page's visit does.
    resultOf(await env.call(API.listLatestResults, null, member.token));
    expect(await milestone('tenant-results', 'view-results')).toBeNull();
    expect(resultOf(await openResults())).toEqual({ recorded: true });
    expect(await milestone('tenant-results', 'view-results')).toMatchObject({
      completed: true,
      completedBy: member.uid,
    });
  });

  it('view-insights: Insights opened by a member who may view them', async () => {
    const user = await env.member('tenant-insights', 'user');
    expect(errorOf(await visit(user, { visit: 'insights' }))).toMatchObject({ status: 'PERMISSION_DENIED' });
    expect(await milestone('tenant-insights', 'view-insights')).toBeNull();
    const owner = await env.member('tenant-insights', 'owner');
    resultOf(await env.call(API.getBenchmark, { surveyId: SURVEY }, owner.token));
    expect(await milestone('tenant-insights', 'view-insights')).toBeNull();
    expect(resultOf(await visit(owner, { visit: 'insights' }))).toEqual({ recorded: true });
    expect(await milestone('tenant-insights', 'view-insights')).toMatchObject({ completedBy: owner.uid });
  });

  it('download-actions: the priorities are downloaded, not before there are any', async () => {
    const owner = await env.member('tenant-download', 'owner');
    const download = () => visit(owner, { visit: 'priorities', surveyId: SURVEY });
    expect(resultOf(await download())).toEqual({ recorded: false });
    expect(await milestone('tenant-download', 'download-actions')).toBeNull();

    await takeQuickscan(owner);
    resultOf(await env.call(API.getBenchmark, { surveyId: SURVEY }, owner.token));
    expect(await milestone('tenant-download', 'download-actions')).toBeNull();
    expect(resultOf(await download())).toEqual({ recorded: true });
    expect(await milestone('tenant-download', 'download-actions')).toMatchObject({
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
    expect(await milestone('tenant-hand', 'view-declaration-credential')).toMatchObject({
      byHand: true,
    });
    await env.store.set(paths.tenantCredential('tenant-hand', 'credential-1'), { token: 'x' });
    resultOf(await env.call(API.openCredential, { credentialId: 'credential-1' }, member.token));
    const recorded = await milestone('tenant-hand', 'view-declaration-credential');
    expect(recorded).toMatchObject({ completed: true, completedBy: member.uid });
    expect(recorded).not.toHaveProperty('byHand');
  });
});

const listOf = async (account: TestAccount) =>
  resultOf<ApiResponses[typeof API.listMilestones]>(await env.call(API.listMilestones, {}, account.token))
    .milestones[account.uid]!;
const completedIds = async (account: TestAccount) =>
  (await listOf(account)).filter((record) => record.completed).map((record) => record.id);

describe('milestones-list', () => {
  it('lists the organisation’s milestones under the caller’s id by default; a member’s earlier record counts', async () => {
    // A record kept per member before milestones were the organisation's.
    await env.store.set(paths.milestone('acme', admin.uid, 'invite-team'), {
      id: 'invite-team',
      completed: true,
    });
    const { milestones } = resultOf<ApiResponses[typeof API.listMilestones]>(
      await env.call(API.listMilestones, {}, admin.token),
    );
    expect(Object.keys(milestones)).toEqual([admin.uid]);
    expect(milestones[admin.uid]).toContainEqual({ id: 'invite-team', completed: true });
    expect(milestones[admin.uid]).toContainEqual({ id: 'view-declaration-credential', completed: true });
  });

  it('lists other users of the tenant for a user manager: the same journey, the organisation’s', async () => {
    const result = resultOf<{ milestones: Record<string, unknown[]> }>(
      await env.call(API.listMilestones, { userIds: [admin.uid, viewer.uid] }, admin.token),
    );
    expect(Object.keys(result.milestones)).toEqual([admin.uid, viewer.uid]);
    expect(result.milestones[viewer.uid]).toContainEqual({
      id: 'view-declaration-credential',
      completed: true,
    });
    expect(result.milestones[viewer.uid]).toEqual(result.milestones[admin.uid]);
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

  it('gives empty lists and logs a warning when the organisation’s milestones cannot be read', async () => {
    const broken = await env.member('acme', 'viewer');
    // The real store, failing for one member's earlier records as a storage error would.
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
      [admin.uid]: [],
      [broken.uid]: [],
    });
    expect(env.logs).toContainEqual(expect.stringContaining('could not read the milestones of acme'));
  });
});

describe('the journey is the organisation’s', () => {
  it('what one member does ticks the milestone for every member, stored once for the organisation', async () => {
    const owner = await env.member('tenant-shared', 'owner');
    const member = await env.member('tenant-shared', 'viewer');
    await takeQuickscan(owner);
    expect(await completedIds(member)).toContain('complete-quickscan');
    // The member opens the results the owner completed: view-results is the organisation's too.
    resultOf(await env.call(API.recordVisit, { visit: 'results' }, member.token));
    expect(await completedIds(owner)).toEqual(expect.arrayContaining(['complete-quickscan', 'view-results']));
    expect(await milestone('tenant-shared', 'view-results')).toMatchObject({ completedBy: member.uid });
    expect(await env.store.query(paths.milestones('tenant-shared', member.uid))).toEqual([]);
  });

  it('counts each member’s earlier records: the organisation’s record decides, a tick by hand stays one', async () => {
    const owner = await env.member('tenant-earlier', 'owner');
    const colleague = await env.member('tenant-earlier', 'admin');
    await env.store.set(paths.milestone('tenant-earlier', owner.uid, 'update-organisation'), {
      id: 'update-organisation',
      completed: true,
    });
    await env.store.set(paths.milestone('tenant-earlier', colleague.uid, 'update-organisation'), {
      id: 'update-organisation',
      completed: false,
    });
    await env.store.set(paths.milestone('tenant-earlier', colleague.uid, 'view-declaration-credential'), {
      id: 'view-declaration-credential',
      completed: true,
      byHand: true,
    });
    const recorded = await listRecordedMilestones(env.store, 'tenant-earlier');
    expect(recorded).toContainEqual({ id: 'update-organisation', completed: true, byHand: false });
    expect(recorded).toContainEqual({ id: 'view-declaration-credential', completed: true, byHand: true });

    // The organisation's own record (here an untick by hand) overrides the members' earlier ones.
    resultOf(
      await env.call(
        API.setMilestone,
        { milestoneId: 'view-declaration-credential', completed: false },
        owner.token,
      ),
    );
    expect(await listOf(colleague)).toContainEqual({ id: 'view-declaration-credential', completed: false });
    expect(await listOf(colleague)).toContainEqual({ id: 'update-organisation', completed: true });
  });
});

describe('stages 3 to 5: derived from what the organisation stored', () => {
  const derived = async (account: TestAccount) =>
    (await listOf(account)).filter((record) => (DERIVED_MILESTONES as readonly string[]).includes(record.id));

  it('on the Free plan: nothing done, and the milestones of paid features name their plan', async () => {
    const owner = await env.member('tenant-free', 'owner');
    expect(await derived(owner)).toEqual(
      DERIVED_MILESTONES.map((id) => ({
        id,
        completed: false,
        ...(['materiality-assessed', 'own-action', 'result-verified'].includes(id)
          ? { outsidePlan: true }
          : {}),
      })),
    );
  });

  it('ticks each fact as the organisation’s members bring it about, whoever they are', async () => {
    const tenantId = 'tenant-facts';
    const owner = await env.member(tenantId, 'owner');
    const editor = await env.member(tenantId, 'editor');
    await env.onPlan(tenantId, 'leader');
    expect(await completedIds(owner)).not.toEqual(expect.arrayContaining(['second-assessment']));

    // Two completed Quickscans by two members, the second scoring higher.
    await takeQuickscan(owner, { energy: 1 });
    await takeQuickscan(editor, { energy: 4 });
    expect(await completedIds(owner)).toEqual(expect.arrayContaining(['second-assessment', 'score-rose']));

    // Half of the planned actions of the latest result done, planned by the owner, done by the editor.
    const { results } = resultOf<ApiResponses[typeof API.listLatestResults]>(
      await env.call(API.listLatestResults, null, owner.token),
    );
    const userResultId = results[0]!.userResultId;
    for (const actionId of ['track-energy-use', 'write-sustainability-policy']) {
      resultOf(await env.call(API.toggleActionPlan, { userResultId, actionId, selected: true }, owner.token));
    }
    expect(await completedIds(owner)).not.toContain('half-actions-done');
    resultOf(
      await env.call(
        API.updatePlannedAction,
        { userResultId, actionId: 'track-energy-use', status: 'done', owner: null, dueDate: null },
        editor.token,
      ),
    );
    expect(await completedIds(owner)).toContain('half-actions-done');

    expect(await completedIds(owner)).not.toContain('team-of-three');
    await env.member(tenantId, 'viewer');
    expect(await completedIds(owner)).toContain('team-of-three');

    await env.store.set(paths.materiality(tenantId), {
      ratings: { 'climate-change': { impact: 4, financial: 3 } },
    });
    await env.store.set(paths.customAction(tenantId, 'own-1'), { title: 'Cycle to work', createdAt: 'now' });
    const innovator = await completedIds(owner);
    expect(innovator).toEqual(expect.arrayContaining(['materiality-assessed', 'own-action']));
    expect((await listOf(owner)).filter((record) => record.outsidePlan)).toEqual([]);
  });

  it('a Leader’s credential is the re-signed declaration; shared from the Declaration screen it is shared', async () => {
    const tenantId = 'tenant-leader';
    const owner = await env.member(tenantId, 'owner');
    await env.store.set(paths.tenant(tenantId), {
      createdBy: owner.uid,
      declarationCredentialId: 'leader-1',
    });
    await env.store.set(paths.tenantCredential(tenantId, 'leader-1'), {
      token: 'x',
      stage: 'Leader',
      revokedAt: null,
    });
    expect(await completedIds(owner)).toContain('declaration-resigned');
    expect(await completedIds(owner)).not.toContain('leader-credential-shared');
    resultOf(await env.call(API.openCredential, { credentialId: 'leader-1' }, owner.token));
    expect(await completedIds(owner)).toEqual(
      expect.arrayContaining(['declaration-resigned', 'leader-credential-shared']),
    );
    // A revoked credential vouches for nothing.
    await env.store.set(
      paths.tenantCredential(tenantId, 'leader-1'),
      { revokedAt: '2026-01-01T00:00:00Z' },
      {
        merge: true,
      },
    );
    expect(await completedIds(owner)).not.toEqual(expect.arrayContaining(['declaration-resigned']));
  });
});
