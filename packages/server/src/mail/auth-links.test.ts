// The link delivery against a local HTTP server that answers the Auth emulator's two listing
// endpoints; packages/functions/src/local-backend.test.ts runs the same path against the real
// emulator.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openPgliteStore } from '../store/pglite';
import type { DocumentStore } from '../store/port';
import { DELIVERED_CODES, startAuthLinkDelivery, type AuthLinkDelivery } from './auth-links';

const PROJECT = 'demo-toolkit';
const link = (code: string, mode: string, continueUrl?: string) =>
  `http://127.0.0.1:9099/emulator/action?mode=${mode}&lang=en&oobCode=${code}&apiKey=fake-api-key${
    continueUrl ? `&continueUrl=${encodeURIComponent(continueUrl)}` : ''
  }`;

const projectCodes = [
  {
    email: 'ana@example.com',
    oobCode: 'code-signin',
    oobLink: link('code-signin', 'signIn', 'http://localhost:3000/complete-signup'),
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
/** Codes a test adds for a while. */
const laterCodes: typeof projectCodes = [];
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
      [`/emulator/v1/projects/${PROJECT}/oobCodes`]: { oobCodes: [...projectCodes, ...laterCodes] },
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

function start(
  url = emulatorUrl,
  options: { log?: (line: string) => void; appOrigins?: readonly string[]; linkUrl?: string } = {},
) {
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

it('never sends a link that continues outside the app’s origins, and records it as refused', async () => {
  const signIn = (oobCode: string, continueUrl: string) => ({
    email: `${oobCode}@example.com`,
    oobCode,
    oobLink: link(oobCode, 'signIn', continueUrl),
    requestType: 'EMAIL_SIGNIN',
  });
  laterCodes.push(
    signIn('code-other-app-origin', 'http://127.0.0.1:3000/complete-signup'),
    signIn('code-evil', 'https://evil.example/steal'),
    signIn('code-lookalike', 'http://localhost:3000.evil.example/complete-signup'),
    signIn('code-other-port', 'http://localhost:3999/complete-signup'),
  );
  try {
    const lines: string[] = [];
    const delivery = start(emulatorUrl, {
      appOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
      log: (line) => lines.push(line),
    });
    expect(await delivery.runOnce()).toBe(1);
    const recipients = (await store.query('mail')).map(
      (document) => (document.data as unknown as QueuedMail).to[0],
    );
    expect(recipients).toContain('code-other-app-origin@example.com');
    for (const refused of ['code-evil', 'code-lookalike', 'code-other-port']) {
      expect(recipients).not.toContain(`${refused}@example.com`);
      expect((await store.get(`${DELIVERED_CODES}/${refused}`)).data).toMatchObject({
        refusedContinueUrl: expect.stringContaining('/'),
      });
    }
    expect(lines).toEqual([
      '[auth links] not sent to code-evil@example.com: the link continues to https://evil.example/steal, outside the app.',
      '[auth links] not sent to code-lookalike@example.com: the link continues to http://localhost:3000.evil.example/complete-signup, outside the app.',
      '[auth links] not sent to code-other-port@example.com: the link continues to http://localhost:3999/complete-signup, outside the app.',
    ]);
    // Recorded: neither the next look nor a restart sends them.
    expect(await delivery.runOnce()).toBe(0);
    await delivery.stop();
    expect(await start().runOnce()).toBe(0);
  } finally {
    laterCodes.length = 0;
  }
});

it('points sign-in links at the address browsers reach the emulator on, when it is behind a proxy', async () => {
  laterCodes.push({
    email: 'proxied@example.com',
    oobCode: 'code-proxied',
    oobLink: link('code-proxied', 'signIn', 'http://localhost:3000/complete-signup'),
    requestType: 'EMAIL_SIGNIN',
  });
  try {
    expect(await start(emulatorUrl, { linkUrl: 'http://127.0.0.1:9400' }).runOnce()).toBe(1);
    const mail = (await store.query('mail'))
      .map((document) => document.data as unknown as QueuedMail)
      .find((queued) => queued.to[0] === 'proxied@example.com');
    expect(mail?.message.html).toContain(
      'href="http://127.0.0.1:9400/emulator/action?mode=signIn&amp;lang=en&amp;oobCode=code-proxied&amp;',
    );
    expect(mail?.message.html).not.toContain('127.0.0.1:9099');
  } finally {
    laterCodes.length = 0;
  }
});
