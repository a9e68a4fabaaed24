// The audit trail records each change the callables make, in the change's own transaction: one entry
// with the changed values before and after, none for a refused change or a save that changes nothing.
import { API, type ApiResponses } from '@toolkit/domain';
import { auditCollection } from '../../repositories/audit';
import { paths } from '../../repositories/paths';
import type { ApiResponse } from '../../api/router';
import {
  errorOf,
  inviteSentTo,
  resultOf,
  snapshotStore,
  startTestEnv,
  type TestAccount,
  type TestEnv,
} from '../../testing';

let env: TestEnv;
let tenants = 0;

beforeAll(async () => {
  env = await startTestEnv({ content: true });
}, 120_000);

afterAll(() => env?.stop(), 60_000);

/** A business of the quickscan toolkit (it has a declaration), on a plan with every feature. */
async function organisation() {
  const tenantId = `audited-${++tenants}`;
  await env.store.set(paths.tenant(tenantId), {
    createdBy: 'system',
    getStarted: true,
    toolkit: 'quickscan',
  });
  await env.store.set(paths.organisation(tenantId), { name: 'Harbour Bakery' });
  await env.onPlan(tenantId, 'leader');
  const owner = await env.member(tenantId, 'owner');
  const editor = await env.member(tenantId, 'editor');
  return { tenantId, owner, editor };
}

const trailIds = async (tenantId: string) =>
  (await env.store.query(auditCollection(tenantId))).map(({ id }) => id);

/** Makes a change that succeeds and answers the entries it added: the test expects exactly one. */
async function recorded(tenantId: string, change: () => Promise<ApiResponse>) {
  const before = new Set(await trailIds(tenantId));
  resultOf(await change());
  const added = (await env.store.query(auditCollection(tenantId))).filter(({ id }) => !before.has(id));
  return added.map(({ data }) => data);
}

/** The entry as stored, for the member `actor`. */
const entry = (actor: TestAccount, fields: Record<string, unknown>) => ({
  at: expect.any(String),
  actorUid: actor.uid,
  reason: null,
  ...fields,
});

/** A refused call leaves the store, the trail with it, as it was. */
async function refused(call: () => Promise<ApiResponse>, status: string) {
  const before = await snapshotStore(env.store);
  expect(errorOf(await call()).status).toBe(status);
  expect(await snapshotStore(env.store)).toBe(before);
}

