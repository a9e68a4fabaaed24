import { API } from '@toolkit/domain';
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
let owner: TestAccount;
let admin: TestAccount;
let viewer: TestAccount;

beforeAll(async () => {
  env = await startTestEnv({});
  owner = await env.member('acme', 'owner');
  admin = await env.member('acme', 'admin');
  viewer = await env.member('acme', 'viewer');
  // Granting viewer and editor needs advanced-user-roles (billing.test.ts covers the refusal).
  await env.onPlan('acme', 'leader');
}, 120_000);

afterAll(() => env?.stop(), 60_000);

const storedRole = async (uid: string) => (await env.store.get(paths.tenantUser('acme', uid))).data?.role;

async function expectRefused(name: string, data: unknown, token: string, status: string, message: RegExp) {
  const before = await snapshotStore(env.store);
  const error = errorOf(await env.call(name, data, token));
  expect(error.status).toBe(status);
  expect(error.message).toMatch(message);
  expect(await snapshotStore(env.store)).toBe(before);
}

describe('admin-setUserRole', () => {
  it('sets the stored role and the claims {tenantId, role}, keeping the other claims', async () => {
    const target = await env.member('acme', 'viewer');
    await env.admin.setCustomUserClaims(target.uid, { tenantId: 'acme', role: 'viewer', beta: true });

    const result = resultOf(
      await env.call(API.setUserRole, { uid: target.uid, tenantId: 'acme', role: 'editor' }, admin.token),
    );

    expect(result).toEqual({ status: 'success', message: "The user's role is now editor." });
    expect(await storedRole(target.uid)).toBe('editor');
    expect((await env.auth.getUser(target.uid))?.customClaims).toEqual({
      tenantId: 'acme',
      role: 'editor',
      beta: true,
    });
    // A fresh token carries the new claims for the browser's guards.
    const token = await env.auth.verifyIdToken(await env.signIn(target));
    expect(token.claims).toMatchObject({ tenantId: 'acme', role: 'editor' });
  });

  it('refuses to grant a role holding a permission the caller lacks', async () => {
    await expectRefused(
      API.setUserRole,
      { uid: viewer.uid, tenantId: 'acme', role: 'owner' },
      admin.token,
      'PERMISSION_DENIED',
      /cannot give anyone the owner role: it allows managing billing and deleting the organisation/,
    );
  });

  it('refuses role changes by a member without the assign-roles permission', async () => {
    const billing = await env.member('acme', 'billing');
    await expectRefused(
      API.setUserRole,
      { uid: viewer.uid, tenantId: 'acme', role: 'user' },
      billing.token,
      'PERMISSION_DENIED',
      /Only owners and admins/,
    );
  });

  it('does not let an admin downgrade an owner', async () => {
    await expectRefused(
      API.setUserRole,
      { uid: owner.uid, tenantId: 'acme', role: 'viewer' },
      admin.token,
      'PERMISSION_DENIED',
      /Only an owner can change the role of an owner/,
    );
  });

  it('refuses a tenantId other than the caller’s, and a user outside the tenant', async () => {
    const stranger = await env.member('other', 'viewer');
    await expectRefused(
      API.setUserRole,
      { uid: stranger.uid, tenantId: 'other', role: 'editor' },
      owner.token,
      'PERMISSION_DENIED',
      /your own organisation/,
    );
    await expectRefused(
      API.setUserRole,
      { uid: stranger.uid, tenantId: 'acme', role: 'editor' },
      owner.token,
      'NOT_FOUND',
      /no such user in your organisation/,
    );
    expect((await env.store.get(paths.tenantUser('acme', stranger.uid))).data).toBeNull();
  });
});

describe('admin-removeUserRole', () => {
  it('sets the role back to user and reports the previous one', async () => {
    const editor = await env.member('acme', 'editor');
    const result = resultOf(
      await env.call(API.removeUserRole, { uid: editor.uid, tenantId: 'acme' }, owner.token),
    );
    expect(result).toEqual({
      status: 'success',
      message: "The user's role editor was removed.",
      previousRole: 'editor',
      newRole: 'user',
    });
    expect(await storedRole(editor.uid)).toBe('user');
    expect((await env.auth.getUser(editor.uid))?.customClaims).toEqual({ tenantId: 'acme', role: 'user' });
  });

  it('never removes the last owner, but can once there is a second one', async () => {
    await expectRefused(
      API.removeUserRole,
      { uid: owner.uid, tenantId: 'acme' },
      owner.token,
      'FAILED_PRECONDITION',
      /only owner/,
    );
    const second = await env.member('acme', 'owner');
    resultOf(await env.call(API.removeUserRole, { uid: second.uid, tenantId: 'acme' }, owner.token));
    expect(await storedRole(second.uid)).toBe('user');
    expect(await storedRole(owner.uid)).toBe('owner');
  });
});

