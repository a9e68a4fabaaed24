// An owner deletes the organisation, against the real Auth emulator, PGlite, content service and
// billing sandbox: the plan is cancelled, every member's claims and sessions end, and once the grace
// period is over the purge leaves nothing of the organisation beyond what docs/behaviour.md
// (Deleting an organisation) keeps.
import {
  API,
  ORGANISATION_DELETION_FRAGMENT,
  ORGANISATION_PURGE_DAYS,
  SERVER_ERRORS,
  type ApiResponses,
} from '@toolkit/domain';
import { purgeDeletedOrganisations } from '../../backfill/purge-organisations';
import { paths } from '../../repositories/paths';
import { addToolkitMember } from '../../repositories/toolkit-members';
import type { DocSnapshot } from '../../store/port';
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

const PUBLISHER = 'demo-publisher';
const SURVEY = 'quickscan';
const DAY = 24 * 60 * 60 * 1000;
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64');

let env: TestEnv;
let count = 0;

beforeAll(async () => {
  env = await startTestEnv({ content: true, appUrl: 'http://app.test' });
}, 120_000);

afterAll(() => env?.stop(), 60_000);

interface Organisation {
  tenantId: string;
  name: string;
  owner: TestAccount;
  admin: TestAccount;
  customerId: string;
  /** The admin's result in the publisher's survey (another organisation's). */
  resultId: string;
  /** The token of a download link to the evidence file on its result. */
  evidenceToken: string;
}

/**
 * An organisation on a paid plan whose two members have used it: a result in another organisation's
 * survey, alerts, an own action, an open invite, a signed-up toolkit membership.
 */
async function organisationInUse(): Promise<Organisation> {
  const tenantId = `closing-${++count}-${Date.now()}`;
  const name = `Quorndale Widgets ${count}`;
  await env.store.set(paths.tenant(tenantId), { createdBy: 'system', getStarted: true, toolkit: SURVEY });
  await env.store.transaction(async (tx) =>
    addToolkitMember(tx, SURVEY, { tenantId, organisationName: name, joinedAt: new Date() }),
  );
  const owner = await env.member(tenantId, 'owner');
  const admin = await env.member(tenantId, 'admin');
  resultOf(await env.call(API.saveOrganisation, { name }, owner.token));
  const { url } = resultOf<{ url: string }>(
    await env.call(API.startCheckout, { planId: 'leader' }, owner.token),
  );
  resultOf(
    await env.call(API.finishSandboxCheckout, { sessionId: url.split('/').pop()!, pay: true }, owner.token),
  );
  const { resultId } = await completeSurvey(
    env,
    admin,
    { tenantId: PUBLISHER, surveyId: SURVEY },
    { 'energy-tracking': 3 },
  );
  const evidence = { surveyId: SURVEY, resultId };
  const { item } = resultOf<ApiResponses[typeof API.addEvidenceFile]>(
    await env.call(
      API.addEvidenceFile,
      { ...evidence, questionId: 'renewable-electricity', fileName: 'bill.pdf', contentBase64: PDF },
      admin.token,
    ),
  );
  const download = resultOf<ApiResponses[typeof API.getEvidenceDownload]>(
    await env.call(API.getEvidenceDownload, { ...evidence, evidenceId: item.evidenceId }, admin.token),
  );
  resultOf(
    await env.call(
      API.saveAlerts,
      { newResult: [], newTeamMember: [admin.email, owner.email], expertRequest: [] },
      admin.token,
    ),
  );
  resultOf(
    await env.call(
      API.saveCustomAction,
      {
        actionId: null,
        title: 'Closing action',
        summary: '',
        topic: 'PEOPLE',
        effort: 'LOW',
        impact: 'HIGH',
      },
      admin.token,
    ),
  );
  resultOf(await env.call(API.createInvite, { email: uniqueEmail('Joiner') }, owner.token));
  const customerId = String((await env.store.get(paths.tenant(tenantId))).data?.stripeCustomerId);
  return {
    tenantId,
    name,
    owner,
    admin,
    customerId,
    resultId,
    evidenceToken: download.url.split('/').pop()!,
  };
}

