import { API } from '@toolkit/domain';
import { errorOf, resultOf, snapshotStore, startTestEnv, type TestAccount, type TestEnv } from '../testing';
import { paths } from '../repositories/paths';

let env: TestEnv;
let admin: TestAccount;

beforeAll(async () => {
  env = await startTestEnv({ authPort: 9417, content: true, appUrl: 'http://localhost:3000/' });
  admin = await env.member('acme', 'admin');
  await env.store.set(paths.organisation('acme'), { name: 'Acme <Tools> & "Sons"' });
}, 120_000);

afterAll(() => env?.stop(), 60_000);

async function invite(email: string) {
  return resultOf<{ inviteId: string; link: string }>(
    await env.call(API.createInvite, { email, surveyId: 'quickscan' }, admin.token),
  );
}

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
      'Acme <Tools> & "Sons" invites you to take the Sustainability Quickscan',
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
