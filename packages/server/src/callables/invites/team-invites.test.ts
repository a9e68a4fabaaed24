// Two kinds of invite: Users → Invite asks someone to join the team (no survey, a member's session on
// acceptance), a survey invite asks them to answer a survey. The organisation sees what became of each
// invite it is waiting on, re-sends one by the re-invite rules and withdraws one, whose link then says so.
import { createHash } from 'node:crypto';
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
let organisations = 0;

beforeAll(async () => {
  env = await startTestEnv({ content: true, appUrl: 'http://localhost:3000/' });
}, 120_000);

afterAll(() => env?.stop(), 60_000);

async function organisation(name = 'Harbour Bakery') {
  const tenantId = `team-org-${++organisations}`;
  const owner = await env.member(tenantId, 'owner');
  const admin = await env.member(tenantId, 'admin');
  await env.store.set(paths.organisation(tenantId), { name });
  await env.onPlan(tenantId, 'leader');
  return { tenantId, owner, admin };
}

async function inviteToTeam(from: TestAccount, email: string, role?: string) {
  const answer = resultOf(await env.call(API.createInvite, { email, ...(role ? { role } : {}) }, from.token));
  expect(answer).toEqual({ status: 'sent', email });
  const sent = await inviteSentTo(env.store, email);
  keys.set(sent.inviteId, sent.key);
  return sent;
}

/** The keys the invitees' latest mails carried, by invite id. */
const keys = new Map<string, string>();
/** What the invitee's link holds: the invite's id and its key (a well-formed wrong one for an unknown id). */
const linkOf = (inviteId: string) => ({ inviteId, key: keys.get(inviteId) ?? 'k'.repeat(43) });
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const mailsTo = async (email: string) =>
  (await env.store.query(paths.mail()))
    .filter((doc) => (doc.data?.to as string[]).includes(email))
    .map((doc) => (doc.data as { message: { subject: string; html: string } }).message);

const team = async (from: TestAccount) =>
  resultOf<ApiResponses[typeof API.listTenantUsers]>(await env.call(API.listTenantUsers, null, from.token));

/** Moves an invite's last mail (or its creation) back in time, as if minutes or weeks had passed. */
const age = (inviteId: string, fields: Record<string, string>) =>
  env.store.update(paths.invite(inviteId), fields);
const LONG_AGO = '2020-01-01T00:00:00.000Z';
const ELEVEN_MINUTES_AGO = () => new Date(Date.now() - 11 * 60 * 1000).toISOString();

