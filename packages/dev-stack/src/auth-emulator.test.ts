// Starts the real Firebase Auth emulator twice (about 10–20 s each): proves auth users survive
// a stop and start through --export-on-exit / --import.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStack } from './stack';

const REPO_ROOT = path.resolve(__dirname, '../../..');
const AUTH_PORT = 9401;
const ports = { shell: 0, survey: 0, dashboard: 0, journey: 0, billing: 0, auth: AUTH_PORT };
const identityToolkit = `http://127.0.0.1:${AUTH_PORT}/identitytoolkit.googleapis.com/v1`;

let dataDir: string;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-stack-auth-'));
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

it('keeps a user created through the emulator across stop() and a new start', async () => {
  const account = { email: 'owner@example.com', password: 'correct horse battery', returnSecureToken: true };
  const first = await startStack({ root: REPO_ROOT, ports, dataDir, content: false, log: () => {} });
  let created: Record<string, unknown>;
  try {
    expect(first.urls.auth).toBe(`http://127.0.0.1:${AUTH_PORT}`);
    expect(first.runtimeConfig.authEmulatorUrl).toBe(`http://127.0.0.1:${AUTH_PORT}`);
    created = await call('signUp', account);
    expect(created.status).toBe(200);
  } finally {
    await first.stop();
  }
  expect(fs.existsSync(path.join(dataDir, 'auth', 'firebase-export-metadata.json'))).toBe(true);

  const second = await startStack({ root: REPO_ROOT, ports, dataDir, content: false, log: () => {} });
  try {
    const signedIn = await call('signInWithPassword', account);
    expect(signedIn.status).toBe(200);
    expect(signedIn.localId).toBe(created.localId);
  } finally {
    await second.stop();
  }
}, 240_000);
