// Forged ID tokens are refused where it counts, in production, where onCall verifies a
// token's RS256 signature with the keys Google publishes. Locally the Auth emulator signs nothing
// (and firebase-admin then checks no signature), so here the real onCall functions on the API host
// run without the emulator switch, and the one edge we do not own, Google's key endpoint, is served
// by nock with a key pair made for this test. A token signed with that key reaches the handler;
// every forgery of it gets 401.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importPKCS8, SignJWT } from 'jose';
import nock from 'nock';
import { API } from '@toolkit/domain';
import {
  paths,
  startTestEnv,
  TEST_PROJECT_ID,
  type TestAccount,
  type TestEnv,
} from '@toolkit/server/testing';
import { createCallables } from './callables';
import { startLocalHost, type LocalHost } from './local-host';

const GOOGLE = 'https://www.googleapis.com';
const KEYS_PATH = '/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com';

interface SigningKey {
  kid: string;
  certificate: string;
  sign(claims: Record<string, unknown>, kid?: string): Promise<string>;
}

/** An RSA key and its self-signed certificate, the form in which Google publishes its keys. */
async function signingKey(kid: string, dir: string): Promise<SigningKey> {
  const keyFile = path.join(dir, `${kid}.key`);
  const certFile = path.join(dir, `${kid}.crt`);
  execFileSync('openssl', [
    ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${kid}`],
    ...['-keyout', keyFile, '-out', certFile],
  ]);
  const key = await importPKCS8(fs.readFileSync(keyFile, 'utf8'), 'RS256');
  return {
    kid,
    certificate: fs.readFileSync(certFile, 'utf8'),
    sign: (claims, headerKid = kid) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: headerKid, typ: 'JWT' }).sign(key),
  };
}

let env: TestEnv;
let host: LocalHost;
let owner: TestAccount;
let google: SigningKey;
let stranger: SigningKey;
let emulatorHost: string | undefined;
let keysDir: string;

beforeAll(async () => {
  env = await startTestEnv({});
  host = await startLocalHost({
    callables: createCallables(() => env.deps, { cors: ['http://localhost:3000'] }),
    port: 0,
    projectId: TEST_PROJECT_ID,
  });
  owner = await env.member('acme', 'owner');
  await env.store.set(paths.tenant('acme'), { createdBy: owner.uid, getStarted: true });
  keysDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forged-tokens-'));
  google = await signingKey('google-key', keysDir);
  stranger = await signingKey('stranger-key', keysDir);
  nock(GOOGLE)
    .persist()
    .get(KEYS_PATH)
    .reply(200, { [google.kid]: google.certificate }, { 'Cache-Control': 'public, max-age=3600' });
  // From here on firebase-admin verifies as in production (it reads this on every verification).
  emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
}, 120_000);

afterAll(async () => {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  nock.cleanAll();
  nock.restore();
  fs.rmSync(keysDir, { recursive: true, force: true });
  await host?.close();
  await env?.stop();
}, 60_000);

/** The claims Firebase Auth puts in an owner's ID token, valid for the next hour. */
function ownerClaims(overrides: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: `https://securetoken.google.com/${TEST_PROJECT_ID}`,
    aud: TEST_PROJECT_ID,
    auth_time: now - 60,
    user_id: owner.uid,
    sub: owner.uid,
    iat: now - 60,
    exp: now + 3540,
    email: owner.email,
    email_verified: true,
    firebase: { identities: { email: [owner.email] }, sign_in_provider: 'password' },
    tenantId: 'acme',
    role: 'owner',
    ...overrides,
  };
}

async function call(token: string) {
  const response = await fetch(`${host.url}/${API.getAvailableRoles}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ data: null }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function expectRefused(token: string) {
  expect(await call(token)).toEqual({
    status: 401,
    body: { error: { status: 'UNAUTHENTICATED', message: 'Unauthenticated' } },
  });
}

it('lets a token signed with a key Google publishes reach the handler', async () => {
  expect(await call(await google.sign(ownerClaims()))).toMatchObject({
    status: 200,
    body: { result: { status: 'success', userRole: 'owner' } },
  });
});

it('refuses an unsigned token, such as the Auth emulator issues', async () => {
  expect(owner.token.split('.')[2]).toBe('');
  await expectRefused(owner.token);
  const [, payload] = (await google.sign(ownerClaims())).split('.');
  const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
  await expectRefused(`${none}.${payload}.`);
});

it('refuses a signed token whose claims were edited afterwards', async () => {
  const [header, , signature] = (await google.sign(ownerClaims({ role: 'editor' }))).split('.');
  const edited = Buffer.from(JSON.stringify(ownerClaims({ role: 'owner', sub: 'someone-else' }))).toString(
    'base64url',
  );
  await expectRefused(`${header}.${edited}.${signature}`);
});

it('refuses an expired token, though signed', async () => {
  const now = Math.floor(Date.now() / 1000);
  const expired = ownerClaims({ iat: now - 7200, auth_time: now - 7200, exp: now - 3600 });
  await expectRefused(await google.sign(expired));
});

it('refuses a token signed with a key Google does not publish, under any key id', async () => {
  await expectRefused(await stranger.sign(ownerClaims()));
  await expectRefused(await stranger.sign(ownerClaims(), google.kid));
});

it('refuses a signed token made for another project', async () => {
  const other = ownerClaims({
    aud: 'another-project',
    iss: 'https://securetoken.google.com/another-project',
  });
  await expectRefused(await google.sign(other));
});
