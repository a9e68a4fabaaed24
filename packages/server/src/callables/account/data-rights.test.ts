// A person's data rights against the real Auth emulator, PGlite and content service: the download of
// what the product holds about them, and the deletion of their account by the mailed link, after
// which every stored document is read for anything left of them (docs/behaviour.md, A person's data).
import {
  ACCOUNT_DELETION_FRAGMENT,
  ACCOUNT_DELETION_LINK_HOURS,
  API,
  SERVER_ERRORS,
  type ApiResponses,
} from '@toolkit/domain';
import { recordAudit } from '../../repositories/audit';
import {
  completeSurvey,
  errorOf,
  resultOf,
  snapshotStore,
  startTestEnv,
  uniqueEmail,
  type TestAccount,
  type TestEnv,
} from '../../testing';
import { paths } from '../../repositories/paths';
import type { DocSnapshot } from '../../store/port';

const PUBLISHER = 'demo-publisher';
const SURVEY = 'quickscan';
/** Each organisation's member has names of their own, so what is left of one is not another's. */
const namesOf = (n: number) => ({
  firstName: `Zephyrine${String.fromCharCode(96 + n)}`,
  lastName: `Quillfeather${String.fromCharCode(96 + n)}`,
});

let env: TestEnv;
let tenantCount = 0;

beforeAll(async () => {
  env = await startTestEnv({ content: true, appUrl: 'http://app.test' });
}, 120_000);

afterAll(() => env?.stop(), 60_000);

interface Organisation {
  tenantId: string;
  owner: TestAccount;
  member: TestAccount & { firstName: string; lastName: string };
  resultId: string;
}

/**
 * An organisation whose admin (the member) has used the product: named themselves, completed the
 * Quickscan, listed themselves for alerts, invited someone and left an entry in the audit trail.
 */
async function organisationWithMember(): Promise<Organisation> {
  const tenantId = `data-rights-${++tenantCount}`;
  await env.store.set(paths.tenant(tenantId), { createdBy: 'system', getStarted: true, name: 'Rights Ltd' });
  await env.store.set(paths.organisation(tenantId), { name: 'Rights Ltd' });
  const owner = await env.member(tenantId, 'owner');
  const names = namesOf(tenantCount);
  const member = {
    ...(await env.member(tenantId, 'admin', { email: uniqueEmail('Leaver').toLowerCase() })),
    ...names,
  };
  resultOf(await env.call(API.updateNames, names, member.token));
  const { resultId } = await completeSurvey(
    env,
    member,
    { tenantId: PUBLISHER, surveyId: SURVEY },
    { 'company-name': 'Rights Ltd', 'energy-tracking': 3 },
  );
  resultOf(
    await env.call(
      API.saveAlerts,
      { newResult: [], newTeamMember: [member.email, owner.email], expertRequest: [] },
      member.token,
    ),
  );
  resultOf(await env.call(API.createInvite, { email: uniqueEmail('Invitee') }, member.token));
  await env.store.transaction(async (tx) => {
    recordAudit(tx, tenantId, {
      actorUid: member.uid,
      kind: 'brand.changed',
      subject: { type: 'brand', id: tenantId },
      before: null,
      after: { primaryColor: '#1f5f4a' },
    });
  });
  return { tenantId, owner, member, resultId };
}

/** Asks for a deletion link as `account`: the tokens of every deletion link mailed to them so far. */
async function requestAndReadLink(account: TestAccount): Promise<string[]> {
  resultOf(await env.call(API.requestAccountDeletion, null, account.token));
  const mails = await env.store.query(paths.mail(), { where: [['to', 'array-contains', account.email]] });
  return mails.flatMap(({ data }) => {
    const html = String((data?.message as { html?: string } | undefined)?.html ?? '');
    const match = new RegExp(`#${ACCOUNT_DELETION_FRAGMENT}([A-Za-z0-9_-]{43})"`).exec(html);
    return match ? [match[1]!] : [];
  });
}

const mentions = (doc: DocSnapshot, needles: readonly string[]) => {
  const text = JSON.stringify(doc).toLowerCase();
  return needles.some((needle) => text.includes(needle.toLowerCase()));
};

