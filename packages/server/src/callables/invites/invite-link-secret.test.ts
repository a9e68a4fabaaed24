// An invite link opens the invite with a key only its addressee's mail holds. The invite's id, which
// the team list, the Activity screen and exports show to the inviting organisation, opens nothing;
// a link that leaked anyway loses its session to the real person's first e-mail sign-in.
import { API, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import {
  errorOf,
  inviteSentTo,
  resultOf,
  snapshotStore,
  startTestEnv,
  type TestAccount,
  type TestEnv,
} from '../../testing';
import { paths } from '../../repositories/paths';

let env: TestEnv;

beforeAll(async () => {
  env = await startTestEnv({ content: true });
}, 60_000);

afterAll(() => env?.stop(), 60_000);

let organisations = 0;

async function organisation() {
  const tenantId = `secret-org-${++organisations}`;
  const owner = await env.member(tenantId, 'owner');
  await env.store.set(paths.organisation(tenantId), { name: `Organisation ${organisations}` });
  await env.onPlan(tenantId, 'leader');
  return { tenantId, owner };
}

const inviteToTeam = async (from: TestAccount, email: string, role = 'owner') => {
  resultOf(await env.call(API.createInvite, { email, role }, from.token));
  return inviteSentTo(env.store, email);
};

/** A key of the right shape that no mail carried. */
const GUESSED_KEY = 'Guessed-key_0123456789abcdefghijklmnopqrstu';

describe("an invite's id", () => {
  it('opens nothing for the inviter who reads it on Activity: no offer, no session, no decline', async () => {
    const { tenantId, owner } = await organisation();
    const sent = await inviteToTeam(owner, 'real.owner@example.com');
    const activity = resultOf<ApiResponses[typeof API.listActivity]>(
      await env.call(API.listActivity, { kind: 'member.invited' }, owner.token),
    );
    const inviteId = activity.entries.find((entry) => entry.subject.type === 'invite')?.subject.id;
    expect(inviteId).toBe(sent.inviteId);

    const before = await snapshotStore(env.store);
    for (const name of [API.describeInvite, API.verifyAndLoginWithInvite, API.declineInvite] as const) {
      expect(errorOf(await env.call(name, { inviteId, key: GUESSED_KEY }, owner.token))).toEqual({
        status: 'NOT_FOUND',
        message: SERVER_ERRORS.inviteNotValid,
      });
      expect(errorOf(await env.call(name, { inviteId })).status).toBe('INVALID_ARGUMENT');
    }
    expect(await snapshotStore(env.store)).toBe(before);
    expect(await env.auth.getUserByEmail('real.owner@example.com')).toBeNull();
    expect((await env.store.query(paths.tenantUsers(tenantId))).map((doc) => doc.data?.email)).not.toContain(
      'real.owner@example.com',
    );
  });

  it('leaves the address free to accept its real employer', async () => {
    const { owner: stranger } = await organisation();
    const { owner: employer, tenantId: employerId } = await organisation();
    const planted = await inviteToTeam(stranger, 'sought.after@example.com');
    expect(
      errorOf(await env.call(API.verifyAndLoginWithInvite, { inviteId: planted.inviteId, key: GUESSED_KEY }))
        .status,
    ).toBe('NOT_FOUND');

    const real = await inviteToTeam(employer, 'sought.after@example.com', 'editor');
    const accepted = resultOf<ApiResponses[typeof API.verifyAndLoginWithInvite]>(
      await env.call(API.verifyAndLoginWithInvite, { inviteId: real.inviteId, key: real.key }),
    );
    const session = await env.auth.verifyIdToken(await env.signInWithCustomToken(accepted.token));
    expect(session.claims).toMatchObject({ tenantId: employerId, role: 'editor' });
  });
});

describe("an invite link's key", () => {
  it('is in no answer, audit entry, export or log line of the inviting organisation', async () => {
    const { owner } = await organisation();
    const email = 'kept.secret@example.com';
    const answers = [
      JSON.stringify(await env.call(API.createInvite, { email, role: 'viewer' }, owner.token)),
    ];
    const first = await inviteSentTo(env.store, email);
    await env.store.update(paths.invite(first.inviteId), { sentAt: '2020-01-01T00:00:00.000Z' });
    answers.push(JSON.stringify(await env.call(API.resendInvite, { email }, owner.token)));
    const second = await inviteSentTo(env.store, email);
    for (const [name, data] of [
      [API.listTenantUsers, null],
      [API.listActivity, {}],
      [API.exportMyData, null],
    ] as const) {
      answers.push(JSON.stringify(resultOf(await env.call(name, data, owner.token))));
    }
    const keyHash = String((await env.store.get(paths.invite(second.inviteId))).data?.keyHash);
    const seen = [...answers, ...env.logs].join('\n');
    expect(seen).toContain(second.inviteId);
    for (const secret of [first.key, second.key, keyHash]) expect(seen).not.toContain(secret);
  });

  it('opens the invite once: a second holder of the same link is refused after the first accepted', async () => {
    const { owner } = await organisation();
    const link = await inviteToTeam(owner, 'once@example.com', 'viewer');
    resultOf(await env.call(API.verifyAndLoginWithInvite, { inviteId: link.inviteId, key: link.key }));
    expect(
      errorOf(await env.call(API.verifyAndLoginWithInvite, { inviteId: link.inviteId, key: link.key })),
    ).toEqual({ status: 'FAILED_PRECONDITION', message: SERVER_ERRORS.inviteUsed });
  });
});

describe('a link that leaked anyway', () => {
  it('loses its session when the real person first signs in with an e-mail link; later sign-ins end nothing', async () => {
    const { owner, tenantId } = await organisation();
    const email = 'forwarded@example.com';
    const link = await inviteToTeam(owner, email, 'admin');
    // Whoever the mail was forwarded to opens it first, and holds an admin's session.
    const accepted = resultOf<ApiResponses[typeof API.verifyAndLoginWithInvite]>(
      await env.call(API.verifyAndLoginWithInvite, link),
    );
    const leaked = await env.signInWithCustomToken(accepted.token);
    // What an admin may do (inviting, changing roles, deleting) asks whether the session is still current.
    const invites = (token: string, who: string) =>
      env.call(API.createInvite, { email: `${who}@example.com`, role: 'viewer' }, token);
    expect(resultOf(await invites(leaked, 'by-leaked-session'))).toMatchObject({ status: 'sent' });

    // Revocation is kept to the second: the real person's sign-in falls in a later one.
    const { claims } = await env.auth.verifyIdToken(leaked);
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, (Number(claims.auth_time) + 1) * 1000 - Date.now())),
    );
    // The real person signs in with a link to their own inbox: the session from before ends.
    const real = await env.signInWithEmailLink(email);
    const renewed = resultOf<ApiResponses[typeof API.completeSignup]>(
      await env.call(API.completeSignup, { toolkit: 'demo-publisher' }, real),
    );
    expect(renewed).toMatchObject({ tenantId, sessionToken: expect.any(String) });
    expect(errorOf(await invites(leaked, 'after-proof')).status).toBe('UNAUTHENTICATED');
    const own = await env.signInWithCustomToken(renewed.sessionToken!);
    expect(resultOf(await invites(own, 'by-real-person'))).toMatchObject({ status: 'sent' });

    // Signing in again, on another device, is ordinary: the person's own sessions go on.
    const again = await env.signInWithEmailLink(email);
    const second = resultOf<ApiResponses[typeof API.completeSignup]>(
      await env.call(API.completeSignup, { toolkit: 'demo-publisher' }, again),
    );
    expect(second.sessionToken).toBeUndefined();
    expect(resultOf(await invites(own, 'still-current'))).toMatchObject({ status: 'sent' });
  });

  it("is not ended by the invite's own session calling sign-up: only the inbox proves the address again", async () => {
    const { owner } = await organisation();
    const link = await inviteToTeam(owner, 'holder@example.com', 'viewer');
    const accepted = resultOf<ApiResponses[typeof API.verifyAndLoginWithInvite]>(
      await env.call(API.verifyAndLoginWithInvite, link),
    );
    const session = await env.signInWithCustomToken(accepted.token);
    const answer = resultOf<ApiResponses[typeof API.completeSignup]>(
      await env.call(API.completeSignup, { toolkit: 'demo-publisher' }, session),
    );
    expect(answer.sessionToken).toBeUndefined();
    const { uid } = await env.auth.verifyIdToken(session);
    expect((await env.store.get(paths.globalUser(uid))).data).toMatchObject({ addressProof: 'invite' });
  });
});
