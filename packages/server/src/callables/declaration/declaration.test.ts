// The declaration and its credential, over the real Auth emulator, PGlite and the local content
// service: only an owner or admin signs and revokes; the credential verifies against the published
// keys, says revoked once revoked, and any changed byte makes it not genuine.
import { API, reviewDay, SERVER_ERRORS, type ApiResponses, type DeclarationOverview } from '@toolkit/domain';
import { checkCredential } from '@toolkit/domain/credential';
import { createCredentialIssuer, generateCredentialKey } from '../../credentials/issuer';
import { milestoneWrite } from '../../repositories/milestones';
import { paths } from '../../repositories/paths';
import {
  errorOf,
  resultOf,
  snapshotStore,
  startTestEnv,
  type TestAccount,
  type TestEnv,
} from '../../testing';

const ASSESSMENT = 'business-quickscan';
const DAY_MS = 24 * 60 * 60 * 1000;

let env: TestEnv;
let tenants = 0;

beforeAll(async () => {
  env = await startTestEnv({ content: true });
}, 120_000);

afterAll(() => env?.stop(), 60_000);

/** A business that joined the quickscan toolkit, with an organisation name unless told otherwise. */
async function business(organisation: string | null = 'Harbour Bakery') {
  const tenantId = `business-${++tenants}`;
  await env.store.set(paths.tenant(tenantId), {
    createdBy: 'system',
    getStarted: true,
    toolkit: 'quickscan',
  });
  if (organisation) await env.store.set(paths.organisation(tenantId), { name: organisation });
  return tenantId;
}

const sign = (account: TestAccount, surveyId = ASSESSMENT) =>
  env.call(API.signDeclaration, { surveyId }, account.token);

const keys = async () =>
  resultOf<ApiResponses[typeof API.getCredentialKeys]>(await env.call(API.getCredentialKeys, null));

const status = async (credentialId: string) =>
  resultOf<ApiResponses[typeof API.getCredentialStatus]>(
    await env.call(API.getCredentialStatus, { credentialId }),
  );

/** The token with one character of the part at `index` (0 header, 1 payload, 2 signature) changed. */
function changeOneByte(token: string, index: number): string {
  const parts = token.split('.');
  const part = parts[index]!;
  const at = Math.floor(part.length / 2);
  parts[index] = part.slice(0, at) + (part[at] === 'A' ? 'B' : 'A') + part.slice(at + 1);
  return parts.join('.');
}

it('shows the toolkit’s declaration from the CMS to every member, and who may sign it', async () => {
  const tenantId = await business();
  const owner = await env.member(tenantId, 'owner');
  const viewer = await env.member(tenantId, 'viewer');
  const asOwner = resultOf<DeclarationOverview>(await env.call(API.getDeclaration, null, owner.token));
  expect(asOwner.declaration).toMatchObject({
    surveyId: ASSESSMENT,
    title: 'Sustainability Quickscan declaration',
    text: expect.stringContaining('On behalf of our business'),
    outro: expect.stringContaining('Thank you for signing'),
  });
  expect(asOwner).toMatchObject({ credential: null, canSign: true });
  const asViewer = resultOf<DeclarationOverview>(await env.call(API.getDeclaration, null, viewer.token));
  expect(asViewer).toMatchObject({ declaration: asOwner.declaration, canSign: false });
});

it('an owner signs: the signature is stored on them, the credential verifies and names the organisation', async () => {
  const tenantId = await business();
  const owner = await env.member(tenantId, 'owner');
  const signed = resultOf<DeclarationOverview>(await sign(owner));
  const credential = signed.credential!;
  expect(credential).toMatchObject({
    organisation: 'Harbour Bakery',
    stage: 'Initiator',
    declaration: 'Sustainability Quickscan declaration',
    signedBy: { email: owner.email },
    revokedAt: null,
    url: `http://localhost:3000/verify#${credential.token}`,
  });
  const tenantUser = await env.store.get(paths.tenantUser(tenantId, owner.uid));
  expect(tenantUser.data?.declaration).toEqual({
    surveyId: ASSESSMENT,
    title: 'Sustainability Quickscan declaration',
    organisation: 'Harbour Bakery',
    signedAt: credential.signedAt,
    credentialId: credential.id,
  });
  const milestone = await env.store.get(paths.organisationMilestone(tenantId, 'sign-declaration'));
  expect(milestone.data).toMatchObject({ completed: true, completedBy: owner.uid });

  const check = await checkCredential(credential.token, await keys(), new Date());
  expect(check).toEqual({
    status: 'genuine',
    credential: {
      id: credential.id,
      organisation: 'Harbour Bakery',
      stage: 'Initiator',
      declaration: 'Sustainability Quickscan declaration',
      signedAt: expect.any(String),
      expiresAt: expect.any(String),
      // Self-declared: no publisher verified a result of the organisation.
      verification: null,
    },
  });
  if (check.status === 'not-genuine') throw new Error('unreachable');
  const validDays = (Date.parse(check.credential.expiresAt) - Date.parse(check.credential.signedAt)) / DAY_MS;
  expect(Math.round(validDays)).toBe(365);
  expect(await status(credential.id)).toEqual({ status: 'active', revokedAt: null, reason: null });

  // A year and a day later the same credential is genuine but expired.
  const later = new Date(Date.now() + 366 * DAY_MS);
  expect(await checkCredential(credential.token, await keys(), later)).toMatchObject({
    status: 'expired',
    credential: { organisation: 'Harbour Bakery' },
  });
});

