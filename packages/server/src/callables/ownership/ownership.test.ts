import { API, SERVER_ERRORS, type ApiResponses, type Role } from '@toolkit/domain';
import { auditCollection } from '../../repositories/audit';
import { eraseAccount } from '../account/erase-account';
import {
  errorOf,
  paths,
  resultOf,
  snapshotStore,
  startTestEnv,
  type TestAccount,
  type TestEnv,
} from '../../testing';
import { ownershipOfferPath } from './offer-record';

let env: TestEnv;

beforeAll(async () => {
  env = await startTestEnv({});
}, 120_000);

afterAll(() => env?.stop(), 60_000);

// An organisation of its own per test, so owners, offers and audit entries are only that test's.
let tenants = 0;
async function organisation() {
  const tenantId = `handover-${++tenants}`;
  await env.store.set(paths.organisation(tenantId), { name: `Handover ${tenants} Ltd` });
  return {
    tenantId,
    owner: await env.member(tenantId, 'owner'),
    admin: await env.member(tenantId, 'admin'),
    viewer: await env.member(tenantId, 'viewer'),
  };
}

const roleOf = async (tenantId: string, uid: string) =>
  (await env.store.get(paths.tenantUser(tenantId, uid))).data?.role as Role | undefined;
const claimsOf = async (uid: string) => (await env.auth.getUser(uid))?.customClaims;
const auditOf = async (tenantId: string) =>
  (await env.store.query(auditCollection(tenantId))).map(({ data }) => data as Record<string, unknown>);

async function expectRefused(name: string, data: unknown, who: TestAccount, status: string, message: RegExp) {
  const before = await snapshotStore(env.store);
  const error = errorOf(await env.call(name, data, who.token));
  expect({ status: error.status, message: error.message }).toEqual({
    status,
    message: expect.stringMatching(message),
  });
  expect(await snapshotStore(env.store)).toBe(before);
}

type Mail = { to: string[]; message: { subject: string; html: string } };
const mailsTo = async (email: string) =>
  (await env.store.query(paths.mail()))
    .map(({ data }) => data as Mail)
    .filter((doc) => doc.to.includes(email));

async function offerTo(owner: TestAccount, member: TestAccount) {
  return resultOf<ApiResponses[typeof API.offerOwnership]>(
    await env.call(API.offerOwnership, { uid: member.uid }, owner.token),
  );
}

describe('ownership-offer', () => {
  it('stores one offer, tells the member by mail and records it', async () => {
    const org = await organisation();
    const { offer: made } = await offerTo(org.owner, org.viewer);

    expect(made).toMatchObject({
      from: { uid: org.owner.uid, name: 'owner Tester' },
      to: { uid: org.viewer.uid, name: 'viewer Tester', email: org.viewer.email },
    });
    expect((await env.store.get(ownershipOfferPath(org.tenantId))).data).toMatchObject({
      fromUid: org.owner.uid,
      toUid: org.viewer.uid,
    });
    const mail = (await env.store.query(paths.mail()))
      .map(({ data }) => data as { to: string[]; message: { subject: string; html: string } })
      .find((doc) => doc.to.includes(org.viewer.email));
    expect(mail?.message.subject).toBe(`Ownership offered to you: Handover ${tenants} Ltd`);
    // A viewer cannot open Users, so the link leads to the dashboard's first page, where they answer.
    expect(mail?.message.html).toContain('/dashboard"');
    expect(await auditOf(org.tenantId)).toEqual([
      expect.objectContaining({
        kind: 'ownership.offered',
        actorUid: org.owner.uid,
        subject: { type: 'member', id: org.viewer.uid },
      }),
    ]);
    // Nothing changes hands until the member accepts.
    expect(await roleOf(org.tenantId, org.owner.uid)).toBe('owner');
    expect(await roleOf(org.tenantId, org.viewer.uid)).toBe('viewer');
  });

  it('refuses a non-owner, oneself, a non-member, an owner, and an unproven address, in words', async () => {
    const org = await organisation();
    const stranger = await env.member('handover-elsewhere', 'viewer');
    const unproven = await env.member(org.tenantId, 'editor');
    await env.admin.updateUser(unproven.uid, { emailVerified: false });
    const second = await env.member(org.tenantId, 'owner');

    await expectRefused(
      API.offerOwnership,
      { uid: org.viewer.uid },
      org.admin,
      'PERMISSION_DENIED',
      /Only an owner can hand over/,
    );
    await expectRefused(
      API.offerOwnership,
      { uid: org.owner.uid },
      org.owner,
      'FAILED_PRECONDITION',
      /You are an owner already/,
    );
    await expectRefused(
      API.offerOwnership,
      { uid: stranger.uid },
      org.owner,
      'NOT_FOUND',
      /no such user in your organisation/,
    );
    await expectRefused(
      API.offerOwnership,
      { uid: second.uid },
      org.owner,
      'FAILED_PRECONDITION',
      /owner Tester is an owner already/,
    );
    await expectRefused(
      API.offerOwnership,
      { uid: unproven.uid },
      org.owner,
      'FAILED_PRECONDITION',
      /editor Tester has not confirmed their e-mail address/,
    );
  });

  it('keeps one offer at a time', async () => {
    const org = await organisation();
    await offerTo(org.owner, org.viewer);
    await expectRefused(
      API.offerOwnership,
      { uid: org.admin.uid },
      org.owner,
      'FAILED_PRECONDITION',
      /already offered to viewer Tester\. Cancel that offer/,
    );
  });
});