describe('account-exportMyData', () => {
  it("answers the caller's account, membership, results with answers and audit entries, and no one else's", async () => {
    const { tenantId, owner, member, resultId } = await organisationWithMember();
    await completeSurvey(env, owner, { tenantId: PUBLISHER, surveyId: SURVEY }, { 'energy-tracking': 1 });

    const exported = resultOf<ApiResponses[typeof API.exportMyData]>(
      await env.call(API.exportMyData, null, member.token),
    );

    const { profile, memberships, results, surveyResults, audit } = exported.collections;
    expect(profile).toEqual([
      {
        path: paths.globalUser(member.uid),
        data: expect.objectContaining({
          email: member.email,
          firstName: member.firstName,
          lastName: member.lastName,
        }),
      },
    ]);
    expect(memberships).toEqual([
      {
        path: paths.tenantUser(tenantId, member.uid),
        data: expect.objectContaining({ email: member.email, role: 'admin', firstName: member.firstName }),
      },
    ]);
    expect(results).toEqual([
      {
        path: paths.result(PUBLISHER, SURVEY, resultId),
        data: expect.objectContaining({
          userId: member.uid,
          isCompleted: true,
          questions: { 'company-name': 'Rights Ltd', 'energy-tracking': 3 },
          score: expect.objectContaining({ overall: expect.any(Object) }),
        }),
      },
    ]);
    expect(surveyResults).toEqual([
      {
        path: paths.userSurveyResult(tenantId, member.uid, resultId),
        data: expect.objectContaining({ surveyId: SURVEY, resultId, isCompleted: true }),
      },
    ]);
    // Their own entries only (the invite and alert changes record theirs too), newest first.
    expect(audit.map(({ data }) => data.kind)).toContain('brand.changed');
    expect(new Set(audit.map(({ data }) => data.actorUid))).toEqual(new Set([member.uid]));
    expect(audit.map(({ data }) => data.at)).toEqual(
      audit
        .map(({ data }) => data.at)
        .sort()
        .reverse(),
    );
    // Nothing of the owner's own (their address appears only where the member's change named it).
    expect(JSON.stringify(exported)).not.toContain(owner.uid);
  });

  it('is refused to a session without an organisation', async () => {
    const account = await env.account();
    expect(errorOf(await env.call(API.exportMyData, null, account.token)).status).toBe('PERMISSION_DENIED');
  });
});