it('rejects a credential with one changed byte, in its header, claims or signature', async () => {
  const tenantId = await business();
  const owner = await env.member(tenantId, 'owner');
  const { token } = resultOf<DeclarationOverview>(await sign(owner)).credential!;
  const published = await keys();
  for (const part of [0, 1, 2]) {
    expect(await checkCredential(changeOneByte(token, part), published, new Date())).toEqual({
      status: 'not-genuine',
    });
  }
  // And one signed with another key, with the same claims and key id, is not genuine either.
  const check = await checkCredential(token, published, new Date());
  if (check.status === 'not-genuine') throw new Error('the credential should verify');
  const { id, organisation, stage, declaration, signedAt, expiresAt } = check.credential;
  const [header] = token.split('.');
  const forger = createCredentialIssuer(async () => ({
    ...(await generateCredentialKey()),
    kid: (JSON.parse(Buffer.from(header!, 'base64url').toString()) as { kid: string }).kid,
  }));
  const forged = await forger.issue(
    { organisation, stage, declaration },
    { id, issuedAt: new Date(signedAt), expiresAt: new Date(expiresAt) },
  );
  expect(await checkCredential(forged, published, new Date())).toEqual({ status: 'not-genuine' });
});

it('lets an admin sign and revoke, and refuses editors, viewers and users without writing anything', async () => {
  const tenantId = await business();
  const admin = await env.member(tenantId, 'admin');
  for (const role of ['editor', 'viewer', 'user'] as const) {
    const member = await env.member(tenantId, role);
    const before = await snapshotStore(env.store);
    expect(errorOf(await sign(member))).toMatchObject({
      status: 'PERMISSION_DENIED',
      message: SERVER_ERRORS.signDeclarationRequired,
    });
    expect(await snapshotStore(env.store)).toBe(before);
  }
  const { credential } = resultOf<DeclarationOverview>(await sign(admin));
  const viewer = await env.member(tenantId, 'viewer');
  const before = await snapshotStore(env.store);
  expect(
    errorOf(await env.call(API.revokeCredential, { credentialId: credential!.id }, viewer.token)).status,
  ).toBe('PERMISSION_DENIED');
  expect(await snapshotStore(env.store)).toBe(before);

  const revoked = resultOf<DeclarationOverview>(
    await env.call(API.revokeCredential, { credentialId: credential!.id }, admin.token),
  );
  expect(revoked.credential).toMatchObject({ id: credential!.id, revokedAt: expect.any(String) });
  expect(await status(credential!.id)).toEqual({
    status: 'revoked',
    revokedAt: revoked.credential!.revokedAt,
    reason: `The organisation revoked it on ${reviewDay(revoked.credential!.revokedAt!)}.`,
  });
  // The signature still holds: the page says revoked, not forged.
  expect((await checkCredential(credential!.token, await keys(), new Date())).status).toBe('genuine');
});

it('signing again issues a new credential and revokes the one it replaces', async () => {
  const tenantId = await business();
  const owner = await env.member(tenantId, 'owner');
  const first = resultOf<DeclarationOverview>(await sign(owner)).credential!;
  const second = resultOf<DeclarationOverview>(await sign(owner)).credential!;
  expect(second.id).not.toBe(first.id);
  expect(second.revokedAt).toBeNull();
  expect((await status(first.id)).status).toBe('revoked');
  expect((await status(second.id)).status).toBe('active');
});

