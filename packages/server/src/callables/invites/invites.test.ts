// Invites grant nothing until their addressee proves the address (the e-mailed link, or a verified
// sign-in with it) and accepts; an account someone registered with another person's address gains
// nothing, and loses its password when the real person proves the address.
import { createHash } from 'node:crypto';
import { API, MESSAGES, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
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
let organisations = 0;

beforeAll(async () => {
  env = await startTestEnv({ content: true, appUrl: 'http://localhost:3000/' });
}, 120_000);

afterAll(() => env?.stop(), 60_000);

/** A fresh organisation on Leader (more than five members, the finer roles) with an owner and an admin. */
async function organisation(name = 'Acme <Tools> & "Sons"') {
  const tenantId = `org-${++organisations}`;
  const owner = await env.member(tenantId, 'owner');
  const admin = await env.member(tenantId, 'admin');
  await env.store.set(paths.organisation(tenantId), { name });
  await env.onPlan(tenantId, 'leader');
  return { tenantId, owner, admin };
}

/** Sends an invite; the id and link come from the invitee's e-mail, as in real life. */
async function invite(from: TestAccount, email: string, role?: string) {
  const answer = resultOf<ApiResponses[typeof API.createInvite]>(
    await env.call(API.createInvite, { email, surveyId: 'quickscan', ...(role ? { role } : {}) }, from.token),
  );
  expect(answer).toEqual({ status: 'sent', email: email.toLowerCase() });
  const sent = await inviteSentTo(env.store, email.toLowerCase());
  keys.set(sent.inviteId, sent.key);
  return sent;
}

/** The keys the invitees' mails carried, by invite id. */
const keys = new Map<string, string>();
/** What the invitee's link holds: the invite's id and its key (a well-formed wrong one for an unknown id). */
const linkOf = (inviteId: string) => ({ inviteId, key: keys.get(inviteId) ?? 'k'.repeat(43) });

const accept = (inviteId: string, token?: string) =>
  env.call(API.verifyAndLoginWithInvite, linkOf(inviteId), token);

const mailsTo = async (email: string) =>
  (await env.store.query(paths.mail())).filter((doc) => (doc.data?.to as string[]).includes(email));

/** Signs in with a password through the identity provider, as an attacker would. */
async function passwordWorks(email: string, password: string): Promise<boolean> {
  return env.admin
    .getUserByEmail(email)
    .then(() =>
      fetch(`${env.authUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password, returnSecureToken: true }),
      }),
    )
    .then((response) => response.ok);
}

describe('invites-create grants nothing', () => {
  it('stores the invite, its result, an escaped mail and the milestone; no account, claims or membership', async () => {
    const { tenantId, admin } = await organisation();
    const { inviteId, key, link } = await invite(admin, 'New.Person@Example.com');

    expect(link).toBe(`http://localhost:3000/journey/${inviteId}?inviteId=${inviteId}&key=${key}`);
    expect(key).not.toContain(inviteId);
    const stored = (await env.store.get(paths.invite(inviteId))).data;
    expect(stored).toEqual({
      status: 'pending',
      email: 'new.person@example.com',
      tenantId,
      surveyTenantId: 'demo-publisher',
      surveyId: 'quickscan',
      surveyResultId: expect.any(String),
      role: 'user',
      // Only the key's hash is stored: whoever reads the invite cannot open it.
      keyHash: createHash('sha256').update(key).digest('hex'),
      createdBy: admin.uid,
      createdAt: expect.stringMatching(/^\d{4}-/),
      sentAt: expect.stringMatching(/^\d{4}-/),
    });
    expect(
      (await env.store.get(paths.result('demo-publisher', 'quickscan', String(stored?.surveyResultId)))).data,
    ).toEqual({ startedAt: expect.stringMatching(/^\d{4}-/), userId: null });
    expect(await env.auth.getUserByEmail('new.person@example.com')).toBeNull();
    expect(
      (await env.store.query(paths.tenantUsers(tenantId))).map((doc) => doc.data?.email).sort(),
    ).not.toContain('new.person@example.com');

    const [mail] = await mailsTo('new.person@example.com');
    const message = (mail?.data as { message: { subject: string; html: string } }).message;
    expect(message.html).toContain('Acme &lt;Tools&gt; &amp; &quot;Sons&quot;');
    expect(message.html).not.toContain('<Tools>');
    expect(message.html).toContain(
      `href="http://localhost:3000/journey/${inviteId}?inviteId=${inviteId}&amp;key=${key}"`,
    );
    expect((await env.store.get(paths.organisationMilestone(tenantId, 'invite-team'))).data).toMatchObject({
      completed: true,
      completedBy: admin.uid,
    });
  });

  it('lists the invite as waiting on the users page, not as a member', async () => {
    const { admin } = await organisation();
    await invite(admin, 'waiting@example.com', 'editor');
    const team = resultOf<ApiResponses[typeof API.listTenantUsers]>(
      await env.call(API.listTenantUsers, null, admin.token),
    );
    expect(team.users.map((user) => user.email)).not.toContain('waiting@example.com');
    expect(team.invites).toEqual([
      {
        email: 'waiting@example.com',
        role: 'editor',
        sentAt: expect.any(String),
        status: 'pending',
        kind: 'survey',
        surveyId: 'quickscan',
        sentBy: 'admin Tester',
      },
    ]);
  });

  it('gives an account registered with the address and a password (never proven) nothing', async () => {
    const { tenantId, admin } = await organisation();
    const attacker = await env.account({ email: 'victim@example.com', verified: false });
    await invite(admin, 'victim@example.com', 'admin');

    expect((await env.auth.getUser(attacker.uid))?.customClaims).toEqual({});
    expect((await env.store.get(paths.tenantUser(tenantId, attacker.uid))).data).toBeNull();
    expect((await env.store.get(paths.globalUser(attacker.uid))).data).toBeNull();
    // Not with a fresh token either, nor by signing up through a portal.
    const fresh = await env.signIn(attacker);
    expect(errorOf(await env.call(API.listTenantUsers, null, fresh)).status).toBe('PERMISSION_DENIED');
    expect(errorOf(await env.call(API.completeSignup, { toolkit: 'quickscan' }, fresh))).toEqual({
      status: 'PERMISSION_DENIED',
      message: SERVER_ERRORS.emailNotVerified,
    });
  });

  it('refuses a member whose address is not proven everywhere a role counts, with a clear message', async () => {
    const { tenantId } = await organisation();
    const unproven = await env.account({ verified: false, claims: { tenantId, role: 'owner' } });
    await env.store.set(paths.tenantUser(tenantId, unproven.uid), {
      email: unproven.email,
      tenantId,
      role: 'owner',
    });
    const token = await env.signIn(unproven);
    for (const [name, data] of [
      [API.listTenantUsers, null],
      [API.createInvite, { email: 'x@example.com', surveyId: 'quickscan' }],
      [API.requestExpert, { topic: 'PLANET', message: 'Help', contact: 'email' }],
    ] as const) {
      expect(errorOf(await env.call(name, data, token))).toEqual({
        status: 'PERMISSION_DENIED',
        message: SERVER_ERRORS.emailNotVerified,
      });
    }
  });

  it('answers alike whether or not the address belongs to another organisation', async () => {
    const { admin } = await organisation();
    const elsewhere = await env.member('some-other-org', 'viewer');
    const before = (await env.store.get(paths.tenantUser('some-other-org', elsewhere.uid))).data;
    await invite(admin, elsewhere.email);
    await invite(admin, 'nobody-yet@example.com');
    expect((await env.auth.getUser(elsewhere.uid))?.customClaims).toEqual({
      tenantId: 'some-other-org',
      role: 'viewer',
    });
    expect((await env.store.get(paths.tenantUser('some-other-org', elsewhere.uid))).data).toEqual(before);
  });

  it('refuses an unknown survey and a member of the organisation, writing nothing', async () => {
    const { owner, admin } = await organisation();
    const before = await snapshotStore(env.store);
    expect(
      errorOf(await env.call(API.createInvite, { email: 'x@example.com', surveyId: 'nope' }, admin.token)),
    ).toEqual({ status: 'NOT_FOUND', message: 'There is no survey "nope" to invite someone to.' });
    expect(
      errorOf(await env.call(API.createInvite, { email: owner.email, surveyId: 'quickscan' }, admin.token)),
    ).toEqual({ status: 'ALREADY_EXISTS', message: SERVER_ERRORS.alreadyMember(owner.email) });
    expect(await snapshotStore(env.store)).toBe(before);
  });

  it('needs manage-users, and never a role holding a permission the inviter lacks', async () => {
    const { tenantId, admin } = await organisation();
    const editor = await env.member(tenantId, 'editor');
    expect(
      errorOf(
        await env.call(API.createInvite, { email: 'x@example.com', surveyId: 'quickscan' }, editor.token),
      ).status,
    ).toBe('PERMISSION_DENIED');
    const before = await snapshotStore(env.store);
    for (const role of ['owner', 'billing']) {
      expect(
        errorOf(
          await env.call(
            API.createInvite,
            { email: 'boss@example.com', surveyId: 'quickscan', role },
            admin.token,
          ),
        ).status,
      ).toBe('PERMISSION_DENIED');
    }
    expect(await snapshotStore(env.store)).toBe(before);
  });

  it('sends no second mail for a re-invite within minutes, and keeps the role rule for it', async () => {
    const { owner, admin } = await organisation();
    await invite(owner, 'again@example.com', 'viewer');
    const again = resultOf(
      await env.call(
        API.createInvite,
        { email: 'again@example.com', surveyId: 'quickscan', role: 'editor' },
        admin.token,
      ),
    );
    expect(again).toEqual({ status: 'already-sent', email: 'again@example.com' });
    expect(await mailsTo('again@example.com')).toHaveLength(1);
    const { inviteId } = await inviteSentTo(env.store, 'again@example.com');
    expect((await env.store.get(paths.invite(inviteId))).data).toMatchObject({ role: 'editor' });
    // An admin cannot turn a pending invite into an owner's, re-invite or not.
    expect(
      errorOf(
        await env.call(
          API.createInvite,
          { email: 'again@example.com', surveyId: 'quickscan', role: 'owner' },
          admin.token,
        ),
      ).status,
    ).toBe('PERMISSION_DENIED');
  });

  it('limits invite mails per account, naming when to try again, and writes nothing then', async () => {
    const { admin } = await organisation();
    for (let i = 0; i < 10; i += 1) await invite(admin, `crowd-${i}@example.com`);
    const before = await snapshotStore(env.store);
    const refused = errorOf(
      await env.call(API.createInvite, { email: 'one-more@example.com', surveyId: 'quickscan' }, admin.token),
    );
    expect(refused.status).toBe('RESOURCE_EXHAUSTED');
    expect(refused.message).toMatch(/try again/i);
    expect(await snapshotStore(env.store)).toBe(before);
  });
});