describe('ownership-accept', () => {
  it('swaps the roles, the claims and the offer in one go, recording both changes', async () => {
    const org = await organisation();
    await offerTo(org.owner, org.viewer);

    expect(resultOf(await env.call(API.acceptOwnership, null, org.viewer.token))).toEqual({ role: 'owner' });

    expect(await roleOf(org.tenantId, org.viewer.uid)).toBe('owner');
    expect(await roleOf(org.tenantId, org.owner.uid)).toBe('admin');
    expect(await claimsOf(org.viewer.uid)).toEqual({ tenantId: org.tenantId, role: 'owner' });
    expect(await claimsOf(org.owner.uid)).toEqual({ tenantId: org.tenantId, role: 'admin' });
    expect((await env.store.get(ownershipOfferPath(org.tenantId))).data).toBeNull();
    const transferred = (await auditOf(org.tenantId)).filter(
      (entry) => entry.kind === 'ownership.transferred',
    );
    expect(transferred).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          actorUid: org.viewer.uid,
          subject: { type: 'member', id: org.viewer.uid },
          before: { role: 'viewer' },
          after: { role: 'owner' },
        }),
        expect.objectContaining({
          actorUid: org.viewer.uid,
          subject: { type: 'member', id: org.owner.uid },
          before: { role: 'owner' },
          after: { role: 'admin' },
        }),
      ]),
    );
    expect(transferred).toHaveLength(2);
    // The router reads the stored roles: the new owner acts as one, the former owner no longer does.
    resultOf(await env.call(API.offerOwnership, { uid: org.admin.uid }, org.viewer.token));
    await expectRefused(
      API.cancelOwnershipOffer,
      null,
      org.owner,
      'PERMISSION_DENIED',
      /Only the owner who made this offer/,
    );
  });

  it('is only for the member offered, while the offer stands', async () => {
    const org = await organisation();
    await expectRefused(
      API.acceptOwnership,
      null,
      org.viewer,
      'FAILED_PRECONDITION',
      /No offer of ownership is waiting for you/,
    );
    await offerTo(org.owner, org.viewer);
    await expectRefused(
      API.acceptOwnership,
      null,
      org.admin,
      'FAILED_PRECONDITION',
      /No offer of ownership is waiting for you/,
    );
    await expectRefused(
      API.acceptOwnership,
      null,
      org.owner,
      'FAILED_PRECONDITION',
      /No offer of ownership is waiting for you/,
    );

    // The owner who offered is no longer one (another owner changed that): the offer no longer stands.
    const second = await env.member(org.tenantId, 'owner');
    resultOf(
      await env.call(
        API.setUserRole,
        { uid: org.owner.uid, tenantId: org.tenantId, role: 'admin' },
        second.token,
      ),
    );
    await expectRefused(API.acceptOwnership, null, org.viewer, 'FAILED_PRECONDITION', /no longer stands/);
    expect(await roleOf(org.tenantId, org.viewer.uid)).toBe('viewer');
  });

  it('refuses an expired offer and lets the owner make a new one', async () => {
    const org = await organisation();
    await offerTo(org.owner, org.viewer);
    await env.store.update(ownershipOfferPath(org.tenantId), { expiresAt: '2020-01-01T00:00:00.000Z' });
    await expectRefused(API.acceptOwnership, null, org.viewer, 'FAILED_PRECONDITION', /no longer stands/);
    expect(resultOf(await env.call(API.getOwnershipOffer, null, org.owner.token))).toEqual({ offer: null });
    await offerTo(org.owner, org.admin);
  });

  it('never leaves the organisation without an owner, even when two members accept at once', async () => {
    const org = await organisation();
    await offerTo(org.owner, org.viewer);
    // The same acceptance twice at once: one transaction wins, the other finds no offer.
    const answers = await Promise.all([
      env.call(API.acceptOwnership, null, org.viewer.token),
      env.call(API.acceptOwnership, null, org.viewer.token),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const roles = (await env.store.query(paths.tenantUsers(org.tenantId))).map(({ data }) => data?.role);
    expect(roles.filter((role) => role === 'owner')).toHaveLength(1);
    expect(await roleOf(org.tenantId, org.viewer.uid)).toBe('owner');
    // The former owner, now an admin, cannot take the organisation's last owner away.
    await expectRefused(
      API.setUserRole,
      { uid: org.viewer.uid, tenantId: org.tenantId, role: 'admin' },
      org.owner,
      'PERMISSION_DENIED',
      /Only an owner can change the role of an owner/,
    );
    await expectRefused(
      API.setUserRole,
      { uid: org.viewer.uid, tenantId: org.tenantId, role: 'admin' },
      org.viewer,
      'FAILED_PRECONDITION',
      /only owner of the organisation/,
    );
  });
});