it('refuses to sign without an organisation name, a declaration, or after the declaration changed', async () => {
  const unnamed = await env.member(await business(null), 'owner');
  const blank = await env.member(await business('   '), 'owner');
  for (const owner of [unnamed, blank]) {
    const before = await snapshotStore(env.store);
    expect(errorOf(await sign(owner))).toMatchObject({
      status: 'FAILED_PRECONDITION',
      message: SERVER_ERRORS.credentialNeedsOrganisation,
    });
    expect(await snapshotStore(env.store)).toBe(before);
  }
  const owner = await env.member(await business(), 'owner');
  expect(errorOf(await sign(owner, 'quickscan'))).toMatchObject({
    status: 'FAILED_PRECONDITION',
    message: SERVER_ERRORS.declarationChanged,
  });
  // A publisher joined no toolkit: it has nothing to sign.
  await env.store.set(paths.tenant('publisher-x'), { createdBy: 'system', getStarted: true });
  const publisher = await env.member('publisher-x', 'owner');
  expect(resultOf<DeclarationOverview>(await env.call(API.getDeclaration, null, publisher.token))).toEqual({
    declaration: null,
    credential: null,
    canSign: true,
  });
  expect(errorOf(await sign(publisher))).toMatchObject({
    status: 'FAILED_PRECONDITION',
    message: SERVER_ERRORS.noDeclaration,
  });
});

it('refuses a request that names the organisation or the stage, and writes nothing', async () => {
  const owner = await env.member(await business(), 'owner');
  const before = await snapshotStore(env.store);
  for (const extra of [{ organisation: 'Famous Green Corp' }, { stage: 'Leader' }, { signedBy: 'someone' }]) {
    expect(
      errorOf(await env.call(API.signDeclaration, { surveyId: ASSESSMENT, ...extra }, owner.token)),
    ).toEqual({ status: 'INVALID_ARGUMENT', message: SERVER_ERRORS.declarationFromStoredFacts });
  }
  expect(await snapshotStore(env.store)).toBe(before);
});

it('attests the stage the server’s records give, counting no milestone ticked by hand', async () => {
  const tenantId = await business();
  const owner = await env.member(tenantId, 'owner');
  const stageOf = async () => resultOf<DeclarationOverview>(await sign(owner)).credential!.stage;
  // What the server records where each happens: the business details, the completed Quickscan,
  // its results viewed, a colleague invited, Insights opened and the priorities downloaded.
  for (const id of [
    'update-organisation',
    'complete-quickscan',
    'view-results',
    'invite-team',
    'view-insights',
    'download-actions',
  ] as const) {
    const write = milestoneWrite(tenantId, id, true, owner.uid);
    await env.store.set(write.path, write.data, { merge: true });
  }
  expect(await stageOf()).toBe('Explorer');

  // Sharing the credential ticked by hand completes the member's stage 2 on their journey, but a
  // declaration does not attest it.
  resultOf(
    await env.call(
      API.setMilestone,
      { milestoneId: 'view-declaration-credential', completed: true },
      owner.token,
    ),
  );
  const { credential } = resultOf<DeclarationOverview>(await env.call(API.getDeclaration, null, owner.token));
  expect(await stageOf()).toBe('Explorer');

  // Once the server sees the credential opened, it does.
  resultOf(await env.call(API.openCredential, { credentialId: credential!.id }, owner.token));
  expect(await stageOf()).toBe('Implementer');
});

it('opening the credential is the member’s view-declaration-credential milestone', async () => {
  const tenantId = await business();
  const owner = await env.member(tenantId, 'owner');
  const viewer = await env.member(tenantId, 'viewer');
  const { credential } = resultOf<DeclarationOverview>(await sign(owner));
  resultOf(await env.call(API.openCredential, { credentialId: credential!.id }, viewer.token));
  const milestone = await env.store.get(paths.organisationMilestone(tenantId, 'view-declaration-credential'));
  expect(milestone.data).toMatchObject({ completed: true, completedBy: viewer.uid });
  expect(errorOf(await env.call(API.openCredential, { credentialId: 'nope' }, viewer.token))).toMatchObject({
    status: 'NOT_FOUND',
    message: SERVER_ERRORS.credentialNotFound,
  });
});

it('someone else opening an active credential (its public check) is the credential shared, once', async () => {
  const tenantId = await business();
  const owner = await env.member(tenantId, 'owner');
  const { credential } = resultOf<DeclarationOverview>(await sign(owner));
  const sharedAt = async () =>
    (await env.store.get(paths.tenantCredential(tenantId, credential!.id))).data?.sharedAt ?? null;
  expect(await sharedAt()).toBeNull();

  expect(await status(credential!.id)).toEqual({ status: 'active', revokedAt: null, reason: null });
  const first = await sharedAt();
  expect(first).toEqual(expect.any(String));
  const milestone = await env.store.get(paths.organisationMilestone(tenantId, 'view-declaration-credential'));
  expect(milestone.data).toMatchObject({ completed: true });
  await status(credential!.id);
  expect(await sharedAt()).toBe(first);
});

it('answers unknown for an id no credential has', async () => {
  expect(await status('no-such-credential')).toEqual({ status: 'unknown', revokedAt: null, reason: null });
});
