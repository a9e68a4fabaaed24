import { API, MESSAGES } from '@toolkit/domain';
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
let admin: TestAccount;

beforeAll(async () => {
  env = await startTestEnv({ authPort: 9417, content: true, appUrl: 'http://localhost:3000/' });
  admin = await env.member('acme', 'admin');
  await env.store.set(paths.organisation('acme'), { name: 'Acme <Tools> & "Sons"' });
  // More than five members and the finer roles (billing.test.ts covers the Free plan's limits).
  await env.onPlan('acme', 'leader');
}, 120_000);

afterAll(() => env?.stop(), 60_000);

/** Sends an invite as the admin; the id and link come from the invitee's e-mail, as in real life. */
async function invite(email: string, role?: string) {
  const answer = resultOf(
    await env.call(
      API.createInvite,
      { email, surveyId: 'quickscan', ...(role ? { role } : {}) },
      admin.token,
    ),
  );
  expect(answer).toEqual({ status: 'sent', email: email.toLowerCase() });
  return inviteSentTo(env.store, email.toLowerCase());
}

const verify = async (inviteId: string, token?: string) =>
  env.call(API.verifyAndLoginWithInvite, { inviteId }, token);

describe('invites-create', () => {
  it('creates the invite, its result, an auth user, an escaped mail and the invite-team milestone', async () => {
    const { inviteId, link } = await invite('New.Person@Example.com');

    expect(link).toBe(`http://localhost:3000/journey/${inviteId}?inviteId=${inviteId}`);
    const stored = (await env.store.get(paths.invite(inviteId))).data;
    expect(stored).toEqual({
      status: 'pending',
      email: 'new.person@example.com',
      tenantId: 'acme',
      surveyTenantId: 'demo-publisher',
      surveyId: 'quickscan',
      surveyResultId: expect.any(String),
      role: 'user',
      invitedUid: (await env.auth.getUserByEmail('new.person@example.com'))?.uid,
      accountExisted: false,
      createdBy: admin.uid,
      createdAt: expect.stringMatching(/^\d{4}-/),
    });
    expect(
      // With the survey's other results, under its publisher, where the survey route looks for it.
      (await env.store.get(paths.result('demo-publisher', 'quickscan', String(stored?.surveyResultId)))).data,
    ).toEqual({
      startedAt: expect.stringMatching(/^\d{4}-/),
      userId: null,
    });
    expect(await env.auth.getUserByEmail('new.person@example.com')).not.toBeNull();

    const mails = (await env.store.exportAll()).filter((doc) => doc.path.startsWith('mail/'));
    expect(mails).toHaveLength(1);
    const mail = mails[0]?.data as {
      to: string[];
      bcc: string[];
      message: { subject: string; html: string };
    };
    expect(mail.to).toEqual(['new.person@example.com']);
    expect(mail.message.subject).toBe(
      'Invitation to take the Sustainability Quickscan for Acme <Tools> & "Sons"',
    );
    expect(mail.message.html).toContain('Acme &lt;Tools&gt; &amp; &quot;Sons&quot;');
    expect(mail.message.html).not.toContain('<Tools>');
    expect(mail.message.html).toContain(
      `href="http://localhost:3000/journey/${inviteId}?inviteId=${inviteId}"`,
    );

    expect((await env.store.get(paths.milestone('acme', admin.uid, 'invite-team'))).data).toMatchObject({
      completed: true,
      completedBy: admin.uid,
    });
  });

  it('makes the invited person a user of the organisation, so an admin can later change their role', async () => {
    const { inviteId } = await invite('teammate@example.com');
    const teammate = await env.auth.getUserByEmail('teammate@example.com');
    expect(teammate?.customClaims).toMatchObject({ tenantId: 'acme', role: 'user' });
    expect((await env.store.get(paths.tenantUser('acme', teammate!.uid))).data).toMatchObject({
      email: 'teammate@example.com',
      tenantId: 'acme',
      role: 'user',
      invitedBy: admin.uid,
      invitePending: true,
      accountCreatedByInvite: true,
    });
    expect((await env.store.get(paths.globalUser(teammate!.uid))).data).toMatchObject({ tenants: ['acme'] });
    expect(inviteId).toEqual(expect.any(String));
  });

  it('refuses someone who belongs to another organisation, and writes nothing', async () => {
    const other = await env.member('other-org', 'viewer');
    const before = await snapshotStore(env.store);
    const error = errorOf(
      await env.call(API.createInvite, { email: other.email, surveyId: 'quickscan' }, admin.token),
    );
    expect(error).toEqual({
      status: 'FAILED_PRECONDITION',
      message: `${other.email} already belongs to another organisation, so they cannot join yours.`,
    });
    expect(await snapshotStore(env.store)).toBe(before);
  });

  it('refuses an unknown survey and writes nothing', async () => {
    const before = await snapshotStore(env.store);
    expect(
      errorOf(await env.call(API.createInvite, { email: 'x@example.com', surveyId: 'nope' }, admin.token)),
    ).toEqual({ status: 'NOT_FOUND', message: 'There is no survey "nope" to invite someone to.' });
    expect(await snapshotStore(env.store)).toBe(before);
  });

  it('needs the manage-users permission', async () => {
    const editor = await env.member('acme', 'editor');
    const error = errorOf(
      await env.call(API.createInvite, { email: 'x@example.com', surveyId: 'quickscan' }, editor.token),
    );
    expect(error.status).toBe('PERMISSION_DENIED');
  });
});