describe('accepting, declining, and who may', () => {
  it('describes the offer to the link holder before anything is accepted', async () => {
    const { owner } = await organisation('Harbour Bakery');
    const { inviteId } = await invite(owner, 'offered@example.com', 'editor');
    expect(resultOf(await env.call(API.describeInvite, linkOf(inviteId)))).toEqual({
      state: 'open',
      kind: 'survey',
      email: 'offered@example.com',
      organisationName: 'Harbour Bakery',
      inviterName: 'owner Tester',
      role: 'editor',
      surveyTitle: 'Sustainability Quickscan',
    });
    expect(await env.auth.getUserByEmail('offered@example.com')).toBeNull();
  });

  it('joins the organisation with the role on acceptance, in a session scoped to the invite', async () => {
    const { tenantId, admin } = await organisation();
    const { inviteId } = await invite(admin, 'joiner@example.com', 'editor');
    const stored = (await env.store.get(paths.invite(inviteId))).data;

    const accepted = resultOf<{ inviteData: unknown; token: string }>(await accept(inviteId));
    expect(accepted.inviteData).toEqual({
      surveyResultId: stored?.surveyResultId,
      surveyId: 'quickscan',
      tenantId: 'demo-publisher',
    });
    const joiner = await env.auth.getUserByEmail('joiner@example.com');
    expect(joiner).toMatchObject({ emailVerified: true, customClaims: { tenantId, role: 'editor' } });
    expect((await env.store.get(paths.tenantUser(tenantId, joiner!.uid))).data).toMatchObject({
      email: 'joiner@example.com',
      role: 'editor',
      invitedBy: admin.uid,
    });
    const session = await env.auth.verifyIdToken(await env.signInWithCustomToken(accepted.token));
    expect(session).toMatchObject({ uid: joiner!.uid, emailVerified: true, isAnonymous: false });
    expect(session.claims).toMatchObject({ tenantId, inviteId });
    expect(resultOf(await env.call(API.describeInvite, linkOf(inviteId)))).toMatchObject({
      state: 'accepted',
    });
  });

  it('takes over an account someone registered with the address: their password stops working', async () => {
    const { tenantId, admin } = await organisation();
    const attacker = await env.account({ email: 'taken@example.com', verified: false });
    const attackerToken = await env.signIn(attacker);
    const { inviteId } = await invite(admin, 'taken@example.com', 'admin');

    const { token } = resultOf<{ token: string }>(await accept(inviteId));
    expect(await passwordWorks('taken@example.com', 'test-password-1')).toBe(false);
    const invitee = await env.auth.verifyIdToken(await env.signInWithCustomToken(token));
    expect(invitee.uid).toBe(attacker.uid);
    expect((await env.auth.getUser(attacker.uid))?.customClaims).toEqual({ tenantId, role: 'admin' });
    // The token from before the proof holds no proven address: it is no member's. Once a second has
    // passed it is also revoked, which the Auth emulator checks (to the second) before the claims.
    expect([
      { status: 'PERMISSION_DENIED', message: SERVER_ERRORS.accountInOrganisationRequired },
      { status: 'UNAUTHENTICATED', message: SERVER_ERRORS.sessionInvalid },
    ]).toContainEqual(errorOf(await env.call(API.listTenantUsers, null, attackerToken)));
  });

  it('asks an account whose address was proven to sign in first, then lets it accept', async () => {
    const { tenantId, admin } = await organisation();
    const existing = await env.account({ email: 'has.account@example.com' });
    const { inviteId } = await invite(admin, 'has.account@example.com');
    const stranger = await env.account();
    for (const token of [undefined, stranger.token, (await env.anonymous()).token]) {
      expect(errorOf(await accept(inviteId, token))).toEqual({
        status: 'FAILED_PRECONDITION',
        message: MESSAGES.inviteForExistingAccount,
      });
    }
    const { token } = resultOf<{ token: string }>(await accept(inviteId, existing.token));
    expect((await env.auth.verifyIdToken(await env.signInWithCustomToken(token))).uid).toBe(existing.uid);
    expect((await env.store.get(paths.tenantUser(tenantId, existing.uid))).data).toMatchObject({
      role: 'user',
    });
  });

  it('lets a pending invite not block another organisation; the invitee joins one, and learns why not the other', async () => {
    const first = await organisation();
    const second = await organisation();
    const a = await invite(first.admin, 'wanted@example.com');
    const b = await invite(second.admin, 'wanted@example.com');
    resultOf(await accept(b.inviteId));
    const before = await snapshotStore(env.store);
    const wanted = await env.auth.getUserByEmail('wanted@example.com');
    // Signed in as themselves now (the session from the second invite), the first is refused.
    const session = await env.signInWithCustomToken(await env.auth.createCustomToken(wanted!.uid));
    expect(errorOf(await accept(a.inviteId, session))).toEqual({
      status: 'FAILED_PRECONDITION',
      message: SERVER_ERRORS.inviteIntoSecondOrganisation,
    });
    expect(await snapshotStore(env.store)).toBe(before);
  });

  it('declines: nothing is granted, the link stops working, and the inviter sees it declined', async () => {
    const { admin } = await organisation();
    const { inviteId } = await invite(admin, 'no.thanks@example.com');
    expect(resultOf(await env.call(API.declineInvite, linkOf(inviteId)))).toEqual({ status: 'declined' });
    expect(await env.auth.getUserByEmail('no.thanks@example.com')).toBeNull();
    expect(errorOf(await accept(inviteId))).toEqual({
      status: 'FAILED_PRECONDITION',
      message: SERVER_ERRORS.inviteDeclined,
    });
    const team = resultOf<ApiResponses[typeof API.listTenantUsers]>(
      await env.call(API.listTenantUsers, null, admin.token),
    );
    expect(team.invites).toEqual([
      expect.objectContaining({ email: 'no.thanks@example.com', status: 'declined' }),
    ]);
  });

  it('lets someone with a pending invite sign up through a portal into an organisation of their own', async () => {
    const { tenantId, admin } = await organisation();
    await invite(admin, 'own.way@example.com');
    const account = await env.account({ email: 'own.way@example.com' });
    const signedUp = resultOf<{ tenantId: string; created: boolean }>(
      await env.call(
        API.completeSignup,
        { toolkit: 'quickscan', organisationName: 'Own Way Ltd' },
        account.token,
      ),
    );
    expect(signedUp).toMatchObject({ created: true });
    expect(signedUp.tenantId).not.toBe(tenantId);
  });

  it('refuses an unknown, a used and an expired invite', async () => {
    const { admin } = await organisation();
    expect(errorOf(await accept('missing'))).toEqual({
      status: 'NOT_FOUND',
      message: SERVER_ERRORS.inviteNotValid,
    });
    const done = await invite(admin, 'done@example.com');
    await env.store.update(paths.invite(done.inviteId), { status: 'completed' });
    expect(errorOf(await accept(done.inviteId)).message).toBe(SERVER_ERRORS.inviteUsed);
    const late = await invite(admin, 'late@example.com');
    await env.store.update(paths.invite(late.inviteId), { createdAt: '2020-01-01T00:00:00.000Z' });
    expect(errorOf(await accept(late.inviteId)).message).toMatch(/more than 14 days old and has expired/);
  });
});