describe('the audit trail records', () => {
  it('a role changed and a member removed, and no refused change', async () => {
    const { tenantId, owner, editor } = await organisation();
    const member = { type: 'member', id: editor.uid };
    const setRole = (role: string, by = owner) =>
      env.call(API.setUserRole, { uid: editor.uid, tenantId, role }, by.token);

    expect(await recorded(tenantId, () => setRole('viewer'))).toEqual([
      entry(owner, {
        kind: 'role.changed',
        subject: member,
        before: { role: 'editor' },
        after: { role: 'viewer' },
      }),
    ]);
    // Setting the role it has changes nothing, so records nothing.
    expect(await recorded(tenantId, () => setRole('viewer'))).toEqual([]);
    await refused(
      () => env.call(API.setUserRole, { uid: owner.uid, tenantId, role: 'viewer' }, editor.token),
      'PERMISSION_DENIED',
    );
    await refused(() => setRole('owner', editor), 'PERMISSION_DENIED');

    expect(
      await recorded(tenantId, () =>
        env.call(API.removeUserRole, { uid: editor.uid, tenantId }, owner.token),
      ),
    ).toEqual([
      entry(owner, {
        kind: 'member.removed',
        subject: member,
        before: { role: 'viewer' },
        after: { role: 'user' },
      }),
    ]);

    // The Activity listing names both as they are now.
    const [latest] = resultOf<ApiResponses[typeof API.listActivity]>(
      await env.call(API.listActivity, { kind: 'role.changed' }, owner.token),
    ).entries;
    expect(latest).toMatchObject({
      actor: { uid: owner.uid, name: 'owner Tester' },
      subject: { id: editor.uid, name: 'editor Tester' },
      before: { role: 'editor' },
      after: { role: 'viewer' },
    });
  });

  it('a member invited (the address and role, never the link) and the same member joining', async () => {
    const { tenantId, owner, editor } = await organisation();
    const email = `joins-${tenantId}@example.com`;
    const [invited] = await recorded(tenantId, () =>
      env.call(API.createInvite, { email, role: 'viewer' }, owner.token),
    );
    const { inviteId, key, link } = await inviteSentTo(env.store, email);
    expect(invited).toEqual(
      entry(owner, {
        kind: 'member.invited',
        subject: { type: 'invite', id: inviteId },
        before: null,
        after: { email, role: 'viewer' },
      }),
    );
    expect(JSON.stringify(invited)).not.toContain(new URL(link).search.slice(1));
    expect(JSON.stringify(invited)).not.toContain(key);
    // Mailing the same invite again within minutes is no new invite.
    expect(
      await recorded(tenantId, () => env.call(API.createInvite, { email, role: 'viewer' }, owner.token)),
    ).toEqual([]);
    await refused(
      () => env.call(API.createInvite, { email: `no-${email}` }, editor.token),
      'PERMISSION_DENIED',
    );

    const before = new Set(await trailIds(tenantId));
    const accepted = resultOf<ApiResponses[typeof API.verifyAndLoginWithInvite]>(
      await env.call(API.verifyAndLoginWithInvite, { inviteId, key }),
    );
    const joiner = await env.auth.verifyIdToken(await env.signInWithCustomToken(accepted.token));
    const joined = (await env.store.query(auditCollection(tenantId))).filter(({ id }) => !before.has(id));
    expect(joined.map(({ data }) => data)).toEqual([
      {
        at: expect.any(String),
        actorUid: joiner.uid,
        kind: 'member.joined',
        subject: { type: 'member', id: joiner.uid },
        before: null,
        after: { role: 'viewer' },
        reason: null,
      },
    ]);
  });

  it('the declaration signed and revoked, never the credential itself', async () => {
    const { tenantId, owner, editor } = await organisation();
    await refused(
      () => env.call(API.signDeclaration, { surveyId: 'business-quickscan' }, editor.token),
      'PERMISSION_DENIED',
    );
    let credential: { id: string; token: string } | null = null;
    const [signed] = await recorded(tenantId, async () => {
      const answer = await env.call(API.signDeclaration, { surveyId: 'business-quickscan' }, owner.token);
      credential = resultOf<ApiResponses[typeof API.signDeclaration]>(answer).credential;
      return answer;
    });
    const { id, token } = credential!;
    expect(signed).toEqual(
      entry(owner, {
        kind: 'declaration.signed',
        subject: { type: 'credential', id },
        before: null,
        after: {
          credentialId: id,
          declaration: 'Sustainability Quickscan declaration',
          stage: expect.any(String),
        },
      }),
    );
    expect(JSON.stringify(signed)).not.toContain(token);

    // Signing again replaces the credential standing.
    const [again] = await recorded(tenantId, () =>
      env.call(API.signDeclaration, { surveyId: 'business-quickscan' }, owner.token),
    );
    expect(again).toMatchObject({ kind: 'declaration.signed', before: { credentialId: id } });
    const current = (again as { subject: { id: string } }).subject.id;

    await refused(
      () => env.call(API.revokeCredential, { credentialId: current }, editor.token),
      'PERMISSION_DENIED',
    );
    expect(
      await recorded(tenantId, () => env.call(API.revokeCredential, { credentialId: current }, owner.token)),
    ).toEqual([
      entry(owner, {
        kind: 'declaration.revoked',
        subject: { type: 'credential', id: current },
        before: { revokedAt: null },
        after: { revokedAt: expect.any(String) },
      }),
    ]);
    // Revoking it again changes nothing.
    expect(
      await recorded(tenantId, () => env.call(API.revokeCredential, { credentialId: current }, owner.token)),
    ).toEqual([]);
  });

  it('the brand changed: the colour as it was and is, the logo only as whether there is one', async () => {
    const { tenantId, owner, editor } = await organisation();
    const logo = 'data:image/png;base64,iVBORw0KGgo=';
    const save = (brand: { primaryColor: string; logo: string | null }, by = owner) =>
      env.call(API.saveBrand, brand, by.token);
    const brand = { type: 'brand', id: tenantId };

    expect(await recorded(tenantId, () => save({ primaryColor: '#7a1f5c', logo }))).toEqual([
      entry(owner, {
        kind: 'brand.changed',
        subject: brand,
        before: { primaryColor: null, logo: false },
        after: { primaryColor: '#7a1f5c', logo: true },
      }),
    ]);
    expect(await recorded(tenantId, () => save({ primaryColor: '#224466', logo }))).toEqual([
      entry(owner, {
        kind: 'brand.changed',
        subject: brand,
        before: { primaryColor: '#7a1f5c' },
        after: { primaryColor: '#224466' },
      }),
    ]);
    expect(await recorded(tenantId, () => save({ primaryColor: '#224466', logo }))).toEqual([]);
    await refused(() => save({ primaryColor: '#000000', logo: null }, editor), 'PERMISSION_DENIED');
  });

  it('the alert recipients changed: the lists that changed, as they were and are', async () => {
    const { tenantId, owner } = await organisation();
    const viewer = await env.member(tenantId, 'viewer');
    const lists = { newResult: [] as string[], newTeamMember: [] as string[], expertRequest: [] as string[] };
    const save = (changes: Partial<typeof lists>, by = owner) =>
      env.call(API.saveAlerts, { ...lists, ...changes }, by.token);

    expect(await recorded(tenantId, () => save({ newTeamMember: [owner.email] }))).toEqual([
      entry(owner, {
        kind: 'alerts.changed',
        subject: { type: 'alerts', id: tenantId },
        before: { newTeamMember: [] },
        after: { newTeamMember: [owner.email] },
      }),
    ]);
    expect(await recorded(tenantId, () => save({ newTeamMember: [owner.email] }))).toEqual([]);
    await refused(() => save({ newTeamMember: [viewer.email] }, viewer), 'PERMISSION_DENIED');
  });
});