describe('journey-verifyAndLoginWithInvite', () => {
  it('returns the invite data and a custom token for the invited user with {tenantId, inviteId}', async () => {
    const { inviteId } = await invite('respondent@example.com');
    const stored = (await env.store.get(paths.invite(inviteId))).data;

    const result = resultOf<{ inviteData: unknown; token: string }>(
      await env.call(API.verifyAndLoginWithInvite, { inviteId }),
    );

    expect(result.inviteData).toEqual({
      surveyResultId: stored?.surveyResultId,
      surveyId: 'quickscan',
      tenantId: 'demo-publisher',
    });
    const session = await env.auth.verifyIdToken(await env.signInWithCustomToken(result.token));
    expect(session.uid).toBe((await env.auth.getUserByEmail('respondent@example.com'))?.uid);
    expect(session.isAnonymous).toBe(false);
    expect(session.claims).toMatchObject({ tenantId: 'acme', inviteId });
  });

  it('refuses an unknown invite and one that was already completed', async () => {
    expect(errorOf(await env.call(API.verifyAndLoginWithInvite, { inviteId: 'missing' }))).toEqual({
      status: 'NOT_FOUND',
      message: 'This invite link is not valid. Ask the person who invited you to send a new one.',
    });
    const { inviteId } = await invite('done@example.com');
    await env.store.update(paths.invite(inviteId), { status: 'completed' });
    expect(errorOf(await env.call(API.verifyAndLoginWithInvite, { inviteId }))).toEqual({
      status: 'FAILED_PRECONDITION',
      message: 'This invite has already been used. Ask the person who invited you to send a new one.',
    });
  });

  it('refuses an invite link older than 14 days', async () => {
    const { inviteId } = await invite('late@example.com');
    await env.store.update(paths.invite(inviteId), { createdAt: '2020-01-01T00:00:00.000Z' });
    expect(errorOf(await env.call(API.verifyAndLoginWithInvite, { inviteId })).message).toMatch(
      /more than 14 days old and has expired/,
    );
  });
});