describe('ownership-cancel and ownership-decline', () => {
  it('lets the offering owner withdraw the offer, and nobody else', async () => {
    const org = await organisation();
    await expectRefused(
      API.cancelOwnershipOffer,
      null,
      org.owner,
      'FAILED_PRECONDITION',
      /No offer of ownership is waiting/,
    );
    await offerTo(org.owner, org.viewer);
    const second = await env.member(org.tenantId, 'owner');
    await expectRefused(
      API.cancelOwnershipOffer,
      null,
      second,
      'PERMISSION_DENIED',
      /Only the owner who made this offer/,
    );
    await expectRefused(
      API.cancelOwnershipOffer,
      null,
      org.viewer,
      'PERMISSION_DENIED',
      /Only the owner who made this offer/,
    );

    expect(resultOf(await env.call(API.cancelOwnershipOffer, null, org.owner.token))).toEqual({
      offer: null,
    });
    expect((await env.store.get(ownershipOfferPath(org.tenantId))).data).toBeNull();
    await expectRefused(
      API.acceptOwnership,
      null,
      org.viewer,
      'FAILED_PRECONDITION',
      /No offer of ownership is waiting for you/,
    );
  });

  it('lets the member offered decline it, and nobody else', async () => {
    const org = await organisation();
    await offerTo(org.owner, org.viewer);
    await expectRefused(
      API.declineOwnership,
      null,
      org.owner,
      'FAILED_PRECONDITION',
      /No offer of ownership is waiting for you/,
    );
    await expectRefused(
      API.declineOwnership,
      null,
      org.admin,
      'FAILED_PRECONDITION',
      /No offer of ownership is waiting for you/,
    );

    expect(resultOf(await env.call(API.declineOwnership, null, org.viewer.token))).toEqual({ offer: null });
    expect((await env.store.get(ownershipOfferPath(org.tenantId))).data).toBeNull();
    expect(await roleOf(org.tenantId, org.owner.uid)).toBe('owner');
    expect(await roleOf(org.tenantId, org.viewer.uid)).toBe('viewer');
  });
});

describe('ownership-getOffer', () => {
  it('shows the offer to those who manage users and to the member offered, to no one else', async () => {
    const org = await organisation();
    const editor = await env.member(org.tenantId, 'editor');
    expect(resultOf(await env.call(API.getOwnershipOffer, null, org.owner.token))).toEqual({ offer: null });
    const { offer: made } = await offerTo(org.owner, org.viewer);

    for (const who of [org.owner, org.admin, org.viewer]) {
      expect(resultOf(await env.call(API.getOwnershipOffer, null, who.token))).toEqual({ offer: made });
    }
    expect(resultOf(await env.call(API.getOwnershipOffer, null, editor.token))).toEqual({ offer: null });
  });
});

