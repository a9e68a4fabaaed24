// Accounts for scripts on the stack as it runs (the Auth emulator behind its origin proxy, the API
// host): signed up with an e-mail sign-in link, they end in a session the API accepts, whose token
// carries the owner's claims, although the first proof of the address ended every earlier session.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API, type ApiResponses } from '@toolkit/domain';
import { freePort } from '@toolkit/local-services';
import { authEmulatorClient, signUpProven } from './proven-account';
import { startStack } from './stack';

const REPO_ROOT = path.resolve(__dirname, '../../..');
let dataDir: string;
let stack: Awaited<ReturnType<typeof startStack>>;
let auth: ReturnType<typeof authEmulatorClient>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-stack-proven-'));
  const [authPort, functions, mail, smtp] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const ports = {
    shell: 0,
    survey: 0,
    dashboard: 0,
    journey: 0,
    billing: 0,
    auth: authPort,
    functions,
    mail,
    smtp,
  };
  stack = await startStack({ root: REPO_ROOT, ports, dataDir, content: false, log: () => {} });
  auth = authEmulatorClient({
    authUrl: stack.urls.auth,
    apiKey: stack.runtimeConfig.firebase.apiKey,
    projectId: stack.runtimeConfig.firebase.projectId,
    continueUrl: stack.urls.app,
  });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function call<T>(name: string, data: unknown, idToken: string): Promise<T> {
  const response = await fetch(`${stack.urls.api}/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ data }),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (!response.ok || body.result === undefined) throw new Error(`${name}: ${body.error?.message}`);
  return body.result;
}

const completeSignup = (organisationName: string) => (idToken: string) =>
  call<ApiResponses[typeof API.completeSignup]>(
    API.completeSignup,
    { toolkit: 'quickscan', organisationName },
    idToken,
  );

const claimsOf = (idToken: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'));

it('signs a new address up as its owner, in a session that outlives the first proof', async () => {
  const email = 'harbourside@example.com';
  expect(await auth.isRegistered(email)).toBe(false);

  const owner = await signUpProven(auth, email, completeSignup('Harbourside Bakery'));

  expect(owner.created).toBe(true);
  expect(claimsOf(owner.idToken)).toMatchObject({
    user_id: owner.uid,
    email,
    email_verified: true,
    tenantId: owner.tenantId,
    role: 'owner',
  });
  const { profile } = await call<ApiResponses[typeof API.getProfile]>(API.getProfile, null, owner.idToken);
  expect(profile).toMatchObject({ uid: owner.uid, tenantId: owner.tenantId, role: 'owner' });
  expect(await auth.isRegistered(email)).toBe(true);
}, 60_000);

it('signs a proven address in again with a new link: no second tenant, the same claims', async () => {
  const email = 'greenway@example.com';
  const first = await signUpProven(auth, email, completeSignup('Greenway Plumbing'));

  const again = await signUpProven(auth, email, completeSignup('Greenway Plumbing'));

  expect(again).toMatchObject({ uid: first.uid, tenantId: first.tenantId, created: false });
  expect(claimsOf(again.idToken)).toMatchObject({ tenantId: first.tenantId, role: 'owner' });
  const { profile } = await call<ApiResponses[typeof API.getProfile]>(API.getProfile, null, again.idToken);
  expect(profile).toMatchObject({ uid: first.uid, role: 'owner' });
}, 60_000);

it('says which sign-in code it could not find, naming the project it looked in', async () => {
  const elsewhere = authEmulatorClient({
    authUrl: stack.urls.auth,
    apiKey: stack.runtimeConfig.firebase.apiKey,
    projectId: 'another-project',
  });
  await expect(elsewhere.signInWithEmailLink('ridgeline@example.com')).rejects.toThrow(
    'The Auth emulator listed no sign-in code for ridgeline@example.com (project another-project).',
  );
}, 30_000);
