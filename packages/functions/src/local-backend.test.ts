// The whole local backend against the real Auth emulator, the local content service and a real
// MailDev: one emulator start for the file (about 15 s).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startAuthEmulator } from '@toolkit/local-services';
import { startContentServer } from '@toolkit/content';
import { API } from '@toolkit/domain';
import { startTestMailDev, type TestInbox } from '@toolkit/server/testing';
import { type Delivery, DEMO_TENANT_ID } from '@toolkit/server/local';
import { startLocalBackend, type LocalBackend } from './local-backend';

let AUTH_PORT: number;
let AUTH: string;
const APP_ORIGIN = 'http://localhost:3000';
const CONTENT_KEY = 'local-test-key';

let dataDir: string;
let stops: (() => Promise<unknown>)[] = [];
let inbox: TestInbox;
let contentUrl: string;
let backend: LocalBackend;
const logs: string[] = [];

function start() {
  return startLocalBackend({
    dataDir,
    apiPort: 0,
    appOrigins: [APP_ORIGIN],
    appUrl: APP_ORIGIN,
    authEmulatorHost: `127.0.0.1:${AUTH_PORT}`,
    contentUrl,
    contentKey: CONTENT_KEY,
    smtp: { host: '127.0.0.1', port: inbox.smtpPort },
    log: (line) => logs.push(line),
    relayPollMs: 200,
    authLinkPollMs: 200,
  });
}

beforeAll(async () => {
  AUTH_PORT = await freePort();
  AUTH = `http://127.0.0.1:${AUTH_PORT}/identitytoolkit.googleapis.com/v1`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-backend-'));
  const [emulator, content, mail] = await Promise.all([
    startAuthEmulator({
      port: AUTH_PORT,
      dataDir,
      projectId: 'demo-toolkit',
      log: () => {},
    }),
    startContentServer({ port: 0, key: CONTENT_KEY }),
    startTestMailDev(),
  ]);
  stops = [() => emulator.stop(), () => content.close(), () => mail.stop()];
  inbox = mail;
  contentUrl = content.graphqlUrl;
  backend = await start();
}, 120_000);

afterAll(async () => {
  await backend?.stop();
  await Promise.all(stops.map((stop) => stop()));
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function identityToolkit<T>(method: string, body: object): Promise<T> {
  const response = await fetch(`${AUTH}/accounts:${method}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

function callApi(name: string, data: unknown, token?: string) {
  return fetch(`${backend.url}/${name}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Origin: APP_ORIGIN,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ data }),
  });
}

const toAddress = (address: string) => (messages: Awaited<ReturnType<TestInbox['messages']>>) =>
  messages.filter((message) => message.to.some((to) => to.address === address));

it('serves the onCall functions on the functions URL, verifying tokens through the emulator and reading content', async () => {
  expect(backend.url).toBe(`http://127.0.0.1:${backend.port}/demo-toolkit/australia-southeast1`);
  const request = { tenantId: DEMO_TENANT_ID, surveyId: 'quickscan' };

  const refused = await callApi(API.startResult, request);
  expect(refused.status).toBe(401);
  expect(refused.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
  expect(await refused.json()).toEqual({
    error: { status: 'UNAUTHENTICATED', message: 'Sign in to do this.' },
  });

  // A respondent's anonymous session starts a Quickscan of the demo publisher.
  const { idToken } = await identityToolkit<{ idToken: string }>('signUp', { returnSecureToken: true });
  const answered = await callApi(API.startResult, request, idToken);
  expect(answered.status).toBe(200);
  const { result } = (await answered.json()) as { result: { resultId: string; created: boolean } };
  expect(result.created).toBe(true);
  expect(
    (await backend.store.get(`tenants/${DEMO_TENANT_ID}/assessments/quickscan/results/${result.resultId}`))
      .data,
  ).not.toBeNull();
});

it('seeds the demo publisher tenant in the database under dataDir/db', async () => {
  expect((await backend.store.get(`tenants/${DEMO_TENANT_ID}`)).data).toMatchObject({
    createdBy: 'system',
    getStarted: true,
    toolkit: 'quickscan',
  });
  expect(fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
});

it("e-mails the emulator's sign-in and password-reset links to the inbox and records the delivery", async () => {
  await identityToolkit('sendOobCode', {
    requestType: 'EMAIL_SIGNIN',
    email: 'signin@example.com',
    continueUrl: `${APP_ORIGIN}/complete-signup`,
    canHandleCodeInApp: true,
  });
  await identityToolkit('signUp', {
    email: 'forgetful@example.com',
    password: 'old-password',
    returnSecureToken: true,
  });
  await identityToolkit('sendOobCode', { requestType: 'PASSWORD_RESET', email: 'forgetful@example.com' });

  const [signIn] = toAddress('signin@example.com')(
    await inbox.waitFor((messages) => toAddress('signin@example.com')(messages).length > 0, 15_000),
  );
  expect(signIn?.subject).toBe('Sign in to the Sustainability Toolkit');
  expect(signIn?.html).toContain(`href="http://127.0.0.1:${AUTH_PORT}/emulator/action?mode=signIn&amp;`);

  const [reset] = toAddress('forgetful@example.com')(
    await inbox.waitFor((messages) => toAddress('forgetful@example.com')(messages).length > 0, 15_000),
  );
  expect(reset?.subject).toBe('Reset your password');
  expect(reset?.html).toContain('mode=resetPassword');

  const deliveries = (await backend.store.query('mail')).map((mail) => mail.data?.delivery as Delivery);
  expect(deliveries.every((delivery) => delivery?.state === 'SUCCESS')).toBe(true);
});

it('keeps its data across a restart and sends no link twice; stop() frees the API port', async () => {
  const before = await backend.store.exportAll();
  const sent = (await inbox.messages()).length;
  const { port } = backend;
  await backend.stop();
  await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();

  backend = await start();
  // Several polls of both loops.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(await backend.store.exportAll()).toEqual(before);
  expect(await inbox.messages()).toHaveLength(sent);
});