describe('a team invite', () => {
  it('is stored as a team invite with no survey or result, and its mail asks to join the team', async () => {
    const { tenantId, owner } = await organisation();
    const { inviteId, link } = await inviteToTeam(owner, 'colleague@example.com', 'viewer');
    expect((await env.store.get(paths.invite(inviteId))).data).toEqual({
      status: 'pending',
      kind: 'team',
      email: 'colleague@example.com',
      tenantId,
      role: 'viewer',
      keyHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      createdBy: owner.uid,
      createdAt: expect.any(String),
      sentAt: expect.any(String),
    });
    const [mail] = await mailsTo('colleague@example.com');
    expect(mail?.subject).toBe('Invitation to join the team of Harbour Bakery');
    expect(mail?.html).toContain('invites you to join <strong>Harbour Bakery</strong> as a viewer');
    expect(mail?.html).not.toMatch(/take the|assessment|survey/i);
    expect(mail?.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    expect(resultOf(await env.call(API.describeInvite, linkOf(inviteId)))).toEqual({
      state: 'open',
      kind: 'team',
      email: 'colleague@example.com',
      organisationName: 'Harbour Bakery',
      inviterName: 'owner Tester',
      role: 'viewer',
      surveyTitle: null,
    });
  });

  it("joins on acceptance with a member's session (no survey to answer), once", async () => {
    const { tenantId, admin } = await organisation();
    const { inviteId } = await inviteToTeam(admin, 'joins@example.com', 'editor');
    const accepted = resultOf<ApiResponses[typeof API.verifyAndLoginWithInvite]>(
      await env.call(API.verifyAndLoginWithInvite, linkOf(inviteId)),
    );
    expect(accepted.inviteData).toBeNull();
    const session = await env.signInWithCustomToken(accepted.token);
    const member = await env.auth.verifyIdToken(session);
    expect(member.claims).toMatchObject({ tenantId, role: 'editor' });
    expect(member.claims).not.toHaveProperty('inviteId');
    // A member's session: it does not end with the invite, which is closed now.
    expect((await env.store.get(paths.invite(inviteId))).data).toMatchObject({
      status: 'accepted',
      redeemedBy: member.uid,
    });
    expect(resultOf(await env.call(API.getProfile, null, session))).toMatchObject({
      profile: { role: 'editor', tenantId },
    });
    expect(resultOf(await env.call(API.describeInvite, linkOf(inviteId)))).toMatchObject({
      state: 'accepted',
    });
    // The member coming back through the link carries on; anyone else is told it was used.
    expect(resultOf(await env.call(API.verifyAndLoginWithInvite, linkOf(inviteId), session))).toMatchObject({
      inviteData: null,
    });
    expect(errorOf(await env.call(API.verifyAndLoginWithInvite, linkOf(inviteId))).message).toBe(
      SERVER_ERRORS.inviteUsed,
    );
    expect((await team(admin)).invites).toEqual([]);
  });

  it('takes the name the invitee gives as they accept, so the team list names them', async () => {
    const { admin } = await organisation();
    const { inviteId } = await inviteToTeam(admin, 'named@example.com', 'viewer');
    const before = await snapshotStore(env.store);
    // Refused in words, beside the field, changing nothing: an empty name, a name too long, half a name.
    const refusals = [
      [{ firstName: '  ', lastName: 'Ng' }, 'Enter your first name.'],
      [{ firstName: 'Sam', lastName: '' }, 'Enter your last name.'],
      [{ firstName: 'Sam', lastName: 'N'.repeat(101) }, SERVER_ERRORS.textTooLong(100)],
      [{ firstName: 'Sam' }, 'Enter your last name.'],
    ] as const;
    for (const [names, message] of refusals) {
      const error = errorOf(await env.call(API.verifyAndLoginWithInvite, { ...linkOf(inviteId), ...names }));
      expect(error.status).toBe('INVALID_ARGUMENT');
      expect(JSON.stringify(error)).toContain(message);
    }
    expect(await snapshotStore(env.store)).toBe(before);

    const accepted = resultOf<ApiResponses[typeof API.verifyAndLoginWithInvite]>(
      await env.call(API.verifyAndLoginWithInvite, {
        ...linkOf(inviteId),
        firstName: '  Sam ',
        lastName: ' Ng',
      }),
    );
    const { uid } = await env.auth.verifyIdToken(await env.signInWithCustomToken(accepted.token));
    const joined = (await team(admin)).users.find((user) => user.email === 'named@example.com');
    expect(joined).toMatchObject({ firstName: 'Sam', lastName: 'Ng' });
    expect((await env.store.get(paths.globalUser(uid))).data).toMatchObject({
      firstName: 'Sam',
      lastName: 'Ng',
    });
  });

  it('treats an invite stored before kinds existed as the survey invite it was', async () => {
    const { tenantId, owner } = await organisation();
    keys.set('stored-before', 'Stored-before-kinds_0123456789abcdefghijklm');
    await env.store.set(paths.invite('stored-before'), {
      keyHash: sha256('Stored-before-kinds_0123456789abcdefghijklm'),
      status: 'pending',
      email: 'old@example.com',
      tenantId,
      surveyTenantId: 'demo-publisher',
      surveyId: 'quickscan',
      surveyResultId: 'old-result',
      role: 'user',
      createdBy: owner.uid,
      createdAt: new Date().toISOString(),
    });
    expect(resultOf(await env.call(API.describeInvite, linkOf('stored-before')))).toMatchObject({
      kind: 'survey',
      surveyTitle: 'Sustainability Quickscan',
    });
    expect((await team(owner)).invites).toEqual([
      expect.objectContaining({ email: 'old@example.com', kind: 'survey', surveyId: 'quickscan' }),
    ]);
    const accepted = resultOf<ApiResponses[typeof API.verifyAndLoginWithInvite]>(
      await env.call(API.verifyAndLoginWithInvite, linkOf('stored-before')),
    );
    expect(accepted.inviteData).toEqual({
      surveyResultId: 'old-result',
      surveyId: 'quickscan',
      tenantId: 'demo-publisher',
    });
  });

  it('opens nothing when stored before links carried a key, whatever key is tried', async () => {
    const { tenantId, owner } = await organisation();
    await env.store.set(paths.invite('keyless'), {
      status: 'pending',
      kind: 'team',
      email: 'keyless@example.com',
      tenantId,
      role: 'owner',
      createdBy: owner.uid,
      createdAt: new Date().toISOString(),
    });
    const before = await snapshotStore(env.store);
    for (const name of [API.describeInvite, API.verifyAndLoginWithInvite, API.declineInvite] as const) {
      expect(errorOf(await env.call(name, linkOf('keyless')))).toEqual({
        status: 'NOT_FOUND',
        message: SERVER_ERRORS.inviteNotValid,
      });
    }
    expect(await snapshotStore(env.store)).toBe(before);
  });

  it('a survey invite to the same address replaces a team invite: another ask, another mail, not within minutes', async () => {
    const { owner } = await organisation();
    const first = await inviteToTeam(owner, 'both@example.com');
    const surveyInvite = () =>
      env.call(API.createInvite, { email: 'both@example.com', surveyId: 'quickscan' }, owner.token);
    // The other kind of invite waits as long as a re-invite: an address is not mailed twice in minutes.
    const before = await snapshotStore(env.store);
    expect(errorOf(await surveyInvite())).toEqual({
      status: 'FAILED_PRECONDITION',
      message: SERVER_ERRORS.inviteMailedRecently('both@example.com', 10),
    });
    expect(await snapshotStore(env.store)).toBe(before);
    await age(first.inviteId, { sentAt: ELEVEN_MINUTES_AGO() });
    resultOf(await surveyInvite());
    expect(await mailsTo('both@example.com')).toHaveLength(2);
    expect(errorOf(await env.call(API.describeInvite, linkOf(first.inviteId))).status).toBe('NOT_FOUND');
    const [mail] = (await mailsTo('both@example.com')).filter((message) => message.subject.includes('take'));
    expect(mail?.html).toContain('invites you to take the <strong>Sustainability Quickscan</strong>');
  });
});

describe('the invites the organisation waits on', () => {
  it('lists each with its status, kind, who sent it and when', async () => {
    const { owner, admin } = await organisation();
    const sent = await inviteToTeam(owner, 'sent@example.com');
    const opened = await inviteToTeam(admin, 'opened@example.com', 'editor');
    const expired = await inviteToTeam(owner, 'expired@example.com');
    const declined = await inviteToTeam(owner, 'declined@example.com');
    resultOf(await env.call(API.describeInvite, linkOf(opened.inviteId)));
    await age(expired.inviteId, { createdAt: LONG_AGO });
    resultOf(await env.call(API.declineInvite, linkOf(declined.inviteId)));
    const byEmail = Object.fromEntries((await team(owner)).invites.map((invite) => [invite.email, invite]));
    expect(byEmail).toEqual({
      'sent@example.com': {
        email: 'sent@example.com',
        role: 'user',
        sentAt: expect.stringMatching(/^\d{4}-/),
        status: 'pending',
        kind: 'team',
        surveyId: null,
        sentBy: 'owner Tester',
      },
      'opened@example.com': expect.objectContaining({
        status: 'opened',
        role: 'editor',
        sentBy: 'admin Tester',
      }),
      'expired@example.com': expect.objectContaining({ status: 'expired' }),
      'declined@example.com': expect.objectContaining({ status: 'declined' }),
    });
    expect(sent.inviteId).toBeTruthy();
  });
});

describe('after the invitee declines', () => {
  it('the organisation cannot invite the address again for 30 days, by any kind of invite', async () => {
    const { owner } = await organisation();
    const email = 'said.no@example.com';
    const { inviteId } = await inviteToTeam(owner, email);
    resultOf(await env.call(API.declineInvite, linkOf(inviteId)));
    const declinedAt = String((await env.store.get(paths.invite(inviteId))).data?.declinedAt);
    const until = new Date(Date.parse(declinedAt) + 30 * 24 * 60 * 60 * 1000);
    const refusal = {
      status: 'FAILED_PRECONDITION',
      message: SERVER_ERRORS.inviteRecentlyDeclined(email, until),
    };
    expect(refusal.message).toMatch(/You can invite them again from \d{1,2} \w{3} \d{4}\.$/);

    const before = await snapshotStore(env.store);
    expect(errorOf(await env.call(API.createInvite, { email }, owner.token))).toEqual(refusal);
    expect(errorOf(await env.call(API.createInvite, { email, surveyId: 'quickscan' }, owner.token))).toEqual(
      refusal,
    );
    expect(errorOf(await env.call(API.resendInvite, { email }, owner.token))).toEqual(refusal);
    expect(await snapshotStore(env.store)).toBe(before);
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await team(owner)).invites).toEqual([expect.objectContaining({ email, status: 'declined' })]);

    await age(inviteId, { declinedAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString() });
    expect(resultOf(await env.call(API.createInvite, { email }, owner.token))).toEqual({
      status: 'sent',
      email,
    });
  });

  it("keeps another organisation's invites to the address coming", async () => {
    const first = await organisation();
    const second = await organisation('Second Bakery');
    const { inviteId } = await inviteToTeam(first.owner, 'busy@example.com');
    resultOf(await env.call(API.declineInvite, linkOf(inviteId)));
    await inviteToTeam(second.owner, 'busy@example.com');
  });
});