describe('one role rule for setting and removing roles', () => {
  // An organisation of its own, so the owners counted here are only this test's.
  let tenant = 0;
  async function organisation({ paid = true } = {}) {
    const tenantId = `roles-${++tenant}`;
    if (paid) await env.onPlan(tenantId, 'leader');
    return {
      tenantId,
      owner: await env.member(tenantId, 'owner'),
      admin: await env.member(tenantId, 'admin'),
      editor: await env.member(tenantId, 'editor'),
    };
  }
  const roleIn = async (tenantId: string, uid: string) =>
    (await env.store.get(paths.tenantUser(tenantId, uid))).data?.role;

  it('refuses an admin giving themselves or anyone else billing, and changes nothing', async () => {
    const org = await organisation();
    for (const uid of [org.admin.uid, org.editor.uid]) {
      await expectRefused(
        API.setUserRole,
        { uid, tenantId: org.tenantId, role: 'billing' },
        org.admin.token,
        'PERMISSION_DENIED',
        /cannot give anyone the billing role: it allows managing billing/,
      );
    }
    expect((await env.auth.getUser(org.admin.uid))?.customClaims).toEqual({
      tenantId: org.tenantId,
      role: 'admin',
    });
    // So the admin still cannot cancel the subscription.
    await expectRefused(
      API.cancelSubscription,
      null,
      org.admin.token,
      'PERMISSION_DENIED',
      /managed by an owner or a billing member/,
    );
  });

  it('names the plan only for a role the caller could otherwise give', async () => {
    const org = await organisation({ paid: false });
    await expectRefused(
      API.setUserRole,
      { uid: org.editor.uid, tenantId: org.tenantId, role: 'billing' },
      org.admin.token,
      'PERMISSION_DENIED',
      /cannot give anyone the billing role/,
    );
    const refusal = errorOf(
      await env.call(
        API.setUserRole,
        { uid: org.editor.uid, tenantId: org.tenantId, role: 'billing' },
        org.owner.token,
      ),
    );
    expect(refusal.message).toMatch(/billing role comes with the/);
  });

  it('does not let an admin demote or remove an owner, nor make one', async () => {
    const org = await organisation();
    const second = await env.member(org.tenantId, 'owner');
    await expectRefused(
      API.setUserRole,
      { uid: second.uid, tenantId: org.tenantId, role: 'admin' },
      org.admin.token,
      'PERMISSION_DENIED',
      /Only an owner can change the role of an owner/,
    );
    await expectRefused(
      API.removeUserRole,
      { uid: org.owner.uid, tenantId: org.tenantId },
      org.admin.token,
      'PERMISSION_DENIED',
      /Only an owner can change the role of an owner/,
    );
    // Even an admin given every permission does not make an owner.
    await env.store.update(paths.tenantUser(org.tenantId, org.admin.uid), {
      permissions: { manageBilling: true, deleteTenant: true },
    });
    await expectRefused(
      API.setUserRole,
      { uid: org.editor.uid, tenantId: org.tenantId, role: 'owner' },
      org.admin.token,
      'PERMISSION_DENIED',
      /Only an owner can make someone an owner/,
    );
  });

  it('keeps the last owner: they cannot demote themselves, and an open owner invite does not count', async () => {
    const org = await organisation();
    const invited = await env.member(org.tenantId, 'owner');
    await env.store.update(paths.tenantUser(org.tenantId, invited.uid), { invitePending: true });
    for (const role of ['admin', 'user'] as const) {
      await expectRefused(
        API.setUserRole,
        { uid: org.owner.uid, tenantId: org.tenantId, role },
        org.owner.token,
        'FAILED_PRECONDITION',
        /only owner of the organisation/,
      );
    }
    await expectRefused(
      API.removeUserRole,
      { uid: org.owner.uid, tenantId: org.tenantId },
      org.owner.token,
      'FAILED_PRECONDITION',
      /only owner of the organisation/,
    );
  });

  it('does not let a member raise their own role, even with the rights to give it to others', async () => {
    const org = await organisation();
    const viewer = await env.member(org.tenantId, 'viewer');
    await env.store.update(paths.tenantUser(org.tenantId, viewer.uid), {
      permissions: { assignRoles: true, editInsights: true, excludeResults: true, reviewResults: true },
    });
    await expectRefused(
      API.setUserRole,
      { uid: viewer.uid, tenantId: org.tenantId, role: 'editor' },
      viewer.token,
      'PERMISSION_DENIED',
      /cannot raise your own role to editor/,
    );
    const other = await env.member(org.tenantId, 'viewer');
    resultOf(
      await env.call(
        API.setUserRole,
        { uid: other.uid, tenantId: org.tenantId, role: 'editor' },
        viewer.token,
      ),
    );
    expect(await roleIn(org.tenantId, other.uid)).toBe('editor');
  });

  it('lets an owner do everything that keeps an owner', async () => {
    const org = await organisation();
    const call = (name: string, data: object) =>
      env.call(name, { tenantId: org.tenantId, ...data }, org.owner.token);
    resultOf(await call(API.setUserRole, { uid: org.editor.uid, role: 'billing' }));
    resultOf(await call(API.setUserRole, { uid: org.admin.uid, role: 'owner' }));
    // Now there are two owners: the first may step down, and the second may remove the first's role.
    resultOf(await call(API.setUserRole, { uid: org.owner.uid, role: 'admin' }));
    expect(await roleIn(org.tenantId, org.owner.uid)).toBe('admin');
    expect(await roleIn(org.tenantId, org.admin.uid)).toBe('owner');
    expect(await roleIn(org.tenantId, org.editor.uid)).toBe('billing');
    // The router reads the stored role, so the admin's token now acts as an owner's.
    resultOf(
      await env.call(API.removeUserRole, { uid: org.owner.uid, tenantId: org.tenantId }, org.admin.token),
    );
    expect(await roleIn(org.tenantId, org.owner.uid)).toBe('user');
  });

  it('tells someone without the right no more than that, even about a user who does not exist', async () => {
    const org = await organisation();
    await expectRefused(
      API.setUserRole,
      { uid: 'nobody-here', tenantId: org.tenantId, role: 'user' },
      org.editor.token,
      'PERMISSION_DENIED',
      /Only owners and admins can change roles/,
    );
  });
});