describe('invites cannot take over accounts (issue: an admin became owner through an invite)', () => {
  it("refuses the owner's own address, and the admin never sees a link or gets a token", async () => {
    const owner = await env.member('acme', 'owner');
    const before = await snapshotStore(env.store);
    const response = await env.call(
      API.createInvite,
      { email: owner.email, surveyId: 'quickscan' },
      admin.token,
    );
    expect(errorOf(response)).toEqual({
      status: 'ALREADY_EXISTS',
      message: `${owner.email} is already a member of your organisation. Change their role in the list instead.`,
    });
    expect(await snapshotStore(env.store)).toBe(before);
  });

  it('answers the inviter with neither the link nor the invite id', async () => {
    const answer = resultOf(
      await env.call(API.createInvite, { email: 'quiet@example.com', surveyId: 'quickscan' }, admin.token),
    );
    const { inviteId } = await inviteSentTo(env.store, 'quiet@example.com');
    expect(JSON.stringify(answer)).not.toContain(inviteId);
    expect(JSON.stringify(answer)).not.toContain('/journey/');
  });

  it("refuses a role above the inviter's own, and writes nothing", async () => {
    const before = await snapshotStore(env.store);
    expect(
      errorOf(
        await env.call(
          API.createInvite,
          { email: 'boss@example.com', surveyId: 'quickscan', role: 'owner' },
          admin.token,
        ),
      ),
    ).toEqual({
      status: 'PERMISSION_DENIED',
      message: 'You cannot invite someone as owner, which is above your own role (admin).',
    });
    expect(await snapshotStore(env.store)).toBe(before);
    expect(await env.auth.getUserByEmail('boss@example.com')).toBeNull();
  });

  it('invites into a role up to the inviter’s, which the invitee holds once signed in', async () => {
    const { inviteId } = await invite('new.editor@example.com', 'editor');
    const editor = await env.auth.getUserByEmail('new.editor@example.com');
    expect(editor?.customClaims).toMatchObject({ tenantId: 'acme', role: 'editor' });
    expect((await env.store.get(paths.tenantUser('acme', editor!.uid))).data).toMatchObject({
      role: 'editor',
    });
    expect((await env.store.get(paths.invite(inviteId))).data).toMatchObject({ role: 'editor' });
  });

  it('never signs anyone into an account that existed before the invite', async () => {
    const existing = await env.account({ email: 'has.account@example.com' });
    const { inviteId } = await invite('has.account@example.com');
    const stranger = await env.account();

    for (const token of [undefined, stranger.token, (await env.anonymous()).token]) {
      expect(errorOf(await verify(inviteId, token))).toEqual({
        status: 'FAILED_PRECONDITION',
        message: MESSAGES.inviteForExistingAccount,
      });
    }
    expect((await env.store.get(paths.invite(inviteId))).data?.redeemedBy).toBeUndefined();

    // Signed in through their own e-mail link, the invitee redeems it for their own account.
    const { token } = resultOf<{ token: string }>(await verify(inviteId, await env.signIn(existing)));
    const session = await env.auth.verifyIdToken(await env.signInWithCustomToken(token));
    expect(session.uid).toBe(existing.uid);
  });

  it('lets a pending invitee be invited again, but not someone who has joined', async () => {
    await invite('again@example.com');
    const { inviteId } = await invite('again@example.com');
    resultOf(await verify(inviteId));
    expect(
      errorOf(
        await env.call(API.createInvite, { email: 'again@example.com', surveyId: 'quickscan' }, admin.token),
      ).status,
    ).toBe('ALREADY_EXISTS');
  });
});

describe('an invite is redeemed once, by its addressee, and its sessions end with it', () => {
  it('gives one session out of 20 parallel redemptions; later ones are refused', async () => {
    const { inviteId } = await invite('race@example.com');
    const responses = await Promise.all(Array.from({ length: 20 }, () => verify(inviteId)));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    for (const refused of responses.filter((response) => response.status !== 200)) {
      expect(errorOf(refused).message).toMatch(/already been opened/);
    }
    expect(errorOf(await verify(inviteId)).message).toMatch(/already been opened/);
    const stranger = await env.account();
    expect(errorOf(await verify(inviteId, stranger.token)).message).toMatch(/already been opened/);
  });

  it('lets the same signed-in invitee come back to it', async () => {
    const { inviteId } = await invite('returning@example.com');
    const first = resultOf<{ token: string }>(await verify(inviteId));
    const session = await env.signInWithCustomToken(first.token);
    const again = resultOf<{ token: string; inviteData: unknown }>(await verify(inviteId, session));
    expect((await env.auth.verifyIdToken(await env.signInWithCustomToken(again.token))).uid).toBe(
      (await env.auth.getUserByEmail('returning@example.com'))?.uid,
    );
  });

  it('ends the sessions issued from it when it is submitted', async () => {
    const { inviteId } = await invite('submitter@example.com');
    const verified = resultOf<{
      token: string;
      inviteData: { tenantId: string; surveyId: string; surveyResultId: string };
    }>(await verify(inviteId));
    const session = await env.signInWithCustomToken(verified.token);
    expect((await env.call(API.getProfile, null, session)).status).toBe(200);

    const ids = { ...verified.inviteData, inviteId };
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
    // A public call treats the ended session as signed out and says what happened to the invite.
    expect(errorOf(await verify(inviteId, session)).message).toMatch(/already been used/);
    expect(
      errorOf(await env.call(API.setMilestone, { milestoneId: 'view-results', completed: true }, session)),
    ).toEqual({ status: 'UNAUTHENTICATED', message: MESSAGES.userNotAuthenticated });
  });
});