describe('account-requestDeletion and account-confirmDeletion', () => {
  it('mails a fresh link each time: only the newest one deletes, and never another account', async () => {
    const { owner, member } = await organisationWithMember();
    const [first] = await requestAndReadLink(member);
    const links = await requestAndReadLink(member);
    const newest = links.find((token) => token !== first)!;
    expect(links).toHaveLength(2);

    const before = await snapshotStore(env.store);
    const replaced = errorOf(await env.call(API.confirmAccountDeletion, { token: first }, member.token));
    expect(replaced).toEqual({ status: 'NOT_FOUND', message: SERVER_ERRORS.accountDeletionLinkNotValid });
    // The link is the member's: another member of the organisation signed in cannot use it.
    const others = errorOf(await env.call(API.confirmAccountDeletion, { token: newest }, owner.token));
    expect(others).toEqual({ status: 'NOT_FOUND', message: SERVER_ERRORS.accountDeletionLinkNotValid });
    expect(await snapshotStore(env.store)).toBe(before);
    expect(await env.auth.getUser(member.uid)).not.toBeNull();
  });

  it('refuses an expired link and keeps the account', async () => {
    const { member } = await organisationWithMember();
    const [token] = await requestAndReadLink(member);
    const stored = (await env.store.get(paths.globalUser(member.uid))).data!;
    const request = stored.deletionRequest as Record<string, unknown>;
    expect(Date.parse(String(request.expiresAt)) - Date.parse(String(request.sentAt))).toBe(
      ACCOUNT_DELETION_LINK_HOURS * 60 * 60 * 1000,
    );
    await env.store.set(
      paths.globalUser(member.uid),
      { deletionRequest: { ...request, expiresAt: new Date(Date.now() - 1000).toISOString() } },
      { merge: true },
    );

    const error = errorOf(await env.call(API.confirmAccountDeletion, { token }, member.token));

    expect(error).toEqual({
      status: 'FAILED_PRECONDITION',
      message: SERVER_ERRORS.accountDeletionLinkExpired(ACCOUNT_DELETION_LINK_HOURS),
    });
    expect(await env.auth.getUser(member.uid)).not.toBeNull();
  });

  it('refuses the last owner of an organisation with other members, in words, and mails nothing', async () => {
    const { owner } = await organisationWithMember();
    const before = await snapshotStore(env.store);

    const error = errorOf(await env.call(API.requestAccountDeletion, null, owner.token));

    expect(error).toEqual({ status: 'FAILED_PRECONDITION', message: SERVER_ERRORS.accountLastOwner });
    expect(await snapshotStore(env.store)).toBe(before);
  });

  it('lets an owner go once another member is owner too', async () => {
    const { tenantId, owner } = await organisationWithMember();
    await env.member(tenantId, 'owner');
    const [token] = await requestAndReadLink(owner);

    expect(resultOf(await env.call(API.confirmAccountDeletion, { token }, owner.token))).toEqual({
      status: 'deleted',
    });
    expect(await env.auth.getUser(owner.uid)).toBeNull();
  });

  it('deletes the account: no sign-in, and nothing of the person stored beyond the audit trail and mail sent to others', async () => {
    const { tenantId, owner, member, resultId } = await organisationWithMember();
    const resultPath = paths.result(PUBLISHER, SURVEY, resultId);
    const resultBefore = (await env.store.get(resultPath)).data!;
    const aggregatesBefore = JSON.stringify(await env.store.query(paths.aggregateShards(PUBLISHER, SURVEY)));
    const [token] = await requestAndReadLink(member);

    expect(resultOf(await env.call(API.confirmAccountDeletion, { token }, member.token))).toEqual({
      status: 'deleted',
    });

    // The person cannot sign in, nor use the session they had.
    expect(await env.auth.getUser(member.uid)).toBeNull();
    await expect(env.signIn(member)).rejects.toThrow();
    expect(errorOf(await env.call(API.getProfile, null, member.token)).status).toMatch(
      /UNAUTHENTICATED|PERMISSION_DENIED/,
    );

    const docs = await env.store.exportAll();
    const person = [member.uid, member.email, member.firstName, member.lastName, member.email.split('@')[0]!];
    const left = docs.filter((doc) => mentions(doc, person));
    // Kept (docs/behaviour.md): the organisation's audit trail, and mails already sent to other people.
    const kept = (doc: DocSnapshot) =>
      doc.path.startsWith(`${paths.tenant(tenantId)}/audit/`) ||
      (doc.path.startsWith('mail/') && !mentions({ ...doc, data: { to: doc.data?.to } }, [member.email]));
    expect(left.filter((doc) => !kept(doc)).map((doc) => doc.path)).toEqual([]);

    const audit = await env.store.query(`${paths.tenant(tenantId)}/audit`, {
      where: [['kind', '==', 'account.deleted']],
    });
    expect(audit.map(({ data }) => ({ ...data, at: undefined }))).toEqual([
      {
        at: undefined,
        actorUid: member.uid,
        kind: 'account.deleted',
        subject: { type: 'member', id: member.uid },
        before: { role: 'admin' },
        after: null,
        reason: null,
      },
    ]);

    // The result stays, answers and score included, in the publisher's figures.
    const result = (await env.store.get(resultPath)).data!;
    expect(result).toEqual({
      ...resultBefore,
      userId: null,
      respondent: {},
      listing: { ...(resultBefore.listing as object), terms: expect.any(Array) },
    });
    expect(JSON.stringify(await env.store.query(paths.aggregateShards(PUBLISHER, SURVEY)))).toBe(
      aggregatesBefore,
    );
    // The organisation and its other member are as they were, the alert lists without the person.
    expect((await env.store.get(paths.tenantUser(tenantId, owner.uid))).data).not.toBeNull();
    expect((await env.store.get(paths.alerts(tenantId))).data).toMatchObject({
      newResult: [],
      newTeamMember: [owner.email],
      updatedBy: null,
    });
    resultOf(await env.call(API.getProfile, null, owner.token));
  });
});