describe('an offer ends when the position of its member changes', () => {
  const offerOfOwner = async (owner: TestAccount) =>
    resultOf<ApiResponses[typeof API.getOwnershipOffer]>(
      await env.call(API.getOwnershipOffer, null, owner.token),
    ).offer;

  it('a role change withdraws it, tells the member by mail and shows it withdrawn on Users', async () => {
    const org = await organisation();
    await env.store.update(paths.organisation(org.tenantId), { name: 'Hand & <b>Over</b>' });
    await offerTo(org.owner, org.viewer);
    resultOf(
      await env.call(
        API.setUserRole,
        { uid: org.viewer.uid, tenantId: org.tenantId, role: 'admin' },
        org.owner.token,
      ),
    );

    expect((await env.store.get(ownershipOfferPath(org.tenantId))).data).toMatchObject({
      toUid: org.viewer.uid,
      withdrawn: { at: expect.any(String), reason: 'roleChanged' },
    });
    const withdrawn = (await mailsTo(org.viewer.email)).find((mail) =>
      mail.message.subject.startsWith('Ownership offer withdrawn'),
    );
    expect(withdrawn?.message.subject).toBe('Ownership offer withdrawn: Hand & <b>Over</b>');
    expect(withdrawn?.message.html).toContain('<strong>Hand &amp; &lt;b&gt;Over&lt;/b&gt;</strong>');
    expect(withdrawn?.message.html).toContain('owner Tester made you');
    expect(withdrawn?.message.html).toContain('because your role in it changed to admin');

    expect(await offerOfOwner(org.owner)).toMatchObject({
      to: { uid: org.viewer.uid },
      withdrawn: { reason: 'roleChanged' },
    });
    // The member has nothing left to answer.
    expect(resultOf(await env.call(API.getOwnershipOffer, null, org.viewer.token))).toEqual({ offer: null });
    await expectRefused(
      API.acceptOwnership,
      null,
      org.viewer,
      'FAILED_PRECONDITION',
      /your role in the organisation changed after it was made/,
    );
    await expectRefused(
      API.declineOwnership,
      null,
      org.viewer,
      'FAILED_PRECONDITION',
      /No offer of ownership is waiting for you/,
    );
    // A withdrawn offer keeps no one from making a new one; its maker may also clear it.
    await offerTo(org.owner, org.admin);
    expect(await offerOfOwner(org.owner)).not.toHaveProperty('withdrawn');
  });

  it('removing the member’s role withdraws it too, and its maker may clear it from Users', async () => {
    const org = await organisation();
    await offerTo(org.owner, org.viewer);
    resultOf(
      await env.call(API.removeUserRole, { uid: org.viewer.uid, tenantId: org.tenantId }, org.owner.token),
    );

    expect((await env.store.get(ownershipOfferPath(org.tenantId))).data).toMatchObject({
      withdrawn: { reason: 'roleRemoved' },
    });
    const withdrawn = (await mailsTo(org.viewer.email)).find((mail) =>
      mail.message.subject.startsWith('Ownership offer withdrawn'),
    );
    expect(withdrawn?.message.html).toContain('because your role in it was removed');
    expect(await offerOfOwner(org.admin)).toMatchObject({ withdrawn: { reason: 'roleRemoved' } });

    expect(resultOf(await env.call(API.cancelOwnershipOffer, null, org.owner.token))).toEqual({
      offer: null,
    });
    expect(await offerOfOwner(org.owner)).toBeNull();
  });

  it('a role change of anyone else leaves it standing, and mails nobody', async () => {
    const org = await organisation();
    const { offer } = await offerTo(org.owner, org.viewer);
    const mails = (await env.store.query(paths.mail())).length;
    resultOf(
      await env.call(
        API.setUserRole,
        { uid: org.admin.uid, tenantId: org.tenantId, role: 'user' },
        org.owner.token,
      ),
    );
    expect(await offerOfOwner(org.owner)).toEqual(offer);
    expect(await env.store.query(paths.mail())).toHaveLength(mails);
  });

  it('accepting reads the member’s role again: changed since the offer, it is refused', async () => {
    const org = await organisation();
    await offerTo(org.owner, org.viewer);
    // A change that reached the store by another way than the role callables.
    await env.store.update(paths.tenantUser(org.tenantId, org.viewer.uid), { role: 'editor' });
    const before = await snapshotStore(env.store);
    const error = errorOf(await env.call(API.acceptOwnership, null, org.viewer.token));
    expect(error.message).toBe(SERVER_ERRORS.ownershipOfferRoleChanged);
    expect(await snapshotStore(env.store)).toBe(before);
    expect(await roleOf(org.tenantId, org.owner.uid)).toBe('owner');
  });

  it('ends when the member deletes their account, naming them nowhere', async () => {
    const org = await organisation();
    await offerTo(org.owner, org.viewer);
    await eraseAccount(env.store, { uid: org.viewer.uid, email: org.viewer.email, tenantId: org.tenantId });
    expect((await env.store.get(ownershipOfferPath(org.tenantId))).data).toBeNull();
    expect(await offerOfOwner(org.owner)).toBeNull();
  });
});