/** Asks for a deletion link as `account`: the tokens of every organisation deletion link mailed so far. */
async function requestAndReadLinks(account: TestAccount): Promise<string[]> {
  resultOf(await env.call(API.requestOrganisationDeletion, null, account.token));
  const mails = await env.store.query(paths.mail(), { where: [['to', 'array-contains', account.email]] });
  return mails.flatMap(({ data }) => {
    const html = String((data?.message as { html?: string } | undefined)?.html ?? '');
    const match = new RegExp(`#${ORGANISATION_DELETION_FRAGMENT}([A-Za-z0-9_-]{43})"`).exec(html);
    return match ? [match[1]!] : [];
  });
}

const mentions = (doc: DocSnapshot, needles: readonly string[]) => {
  const text = JSON.stringify(doc).toLowerCase();
  return needles.some((needle) => text.includes(needle.toLowerCase()));
};

describe('organisation-requestDeletion and organisation-confirmDeletion', () => {
  it('are refused to a member who is not the owner, in words, changing nothing', async () => {
    const { owner, admin } = await organisationInUse();
    const [token] = await requestAndReadLinks(owner);
    const before = await snapshotStore(env.store);

    const asking = errorOf(await env.call(API.requestOrganisationDeletion, null, admin.token));
    const confirming = errorOf(await env.call(API.confirmOrganisationDeletion, { token }, admin.token));

    const refused = { status: 'PERMISSION_DENIED', message: SERVER_ERRORS.organisationDeletionByOwnerOnly };
    expect(asking).toEqual(refused);
    expect(confirming).toEqual(refused);
    expect(await snapshotStore(env.store)).toBe(before);
  });

  it('refuse a replaced link and an expired one, and keep the organisation', async () => {
    const { tenantId, owner } = await organisationInUse();
    const [first] = await requestAndReadLinks(owner);
    const links = await requestAndReadLinks(owner);
    const newest = links.find((token) => token !== first)!;
    expect(links).toHaveLength(2);
    const before = await snapshotStore(env.store);

    expect(errorOf(await env.call(API.confirmOrganisationDeletion, { token: first }, owner.token))).toEqual({
      status: 'NOT_FOUND',
      message: SERVER_ERRORS.organisationDeletionLinkNotValid,
    });
    expect(await snapshotStore(env.store)).toBe(before);

    const request = (await env.store.get(paths.tenant(tenantId))).data!.deletionRequest as object;
    await env.store.set(
      paths.tenant(tenantId),
      { deletionRequest: { ...request, expiresAt: new Date(Date.now() - 1000).toISOString() } },
      { merge: true },
    );
    expect(errorOf(await env.call(API.confirmOrganisationDeletion, { token: newest }, owner.token))).toEqual({
      status: 'FAILED_PRECONDITION',
      message: SERVER_ERRORS.organisationDeletionLinkExpired(24),
    });
    resultOf(await env.call(API.listTenantUsers, null, owner.token));
  });

  it('closes the organisation at once, keeps its data through the grace period, then purges it', async () => {
    const organisation = await organisationInUse();
    const { tenantId, name, owner, admin, customerId, resultId, evidenceToken } = organisation;
    const other = await organisationInUse();
    const validBefore = (await env.admin.getUser(admin.uid)).tokensValidAfterTime!;
    const [token] = await requestAndReadLinks(owner);
    // Sessions are revoked to the second: the deletion must come in a later one.
    await new Promise((resolve) => setTimeout(resolve, 1100));

    const publisher = await env.member(PUBLISHER, 'owner');
    const listed = async () =>
      resultOf<ApiResponses[typeof API.listToolkitMembers]>(
        await env.call(API.listToolkitMembers, { toolkit: SURVEY, search: name }, publisher.token),
      ).members.map((member) => member.tenantId);
    expect(await listed()).toContain(tenantId);

    const deleted = resultOf<ApiResponses[typeof API.confirmOrganisationDeletion]>(
      await env.call(API.confirmOrganisationDeletion, { token }, owner.token),
    );
    // Its toolkit's publisher no longer lists it, from the moment it is deleted.
    expect(await listed()).not.toContain(tenantId);

    const deletedAt = Date.now();
    expect(Date.parse(deleted.purgeAfter) - deletedAt).toBeGreaterThan((ORGANISATION_PURGE_DAYS - 1) * DAY);
    expect(Date.parse(deleted.purgeAfter) - deletedAt).toBeLessThanOrEqual(ORGANISATION_PURGE_DAYS * DAY);
    // The plan is cancelled at the provider.
    expect((await env.store.get(paths.sandboxSubscription(customerId))).data?.status).toBe('canceled');
    // Nobody can use it: claims gone, sessions revoked, old and new tokens refused.
    for (const member of [owner, admin]) {
      const user = await env.auth.getUser(member.uid);
      expect(user?.customClaims).not.toHaveProperty('tenantId');
      expect(user?.customClaims).not.toHaveProperty('role');
      // The session they had is revoked; a new sign-in opens no organisation.
      expect(errorOf(await env.call(API.getProfile, null, member.token)).status).toBe('UNAUTHENTICATED');
      expect(errorOf(await env.call(API.listTenantUsers, null, await env.signIn(member))).status).toBe(
        'PERMISSION_DENIED',
      );
    }
    expect(Date.parse((await env.admin.getUser(admin.uid)).tokensValidAfterTime!)).toBeGreaterThan(
      Date.parse(validBefore),
    );
    // The open invite is withdrawn; the trail records the deletion.
    const invites = await env.store.query(paths.invites(), { where: [['tenantId', '==', tenantId]] });
    expect(invites.map(({ data }) => data?.status)).toEqual(['withdrawn']);
    const audit = await env.store.query(`${paths.tenant(tenantId)}/audit`, {
      where: [['kind', '==', 'organisation.deleted']],
    });
    expect(audit.map(({ data }) => data)).toEqual([
      expect.objectContaining({
        actorUid: owner.uid,
        subject: { type: 'organisation', id: tenantId },
        before: { plan: 'Leader', members: 2 },
        after: { purgeAfter: deleted.purgeAfter },
      }),
    ]);

    // Through the grace period the data is still there.
    const graceEnds = Date.parse(deleted.purgeAfter);
    const purge = (now: number) =>
      purgeDeletedOrganisations(env.store, new Date(now), { evidenceFiles: env.evidenceFiles });
    const evidenceFile = async (token: string) => {
      const opened = await env.evidenceFiles.open(token);
      return opened.ok ? opened.bytes.toString('base64') : opened.status;
    };
    expect(await purge(graceEnds - 60_000)).toEqual([]);
    expect((await env.store.get(paths.organisation(tenantId))).data).toMatchObject({ name });
    expect(await env.store.query(paths.customActions(tenantId))).toHaveLength(1);
    expect(await evidenceFile(evidenceToken)).toBe(PDF);

    expect(await purge(graceEnds + 1)).toEqual([tenantId]);
    // Its evidence files go with their records; another organisation's stay.
    expect(await evidenceFile(evidenceToken)).toBe(404);
    expect(await evidenceFile(other.evidenceToken)).toBe(PDF);

    const needles = [tenantId, name, customerId];
    const docs = await env.store.exportAll();
    expect(docs.filter((doc) => mentions(doc, needles)).map((doc) => doc.path)).toEqual([]);
    // The people stay, without the organisation; their result in another's survey stays, naming nobody.
    expect((await env.store.get(paths.globalUser(admin.uid))).data).toMatchObject({ tenants: [] });
    expect((await env.store.get(paths.result(PUBLISHER, SURVEY, resultId))).data).toMatchObject({
      userId: null,
      isCompleted: true,
      questions: { 'energy-tracking': 3 },
    });
    // Another organisation is untouched.
    resultOf(await env.call(API.listTenantUsers, null, other.owner.token));
    expect((await env.store.get(paths.organisation(other.tenantId))).data).toMatchObject({
      name: other.name,
    });
  });
});
