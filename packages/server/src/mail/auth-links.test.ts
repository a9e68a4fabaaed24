// The link delivery against a local HTTP server that answers the Auth emulator's two listing
// endpoints; packages/functions/src/local-backend.test.ts runs the same path against the real
// emulator.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openPgliteStore } from '../store/pglite';
import type { DocumentStore } from '../store/port';
import { DELIVERED_CODES, startAuthLinkDelivery, type AuthLinkDelivery } from './auth-links';

const PROJECT = 'demo-toolkit';
const link = (code: string, mode: string) =>
  `http://127.0.0.1:9099/emulator/action?mode=${mode}&lang=en&oobCode=${code}&apiKey=fake-api-key`;

const projectCodes = [
  {
    email: 'ana@example.com',
    oobCode: 'code-signin',
    oobLink: link('code-signin', 'signIn'),
    requestType: 'EMAIL_SIGNIN',
  },
  {
    email: 'ben@example.com',
    oobCode: 'code-reset',
    oobLink: link('code-reset', 'resetPassword'),
    requestType: 'PASSWORD_RESET',
  },
  {
    email: 'cy@example.com',
    oobCode: 'code-verify',
    oobLink: link('code-verify', 'verifyEmail'),
    requestType: 'VERIFY_EMAIL',
  },
];
const tenantCodes = [
  {
    email: 'dee@example.com',
    oobCode: 'code-tenant',
    oobLink: link('code-tenant', 'signIn'),
    requestType: 'EMAIL_SIGNIN',
  },
];

interface QueuedMail {
  to: string[];
  message: { subject: string; html: string };
}

let store: DocumentStore;
let emulator: http.Server;
let emulatorUrl: string;
let delivery: AuthLinkDelivery | undefined;
const requests: { url: string; authorization: string | undefined }[] = [];

beforeAll(async () => {
  store = await openPgliteStore();
  emulator = http.createServer((request, response) => {
    requests.push({ url: request.url ?? '', authorization: request.headers.authorization });
    const body: Record<string, unknown> | undefined = {
      [`/identitytoolkit.googleapis.com/v2/projects/${PROJECT}/tenants`]: {
        tenants: [{ tenantId: 'org-1' }],
      },
      [`/emulator/v1/projects/${PROJECT}/oobCodes`]: { oobCodes: projectCodes },
      [`/emulator/v1/projects/${PROJECT}/tenants/org-1/oobCodes`]: { oobCodes: tenantCodes },
    }[request.url ?? ''] as Record<string, unknown> | undefined;
    response
      .writeHead(body ? 200 : 404, { 'Content-Type': 'application/json' })
      .end(JSON.stringify(body ?? {}));
  });
  await new Promise<void>((resolve) => emulator.listen(0, '127.0.0.1', resolve));
  emulatorUrl = `http://127.0.0.1:${(emulator.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => emulator.close(resolve));
  await store.close();
});

afterEach(async () => {
  await delivery?.stop();
  delivery = undefined;
});

function start(url = emulatorUrl, options: { log?: (line: string) => void } = {}) {
  delivery = startAuthLinkDelivery({
    store,
    emulatorUrl: url,
    projectId: PROJECT,
    appUrl: 'http://localhost:3000',
    pollIntervalMs: 60_000,
    log: () => {},
    ...options,
  });
  return delivery;
}

it('queues one mail per new sign-in or password-reset link, project and tenant codes alike', async () => {
  expect(await start(emulatorUrl).runOnce()).toBe(3);
  expect(requests.find((request) => request.url.endsWith('/tenants'))?.authorization).toBe('Bearer owner');

  const mails = (await store.query('mail')).map((document) => document.data as unknown as QueuedMail);
  const bySubject = Object.fromEntries(mails.map((mail) => [mail.message.subject, mail]));
  expect(Object.keys(bySubject).sort()).toEqual([
    'Reset your password',
    'Sign in to the Sustainability Toolkit',
  ]);
  expect(mails.map((mail) => mail.to).sort()).toEqual([
    ['ana@example.com'],
    ['ben@example.com'],
    ['dee@example.com'],
  ]);

  const reset = bySubject['Reset your password'];
  expect(reset?.to).toEqual(['ben@example.com']);
  // The reset link opens the app's reset page, which can take the new password.
  expect(reset?.message.html).toContain(
    'href="http://localhost:3000/reset-password?mode=resetPassword&amp;oobCode=code-reset"',
  );
  expect(reset?.message.html).toContain('>Reset your password</a>');
  const signIn = mails.find((mail) => mail.to[0] === 'ana@example.com');
  expect(signIn?.message.html).toContain('>Sign in</a>');
  expect(signIn?.message.html).toContain('oobCode=code-signin');

  expect((await store.get(`${DELIVERED_CODES}/code-tenant`)).data).toMatchObject({
    email: 'dee@example.com',
    requestType: 'EMAIL_SIGNIN',
  });
  expect((await store.get(`${DELIVERED_CODES}/code-verify`)).data).toBeNull();
});

it('does not send a link twice, also after a restart over the same store', async () => {
  const before = await store.exportAll();
  expect(await start().runOnce()).toBe(0);
  await delivery?.stop();
  expect(await start().runOnce()).toBe(0);
  expect(await store.exportAll()).toEqual(before);
});

it('says once, not on every poll, that the emulator cannot be reached', async () => {
  const lines: string[] = [];
  const closed = start('http://127.0.0.1:1', { log: (line) => lines.push(line) });
  expect(await closed.runOnce()).toBe(0);
  expect(await closed.runOnce()).toBe(0);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^\[auth links\] could not read the Auth emulator's links: /);
});
