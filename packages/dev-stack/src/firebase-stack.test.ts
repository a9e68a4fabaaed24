// start:firebase's stack on free ports: the deploy artifact answers in the Functions emulator for a
// seeded publisher signed in at the Auth emulator, reading what this process seeded into Firestore;
// mail a function would write reaches MailDev; stop frees every port. Without the Google Cloud CLI
// it refuses to start and names the install.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { canConnect, firestoreEmulatorMissing, freePort } from '@toolkit/local-services';
import { startFirebaseStack } from './firebase-stack';

const ROOT = path.resolve(__dirname, '../../..');
const PORT_NAMES = [
  'shell',
  'survey',
  'dashboard',
  'journey',
  'billing',
  'auth',
  'content',
  'functions',
  'mail',
  'smtp',
  'firestore',
] as const;

const missing = firestoreEmulatorMissing();
if (missing && process.env.CI === 'true') throw new Error(`CI needs the Firestore emulator: ${missing}`);
if (missing) console.warn(`Skipping the firebase stack's run: ${missing}`);
const withEmulators = missing ? it.skip : it;

let dataDir: string;
let stack: Awaited<ReturnType<typeof startFirebaseStack>> | undefined;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'firebase-stack-'));
});

afterAll(async () => {
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function post(url: string, body: object, token?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

withEmulators(
  'serves the deploy artifact over the seeded Firestore, relays its mail, and frees every port on stop',
  async () => {
    // Reused when none of its inputs changed, built again when one did: the artifact of these sources.
    execFileSync('npm', ['run', '-s', 'build', '-w', '@toolkit/functions'], { cwd: ROOT, stdio: 'ignore' });
    const ports = Object.fromEntries(
      await Promise.all(PORT_NAMES.map(async (name) => [name, await freePort()] as const)),
    ) as Record<(typeof PORT_NAMES)[number], number>;
    const logged: string[] = [];
    stack = await startFirebaseStack({ root: ROOT, ports, dataDir, log: (line) => logged.push(line) });

    // The seeded publisher's owner, signed in with a custom token (the emulator needs no key).
    const publisher = stack.publishers[0]!;
    const { getAuth } = await import('firebase-admin/auth');
    const { getApps } = await import('firebase-admin/app');
    const auth = getAuth(getApps().find((app) => app.name.startsWith('firebase-stack-'))!);
    const owner = await auth.getUserByEmail(publisher.ownerEmail);
    const signIn = await post(
      `${stack.urls.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=local`,
      { token: await auth.createCustomToken(owner.uid), returnSecureToken: true },
    );
    expect(signIn.status).toBe(200);
    const profile = await post(
      `${stack.urls.api}/account-getProfile`,
      { data: {} },
      String(signIn.body.idToken),
    );
    expect(profile.status).toBe(200);
    expect(profile.body.result).toMatchObject({
      status: 'ok',
      profile: { email: publisher.ownerEmail },
      tenant: { id: 'demo-publisher' },
    });
    // The page's way in: the shell's own origin forwards the call to the Functions emulator.
    expect(stack.runtimeConfig.functionsBaseUrl).toBe('/api');
    const onAppOrigin = await post(
      `http://127.0.0.1:${stack.ports.shell}/api/account-getProfile`,
      { data: {} },
      String(signIn.body.idToken),
    );
    expect(onAppOrigin).toEqual(profile);

    // Mail written by another process (as a function does) wakes the relay through Firestore's listener.
    await stack.store.set('mail/firebase-stack-test', {
      to: 'someone@example.com',
      message: { subject: 'Relayed from Firestore', text: 'hello' },
    });
    const deadline = Date.now() + 20_000;
    let subjects: string[] = [];
    while (!subjects.includes('Relayed from Firestore')) {
      if (Date.now() > deadline)
        throw new Error(
          `MailDev never got the mail; it holds [${subjects.join(', ')}]; the stack said:\n${logged.join('\n')}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 250));
      const inbox = (await (await fetch(`${stack.urls.mail}/email`)).json()) as { subject: string }[];
      subjects = inbox.map((mail) => mail.subject);
    }

    await stack.stop();
    stack = undefined;
    for (const name of PORT_NAMES) expect([name, await canConnect(ports[name])]).toEqual([name, false]);
  },
  300_000,
);

it('refuses to start without the Google Cloud CLI, naming what to install', async () => {
  const pathBefore = process.env.PATH;
  process.env.PATH = path.join(dataDir, 'no-such-bin');
  try {
    await expect(startFirebaseStack({ root: ROOT, dataDir, log: () => undefined })).rejects.toThrow(
      /google-cloud-cli-firestore-emulator/,
    );
  } finally {
    process.env.PATH = pathBefore;
  }
});
