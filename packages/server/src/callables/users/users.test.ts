import { API } from '@toolkit/domain';
import { errorOf, resultOf, startTestEnv, type TestAccount, type TestEnv } from '../../testing';

let env: TestEnv;
let admin: TestAccount;
let editor: TestAccount;
let outsider: TestAccount;

beforeAll(async () => {
  env = await startTestEnv({});
  admin = await env.member('acme', 'admin', { email: 'a-admin@example.com' });
  editor = await env.member('acme', 'editor', { email: 'b-editor@example.com' });
  outsider = await env.member('globex', 'owner', { email: 'shared@example.com' });
  await env.onPlan('acme', 'leader');
}, 120_000);

afterAll(() => env?.stop(), 60_000);

describe('users-findByEmail', () => {
  it('finds a user of the caller’s tenant by e-mail, case-insensitively', async () => {
    expect(
      resultOf(await env.call(API.findUsersByEmail, { email: ' B-Editor@Example.com ' }, admin.token)),
    ).toEqual({
      users: [{ uid: editor.uid, email: editor.email, firstName: 'editor', lastName: 'Tester' }],
    });
  });

  it('does not find users of another tenant', async () => {
    expect(resultOf(await env.call(API.findUsersByEmail, { email: outsider.email }, admin.token))).toEqual({
      users: [],
    });
  });

  it('needs the manage-users permission', async () => {
    expect(errorOf(await env.call(API.findUsersByEmail, { email: admin.email }, editor.token))).toEqual({
      status: 'PERMISSION_DENIED',
      message: 'Only owners and admins can manage users.',
    });
  });
});

describe('users-listTenantUsers', () => {
  it('lists the caller’s tenant users with their stored roles, by e-mail', async () => {
    const { users } = resultOf<{ users: { uid: string; role: string; tenantId: string }[] }>(
      await env.call(API.listTenantUsers, null, admin.token),
    );
    expect(users.map(({ uid, role, tenantId }) => ({ uid, role, tenantId }))).toEqual([
      { uid: admin.uid, role: 'admin', tenantId: 'acme' },
      { uid: editor.uid, role: 'editor', tenantId: 'acme' },
    ]);
  });

  it('needs the manage-users permission', async () => {
    expect(errorOf(await env.call(API.listTenantUsers, null, editor.token)).status).toBe('PERMISSION_DENIED');
  });
});