describe('an invite is accepted once, by its addressee, and its sessions end with it', () => {
  it('gives one session out of 20 parallel acceptances; later ones are refused', async () => {
    const { admin } = await organisation();
    const { inviteId } = await invite(admin, 'race@example.com');
    const responses = await Promise.all(Array.from({ length: 20 }, () => accept(inviteId)));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    for (const refused of responses.filter((response) => response.status !== 200)) {
      expect(errorOf(refused).message).toMatch(/already been opened/);
    }
    const stranger = await env.account();
    expect(errorOf(await accept(inviteId, stranger.token)).message).toMatch(/already been opened/);
  });

  it('lets the same signed-in invitee come back to it', async () => {
    const { admin } = await organisation();
    const { inviteId } = await invite(admin, 'returning@example.com');
    const first = resultOf<{ token: string }>(await accept(inviteId));
    const session = await env.signInWithCustomToken(first.token);
    const again = resultOf<{ token: string }>(await accept(inviteId, session));
    expect((await env.auth.verifyIdToken(await env.signInWithCustomToken(again.token))).uid).toBe(
      (await env.auth.getUserByEmail('returning@example.com'))?.uid,
    );
  });

  it('ends the sessions issued from it when it is submitted', async () => {
    const { admin } = await organisation();
    const { inviteId } = await invite(admin, 'submitter@example.com');
    const verified = resultOf<{
      token: string;
      inviteData: { tenantId: string; surveyId: string; surveyResultId: string };
    }>(await accept(inviteId));
    const session = await env.signInWithCustomToken(verified.token);
    expect((await env.call(API.getProfile, null, session)).status).toBe(200);

    const ids = { ...verified.inviteData, inviteId };
    // A scored answer, since a survey is not completed with none.
    resultOf(
      await env.call(
        API.saveInviteAnswer,
        { ...ids, questionId: 'renewable-electricity', answer: 'all', seq: 1 },
        session,
      ),
    );
    resultOf(await env.call(API.submitInvite, ids, session));

    for (const [name, data] of [
      [API.getProfile, null],
      [API.saveInviteAnswer, { ...ids, questionId: 'renewable-electricity', answer: 'all', seq: 9 }],
      [API.listMilestones, {}],
    ] as const) {
      expect(errorOf(await env.call(name, data, session))).toEqual({
        status: 'UNAUTHENTICATED',
        message: MESSAGES.inviteSessionEnded,
      });
    }
    expect(errorOf(await accept(inviteId, session)).message).toMatch(/already been used/);
  });
});