describe('admin-getUserRole', () => {
  it('gives the stored role, the e-mail and the claims', async () => {
    const result = resultOf(
      await env.call(API.getUserRole, { uid: viewer.uid, tenantId: 'acme' }, admin.token),
    );
    expect(result).toEqual({
      status: 'success',
      role: 'viewer',
      email: viewer.email,
      claims: { tenantId: 'acme', role: 'viewer' },
    });
  });

  it('lets a member read their own role but not someone else’s', async () => {
    expect(
      resultOf(await env.call(API.getUserRole, { uid: viewer.uid, tenantId: 'acme' }, viewer.token)),
    ).toMatchObject({ role: 'viewer' });
    await expectRefused(
      API.getUserRole,
      { uid: admin.uid, tenantId: 'acme' },
      viewer.token,
      'PERMISSION_DENIED',
      /Only owners and admins/,
    );
  });
});

describe('admin-getAvailableRoles', () => {
  it('lists the roles the role rule lets the caller give', async () => {
    expect(resultOf(await env.call(API.getAvailableRoles, null, owner.token))).toEqual({
      status: 'success',
      availableRoles: ['user', 'viewer', 'editor', 'billing', 'admin', 'owner'],
      userRole: 'owner',
    });
    // Billing and owner hold permissions an admin does not have.
    expect(resultOf(await env.call(API.getAvailableRoles, null, admin.token))).toEqual({
      status: 'success',
      availableRoles: ['user', 'viewer', 'editor', 'admin'],
      userRole: 'admin',
    });
    // A viewer gives no one any role.
    expect(resultOf(await env.call(API.getAvailableRoles, null, viewer.token))).toEqual({
      status: 'success',
      availableRoles: [],
      userRole: 'viewer',
    });
  });

  it('uses the stored role, not the one in an older token', async () => {
    const demoted = await env.member('acme', 'admin');
    await env.store.update(paths.tenantUser('acme', demoted.uid), { role: 'viewer' });
    expect(resultOf(await env.call(API.getAvailableRoles, {}, demoted.token))).toMatchObject({
      userRole: 'viewer',
    });
  });
});

describe('permission overrides come from the store, never from an older token', () => {
  it("ends a demoted admin's override claim with the demotion", async () => {
    const demoted = await env.account({
      claims: { tenantId: 'acme', role: 'admin', permissions: { manageUsers: true, assignRoles: true } },
    });
    await env.store.set(paths.tenantUser('acme', demoted.uid), {
      email: demoted.email,
      tenantId: 'acme',
      role: 'admin',
    });
    expect((await env.call(API.listTenantUsers, null, demoted.token)).status).toBe(200);

    resultOf(
      await env.call(API.setUserRole, { uid: demoted.uid, tenantId: 'acme', role: 'viewer' }, owner.token),
    );

    // The old token still carries the override; the server no longer reads it.
    await expectRefused(API.listTenantUsers, null, demoted.token, 'PERMISSION_DENIED', /manage users/);
    await expectRefused(
      API.createInvite,
      { email: 'someone@example.com', surveyId: 'quickscan' },
      demoted.token,
      'PERMISSION_DENIED',
      /manage users/,
    );
    expect((await env.auth.getUser(demoted.uid))?.customClaims).toEqual({ tenantId: 'acme', role: 'viewer' });
  });

  it('honours an override stored on the member, and clears it when the role changes', async () => {
    const helper = await env.member('acme', 'viewer');
    await env.store.update(paths.tenantUser('acme', helper.uid), { permissions: { manageUsers: true } });
    expect((await env.call(API.listTenantUsers, null, helper.token)).status).toBe(200);

    resultOf(
      await env.call(API.setUserRole, { uid: helper.uid, tenantId: 'acme', role: 'editor' }, owner.token),
    );

    expect((await env.store.get(paths.tenantUser('acme', helper.uid))).data?.permissions).toBeUndefined();
    expect(errorOf(await env.call(API.listTenantUsers, null, helper.token)).status).toBe('PERMISSION_DENIED');
  });
});
