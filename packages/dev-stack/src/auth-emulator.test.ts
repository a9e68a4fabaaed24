// The whole local backend through startStack, started twice over one data folder (the Auth
// emulator takes 10–20 s each time): sign-in links arrive as e-mails in MailDev, the API host
// answers on the functions URL, Ctrl-C's stop() frees every port, and a restart keeps auth users
// (--export-on-exit / --import), the database (PGlite in db/) and the inbox (mail/).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { canConnect, freePort } from '@toolkit/local-services';
import { startStack } from './stack';

const REPO_ROOT = path.resolve(__dirname, '../../..');
// Free ports, named (not 0) because the restart must find the services where the first start left them.
let AUTH_PORT: number;
let ports: Record<'shell' | 'survey' | 'dashboard' | 'journey' | 'billing', 0> &
  Record<'auth' | 'functions' | 'mail' | 'smtp', number>;
let identityToolkit: string;

let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-stack-auth-'));
  const [auth, functions, mail, smtp] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  AUTH_PORT = auth;
  ports = { shell: 0, survey: 0, dashboard: 0, journey: 0, billing: 0, auth, functions, mail, smtp };
  identityToolkit = `http://127.0.0.1:${AUTH_PORT}/identitytoolkit.googleapis.com/v1`;
});

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function call(method: string, body: object): Promise<Record<string, unknown>> {
  const response = await fetch(`${identityToolkit}/accounts:${method}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, ...((await response.json()) as Record<string, unknown>) };
}

interface InboxMessage {
  subject: string;
  html: string;
  to: { address: string }[];
}

async function inbox(url: string): Promise<InboxMessage[]> {
  return (await (await fetch(`${url}/email`)).json()) as InboxMessage[];
}

async function waitForMail(url: string, to: string): Promise<InboxMessage> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = (await inbox(url)).find((message) => message.to.some((entry) => entry.address === to));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} arrived in ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it('runs the backend, frees every port on stop(), and keeps users, data and mail across a restart', async () => {
  const account = { email: 'owner@example.com', password: 'correct horse battery', returnSecureToken: true };
  const first = await startStack({ root: REPO_ROOT, ports, dataDir, content: false, log: () => {} });
  let created: Record<string, unknown>;
  try {
    expect(first.urls.auth).toBe(`http://127.0.0.1:${AUTH_PORT}`);
    expect(first.runtimeConfig.authEmulatorUrl).toBe(`http://127.0.0.1:${AUTH_PORT}`);
    expect(first.urls.api).toBe(`http://127.0.0.1:${ports.functions}/demo-toolkit/australia-southeast1`);
    expect(first.runtimeConfig.functionsBaseUrl).toBe('/api');
    expect(first.urls.mail).toBe(`http://127.0.0.1:${ports.mail}`);
    created = await call('signUp', account);
    expect(created.status).toBe(200);

    // The shell's origin may call the API; an unauthenticated call is refused with the callable error body.
    const refused = await fetch(`${first.urls.api}/account-getProfile`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: `http://localhost:${first.ports.shell}` },
      body: JSON.stringify({ data: null }),
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe(`http://localhost:${first.ports.shell}`);
    expect(await refused.json()).toMatchObject({ error: { status: 'UNAUTHENTICATED' } });
    // The page's way in: the shell's own origin forwards the same call to the API host.
    const refusedOnAppOrigin = await fetch(`http://127.0.0.1:${first.ports.shell}/api/account-getProfile`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: `http://localhost:${first.ports.shell}` },
      body: JSON.stringify({ data: null }),
    });
    expect(refusedOnAppOrigin.status).toBe(401);
    expect(await refusedOnAppOrigin.json()).toMatchObject({ error: { status: 'UNAUTHENTICATED' } });

    expect(
      await call('sendOobCode', {
        requestType: 'EMAIL_SIGNIN',
        email: account.email,
        continueUrl: first.urls.app,
        canHandleCodeInApp: true,
      }),
    ).toMatchObject({ status: 200 });
    const mail = await waitForMail(first.urls.mail, account.email);
    expect(mail.subject).toBe('Sign in to the Sustainability Toolkit');
    expect(mail.html).toContain(`http://127.0.0.1:${AUTH_PORT}/emulator/action?mode=signIn`);
  } finally {
    await first.stop();
  }
  for (const port of [AUTH_PORT, ports.functions, ports.mail, ports.smtp])
    expect(await canConnect(port)).toBe(false);
  expect(fs.existsSync(path.join(dataDir, 'auth', 'firebase-export-metadata.json'))).toBe(true);
  expect(fs.readdirSync(path.join(dataDir, 'mail')).some((file) => file.endsWith('.eml'))).toBe(true);

  const second = await startStack({ root: REPO_ROOT, ports, dataDir, content: false, log: () => {} });
  try {
    const signedIn = await call('signInWithPassword', account);
    expect(signedIn.status).toBe(200);
    expect(signedIn.localId).toBe(created.localId);
    // Given the link delivery time to poll: the old link is neither lost nor sent again.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const messages = await inbox(second.urls.mail);
    expect(
      messages.filter((message) => message.to.some((entry) => entry.address === account.email)),
    ).toHaveLength(1);
  } finally {
    await second.stop();
  }
}, 240_000);
