import { API, SERVER_ERRORS } from '@toolkit/domain';
import { errorOf, resultOf, snapshotStore, startTestEnv, uniqueEmail, type TestEnv } from '../../testing';
import { paths } from '../../repositories/paths';
import { recordAddressProven } from '../../repositories/users';

let env: TestEnv;

beforeAll(async () => {
  env = await startTestEnv({});
}, 120_000);

afterAll(() => env?.stop(), 60_000);

const data = async (path: string) => (await env.store.get(path)).data;

describe('account-completeSignup', () => {
  it('makes the signed-up user owner of a new tenant, with every document and the claims', async () => {
    const email = uniqueEmail('Founder');
    const account = await env.account({ email, claims: { beta: true } });

    const result = resultOf<{ tenantId: string; created: boolean }>(
      await env.call(
        API.completeSignup,
        { toolkit: 'quickscan', firstName: 'Ada', lastName: 'Lovelace', organisationName: 'Analytical Ltd' },
        account.token,
      ),
    );

    expect(result).toEqual({
      status: 'ok',
      tenantId: expect.any(String),
      created: true,
      sessionToken: expect.any(String),
      pendingClaims: 0,
    });
    const { tenantId } = result;
    const createdAt = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);
    expect(await data(paths.tenant(tenantId))).toEqual({
      createdBy: account.uid,
      getStarted: true,
      toolkit: 'quickscan',
      createdAt,
      name: 'Analytical Ltd',
    });
    expect(await data(paths.globalUser(account.uid))).toEqual({
      email: email.toLowerCase(),
      firstName: 'Ada',
      lastName: 'Lovelace',
      createdAt,
      tenants: [tenantId],
      addressProvenAt: createdAt,
      // Proven by a sign-in to the address's own inbox, not by an invite link that could be forwarded.
      addressProof: 'inbox',
    });
    expect(await data(paths.tenantUser(tenantId, account.uid))).toEqual({
      email: email.toLowerCase(),
      firstName: 'Ada',
      lastName: 'Lovelace',
      createdAt,
      tenantId,
      group: 'owner',
      organization: { name: 'Analytical Ltd' },
      role: 'owner',
    });
    expect(await data(paths.organisation(tenantId))).toEqual({ name: 'Analytical Ltd', createdAt });
    expect(await data(paths.organisationMilestone(tenantId, 'sign-up'))).toEqual({
      id: 'sign-up',
      completed: true,
      completedBy: account.uid,
      completedAt: createdAt,
    });
    expect((await env.auth.getUser(account.uid))?.customClaims).toEqual({
      beta: true,
      tenantId,
      role: 'owner',
    });

    // The new owner's next token works as a member straight away.
    const token = await env.signInWithCustomToken((result as { sessionToken?: string }).sessionToken ?? '');
    expect(resultOf(await env.call(API.getAvailableRoles, null, token))).toMatchObject({ userRole: 'owner' });
  });

  it('is idempotent: a second call returns the same tenant and changes nothing', async () => {
    const account = await env.account();
    // The address is already proven, so the first call ends no session: the old token stays valid
    // whichever second each call falls in.
    await recordAddressProven(env.store, account.uid, { first: true, byInbox: true });
    const first = resultOf<{ tenantId: string }>(
      await env.call(API.completeSignup, { toolkit: 'quickscan' }, account.token),
    );
    const before = await snapshotStore(env.store);

    // The old token has no tenant claim: the global user record is what finds the tenant.
    const again = resultOf(await env.call(API.completeSignup, { toolkit: 'other' }, account.token));
    const withClaims = resultOf(
      await env.call(API.completeSignup, { toolkit: 'other' }, await env.signIn(account)),
    );

    expect(again).toEqual({ status: 'ok', tenantId: first.tenantId, created: false, pendingClaims: 0 });
    expect(withClaims).toEqual(again);
    expect(await snapshotStore(env.store)).toBe(before);
  });

  it('creates one tenant when the same user signs up twice at once', async () => {
    const account = await env.account();
    // The address is already proven (as after an earlier link sign-in), so neither call ends the
    // session the other carries: what races here is the tenant's creation alone.
    await recordAddressProven(env.store, account.uid, { first: true, byInbox: true });
    const results = await Promise.all(
      [1, 2].map(async () =>
        resultOf<{ tenantId: string }>(
          await env.call(API.completeSignup, { toolkit: 'quickscan' }, account.token),
        ),
      ),
    );
    expect(results[0]?.tenantId).toBe(results[1]?.tenantId);
    expect(await data(paths.globalUser(account.uid))).toMatchObject({ tenants: [results[0]?.tenantId] });
  });

  it('makes one tenant when two first sign-ups race with the session the first proof ends', async () => {
    // The first proof of the address ends every earlier session, the one the other call carries too:
    // that call is either through before it or refused as ended, never a second tenant.
    const account = await env.account();
    const responses = await Promise.all(
      [1, 2].map(() => env.call(API.completeSignup, { toolkit: 'quickscan' }, account.token)),
    );
    const tenants = responses
      .filter((response) => response.status === 200)
      .map((response) => resultOf<{ tenantId: string }>(response).tenantId);
    expect(tenants.length).toBeGreaterThan(0);
    expect(new Set(tenants).size).toBe(1);
    for (const refused of responses.filter((response) => response.status !== 200)) {
      expect(errorOf(refused)).toEqual({ status: 'UNAUTHENTICATED', message: SERVER_ERRORS.sessionEnded });
    }
    expect(await data(paths.globalUser(account.uid))).toMatchObject({ tenants: [tenants[0]] });
  });

  it('refuses an address that was never proven, and changes nothing', async () => {
    const unproven = await env.account({ verified: false });
    const before = await snapshotStore(env.store);
    expect(errorOf(await env.call(API.completeSignup, { toolkit: 'quickscan' }, unproven.token))).toEqual({
      status: 'PERMISSION_DENIED',
      message: SERVER_ERRORS.emailNotVerified,
    });
    expect(await snapshotStore(env.store)).toBe(before);
  });

  it('ends a password set before the address was first proven, and every session from before', async () => {
    // Someone registered the address with a password; the real person then signs in by e-mail link.
    const account = await env.account({ email: uniqueEmail('pre-registered') });
    const earlier = await env.signIn(account);
    const { sessionToken } = resultOf<{ sessionToken: string }>(
      await env.call(API.completeSignup, { toolkit: 'quickscan' }, account.token),
    );
    await expect(env.signIn(account)).rejects.toThrow(/INVALID_LOGIN_CREDENTIALS|INVALID_PASSWORD/);
    expect(earlier).not.toBe('');
    expect((await env.auth.verifyIdToken(await env.signInWithCustomToken(sessionToken))).uid).toBe(
      account.uid,
    );
    // Proven once: a password the person sets afterwards is theirs and stays.
    await env.admin.updateUser(account.uid, { password: 'test-password-1' });
    const later = resultOf(
      await env.call(API.completeSignup, { toolkit: 'quickscan' }, await env.signIn(account)),
    );
    expect(later).not.toHaveProperty('sessionToken');
    expect(await env.signIn(account)).toEqual(expect.any(String));
  });

  it('refuses anonymous sessions', async () => {
    const anonymous = await env.anonymous();
    expect(
      errorOf(await env.call(API.completeSignup, { toolkit: 'quickscan' }, anonymous.token)).status,
    ).toBe('PERMISSION_DENIED');
  });
});