describe('resending', () => {
  it('sends nothing within 10 minutes of the last mail, then a new key that ends the old one', async () => {
    const { admin } = await organisation();
    const { inviteId, key, link } = await inviteToTeam(admin, 'again@example.com');
    const before = await snapshotStore(env.store);
    expect(resultOf(await env.call(API.resendInvite, { email: 'again@example.com' }, admin.token))).toEqual({
      status: 'already-sent',
      email: 'again@example.com',
    });
    expect(await snapshotStore(env.store)).toBe(before);

    await age(inviteId, { sentAt: ELEVEN_MINUTES_AGO() });
    expect(resultOf(await env.call(API.resendInvite, { email: 'again@example.com' }, admin.token))).toEqual({
      status: 'sent',
      email: 'again@example.com',
    });
    const mails = await mailsTo('again@example.com');
    expect(mails).toHaveLength(2);
    const resent = await inviteSentTo(env.store, 'again@example.com');
    expect(resent.inviteId).toBe(inviteId);
    expect(resent.key).not.toBe(key);
    expect(mails.map((mail) => mail.html).join()).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    expect(mails[1]?.subject).toBe('Invitation to join the team of Harbour Bakery');
    // The first mail's link opens nothing now; the new one does.
    expect(errorOf(await env.call(API.describeInvite, { inviteId, key })).message).toBe(
      SERVER_ERRORS.inviteNotValid,
    );
    expect(resultOf(await env.call(API.describeInvite, { inviteId, key: resent.key }))).toMatchObject({
      state: 'open',
    });
  });

  it('gives an expired invite a new link; the old one stays dead', async () => {
    const { owner } = await organisation();
    const old = await inviteToTeam(owner, 'late@example.com', 'viewer');
    await age(old.inviteId, { createdAt: LONG_AGO, sentAt: LONG_AGO });
    resultOf(await env.call(API.resendInvite, { email: 'late@example.com' }, owner.token));
    const renewed = await inviteSentTo(env.store, 'late@example.com');
    expect(renewed.inviteId).not.toBe(old.inviteId);
    expect(errorOf(await env.call(API.verifyAndLoginWithInvite, linkOf(old.inviteId))).status).toBe(
      'FAILED_PRECONDITION',
    );
    expect((await team(owner)).invites).toEqual([
      expect.objectContaining({ email: 'late@example.com', status: 'pending' }),
    ]);
    expect(
      resultOf(await env.call(API.describeInvite, { inviteId: renewed.inviteId, key: renewed.key })),
    ).toMatchObject({
      state: 'open',
      kind: 'team',
      role: 'viewer',
    });
  });

  it('counts against the hourly invite mails, and needs manage-users', async () => {
    const { tenantId, admin } = await organisation();
    for (let i = 0; i < 10; i += 1) await inviteToTeam(admin, `crowd-${i}@example.com`);
    const { inviteId } = await inviteSentTo(env.store, 'crowd-0@example.com');
    await age(inviteId, { sentAt: ELEVEN_MINUTES_AGO() });
    const editor = await env.member(tenantId, 'editor');
    const before = await snapshotStore(env.store);
    const refused = errorOf(await env.call(API.resendInvite, { email: 'crowd-0@example.com' }, admin.token));
    expect(refused.status).toBe('RESOURCE_EXHAUSTED');
    expect(refused.message).toMatch(/try again/i);
    expect(
      errorOf(await env.call(API.resendInvite, { email: 'crowd-0@example.com' }, editor.token)).status,
    ).toBe('PERMISSION_DENIED');
    expect(await snapshotStore(env.store)).toBe(before);
  });

  it('finds no invite for an address the organisation is not waiting on', async () => {
    const { owner } = await organisation();
    expect(errorOf(await env.call(API.resendInvite, { email: 'nobody@example.com' }, owner.token))).toEqual({
      status: 'NOT_FOUND',
      message: SERVER_ERRORS.noInviteTo('nobody@example.com'),
    });
  });
});

