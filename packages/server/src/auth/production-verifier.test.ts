// The production ID-token check, offline: firebase-admin's own verifier (what onCall and
// createFirebaseAuthPort call) outside emulator mode, which accepts unsigned tokens. Its key fetcher
// asks Google for the signing certificates over HTTPS through the app's `httpAgent`; that agent
// connects to a local HTTPS server standing in for www.googleapis.com (TLS still checked against a
// certificate for that name), which serves the certificate of a key generated here.
import crypto from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { generate } from 'selfsigned';
import { createFirebaseAuthPort, type AuthPort } from './port';

const PROJECT_ID = 'demo-toolkit';
const KID = 'fixture-key-1';
const CERTS_PATH = '/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com';

let googleApis: https.Server;
const certRequests: string[] = [];
let signingKey: string;
let app: App;
let port: AuthPort;
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;

beforeAll(async () => {
  // Emulator mode would skip the signature check this file is about.
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const [server, signer] = await Promise.all([
    generate([{ name: 'commonName', value: 'www.googleapis.com' }], { keySize: 2048, algorithm: 'sha256' }),
    // Google's endpoint serves an X.509 certificate per key id; so does the fixture.
    generate([{ name: 'commonName', value: 'securetoken.system.gserviceaccount.com' }], {
      keySize: 2048,
      algorithm: 'sha256',
    }),
  ]);
  signingKey = signer.private;
  googleApis = https.createServer({ key: server.private, cert: server.cert }, (req, res) => {
    certRequests.push(`${req.headers.host}${req.url}`);
    if (req.url !== CERTS_PATH) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=3600' });
    res.end(JSON.stringify({ [KID]: signer.cert }));
  });
  await new Promise<void>((resolve) => googleApis.listen(0, '127.0.0.1', resolve));
  const fixturePort = (googleApis.address() as AddressInfo).port;

  const agent = new https.Agent({ ca: server.cert });
  // Every connection goes to the fixture; `servername` stays www.googleapis.com, so TLS verifies the name.
  agent.createConnection = (options) =>
    tls.connect({ ...(options as tls.ConnectionOptions), host: '127.0.0.1', port: fixturePort });
  app = initializeApp({ projectId: PROJECT_ID, httpAgent: agent }, 'production-verifier-test');
  port = createFirebaseAuthPort(getAuth(app));
}, 30_000);

afterAll(async () => {
  if (emulatorHost !== undefined) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  await deleteApp(app);
  await new Promise((resolve) => googleApis.close(resolve));
});

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

function claims(overrides: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: `https://securetoken.google.com/${PROJECT_ID}`,
    aud: PROJECT_ID,
    sub: 'user-1',
    auth_time: now - 60,
    iat: now - 60,
    exp: now + 3540,
    email: 'viewer@acme.example',
    tenantId: 'acme',
    role: 'viewer',
    firebase: { sign_in_provider: 'password', identities: {} },
    ...overrides,
  };
}

/** An ID token as Firebase Auth issues one: RS256 over header.payload, the key named by `kid`. */
function sign(payload: object, key: crypto.KeyLike = signingKey): string {
  const unsigned = `${base64url(JSON.stringify({ alg: 'RS256', kid: KID, typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}`;
  return `${unsigned}.${base64url(crypto.sign('RSA-SHA256', Buffer.from(unsigned), key))}`;
}

/** The reason matters: a failed certificate fetch is refused too, with the same code. */
async function expectRefused(token: string, reason: RegExp, code = 'auth/argument-error') {
  await expect(port.verifyIdToken(token)).rejects.toMatchObject({
    code,
    message: expect.stringMatching(reason),
  });
}

it('accepts a fresh token signed with the key Google publishes for its kid (so the refusals below mean something)', async () => {
  await expect(port.verifyIdToken(sign(claims()))).resolves.toEqual({
    uid: 'user-1',
    email: 'viewer@acme.example',
    emailVerified: false,
    isAnonymous: false,
    signInProvider: 'password',
    claims: expect.objectContaining({ tenantId: 'acme', role: 'viewer' }),
  });
  // The certificates came from the fixture, through the agent, by the URL firebase-admin asks for.
  expect(certRequests).toEqual([`www.googleapis.com${CERTS_PATH}`]);
});

it('refuses unsigned tokens: alg "none", or RS256 with the signature cut off', async () => {
  const payload = base64url(JSON.stringify(claims()));
  const none = `${base64url(JSON.stringify({ alg: 'none', kid: KID, typ: 'JWT' }))}.${payload}.`;
  await expectRefused(none, /incorrect algorithm/);
  const [header, body] = sign(claims()).split('.');
  await expectRefused(`${header}.${body}.`, /invalid signature/);
});

it('refuses a token whose payload was edited by one byte (another uid)', async () => {
  const [header, body, signature] = sign(claims()).split('.');
  const edited = Buffer.from(body ?? '', 'base64url')
    .toString('utf8')
    .replace('"user-1"', '"user-2"');
  expect(edited).toContain('"user-2"');
  await expectRefused(`${header}.${base64url(edited)}.${signature}`, /invalid signature/);
});

it('refuses a token signed by another key under the same kid', async () => {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  await expectRefused(sign(claims(), privateKey), /invalid signature/);
});

it('refuses an expired token, however well signed', async () => {
  const now = Math.floor(Date.now() / 1000);
  const expired = sign(claims({ auth_time: now - 7200, iat: now - 7200, exp: now - 3600 }));
  await expectRefused(expired, /has expired/, 'auth/id-token-expired');
});