describe('account-getProfile', () => {
  it('returns the tenant user profile and the tenant', async () => {
    const owner = await env.member('profile-co', 'owner');
    await env.store.set(paths.tenant('profile-co'), {
      createdBy: owner.uid,
      getStarted: true,
      toolkit: 'quickscan',
    });
    expect(resultOf(await env.call(API.getProfile, null, owner.token))).toEqual({
      status: 'ok',
      profile: {
        uid: owner.uid,
        email: owner.email,
        firstName: 'owner',
        lastName: 'Tester',
        tenantId: 'profile-co',
        role: 'owner',
        organization: { name: 'Organisation profile-co' },
      },
      tenant: { id: 'profile-co', createdBy: owner.uid, getStarted: true, toolkit: 'quickscan' },
    });
  });
});

describe('account-updateNames', () => {
  it('merges both names into the tenant user and the global user', async () => {
    const viewer = await env.member('names-co', 'viewer');
    expect(
      resultOf(await env.call(API.updateNames, { firstName: 'Grace', lastName: 'Hopper' }, viewer.token)),
    ).toEqual({ status: 'ok' });
    expect(await data(paths.tenantUser('names-co', viewer.uid))).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      role: 'viewer',
    });
    expect(await data(paths.globalUser(viewer.uid))).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      tenants: ['names-co'],
    });
  });

  it('skips the update when a name is missing', async () => {
    const viewer = await env.member('names-co', 'viewer');
    const before = await snapshotStore(env.store);
    expect(resultOf(await env.call(API.updateNames, { firstName: 'Only' }, viewer.token))).toEqual({
      status: 'skipped',
    });
    expect(await snapshotStore(env.store)).toBe(before);
  });
});

describe('organisation-save', () => {
  it('writes the organisation, the caller’s organization and the update-organisation milestone', async () => {
    const admin = await env.member('org-co', 'admin');
    const request = { name: 'Green & Co <Ltd>', industry: 'Retail', region: 'act' };
    expect(resultOf(await env.call(API.saveOrganisation, request, admin.token))).toEqual({ status: 'ok' });
    expect(await data(paths.organisation('org-co'))).toEqual(request);
    expect(await data(paths.tenantUser('org-co', admin.uid))).toMatchObject({ organization: request });
    expect(await data(paths.organisationMilestone('org-co', 'update-organisation'))).toMatchObject({
      id: 'update-organisation',
      completed: true,
      completedBy: admin.uid,
    });
  });

  it('needs the manage-settings permission', async () => {
    const editor = await env.member('org-co', 'editor');
    const before = await snapshotStore(env.store);
    const error = errorOf(await env.call(API.saveOrganisation, { name: 'Nope' }, editor.token));
    expect(error).toEqual({
      status: 'PERMISSION_DENIED',
      message: "Only owners and admins can change the organisation's details.",
    });
    expect(await snapshotStore(env.store)).toBe(before);
  });
});