describe('withdrawing', () => {
  it('takes the invite off the list; its link then says it was withdrawn and grants nothing', async () => {
    const { owner } = await organisation();
    const { inviteId } = await inviteToTeam(owner, 'withdrawn@example.com');
    expect(
      resultOf(await env.call(API.withdrawInvite, { email: 'withdrawn@example.com' }, owner.token)),
    ).toEqual({
      status: 'withdrawn',
      email: 'withdrawn@example.com',
    });
    expect((await team(owner)).invites).toEqual([]);
    expect(resultOf(await env.call(API.describeInvite, linkOf(inviteId)))).toMatchObject({
      state: 'withdrawn',
    });
    for (const name of [API.verifyAndLoginWithInvite, API.declineInvite] as const) {
      expect(errorOf(await env.call(name, linkOf(inviteId)))).toEqual({
        status: 'FAILED_PRECONDITION',
        message: SERVER_ERRORS.inviteWithdrawn,
      });
    }
    expect(await env.auth.getUserByEmail('withdrawn@example.com')).toBeNull();
  });

  it('is refused for an invite the caller could not have sent, and for one accepted already', async () => {
    const { owner, admin } = await organisation();
    await inviteToTeam(owner, 'next.owner@example.com', 'owner');
    const before = await snapshotStore(env.store);
    expect(
      errorOf(await env.call(API.withdrawInvite, { email: 'next.owner@example.com' }, admin.token)).status,
    ).toBe('PERMISSION_DENIED');
    expect(await snapshotStore(env.store)).toBe(before);
    const { inviteId } = await inviteToTeam(owner, 'in@example.com');
    resultOf(await env.call(API.verifyAndLoginWithInvite, linkOf(inviteId)));
    expect(errorOf(await env.call(API.withdrawInvite, { email: 'in@example.com' }, owner.token)).status).toBe(
      'NOT_FOUND',
    );
  });
});
