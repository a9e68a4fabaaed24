// The Auth emulator's users survive a crash: saved while it runs, not only by the CLI's export on a
// clean stop. Killed with SIGKILL (no export), a restart on the same folder still has a user signed
// up a moment before, and that user's refresh token gets a token the Admin SDK accepts. The old ID
// token is refused (the emulator counts imported users as valid from the import), which is why the
// app refreshes a token that the API refuses.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { startAuthEmulator } from './auth-emulator';
import { freePort } from './ports';

const PROJECT = 'demo-crash';
// A free port, kept for the restart: the restarted emulator answers where the first one did.
let PORT: number;
let api: string;

let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-emulator-'));
  PORT = await freePort();
  api = `http://127.0.0.1:${PORT}`;
});

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function post(url: string, body: object): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const accountsFile = () => path.join(dataDir, 'auth', 'auth_export', 'accounts.json');

it('keeps a user signed up just before a SIGKILL, whose refresh token then gets a new session', async () => {
  const first = await startAuthEmulator({
    port: PORT,
    dataDir,
    projectId: PROJECT,
    saveIntervalMs: 200,
    log: () => {},
  });
  let user: { localId: string; idToken: string; refreshToken: string };
  try {
    const signUp = await post(`${api}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k`, {
      returnSecureToken: true,
    });
    expect(signUp.status).toBe(200);
    user = signUp.body as typeof user;
    const deadline = Date.now() + 10_000;
    while (!(
      fs.existsSync(accountsFile()) && fs.readFileSync(accountsFile(), 'utf8').includes(user.localId)
    )) {
      if (Date.now() > deadline) throw new Error('The user was never saved');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // A crash: the emulator's process group killed at once, so the CLI exports nothing.
    const { pid } = JSON.parse(fs.readFileSync(`${first.logFile}.pid`, 'utf8')) as { pid: number };
    process.kill(-pid, 'SIGKILL');
  } finally {
    await first.stop();
  }
  expect(fs.readdirSync(path.join(dataDir, 'auth', 'auth_export')).sort()).toEqual([
    'accounts.json',
    'config.json',
  ]);

  // A second later, so the import time lies after the old token's issue time (both in seconds).
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const second = await startAuthEmulator({ port: PORT, dataDir, projectId: PROJECT, log: () => {} });
  try {
    const old = await post(`${api}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=k`, {
      idToken: user.idToken,
    });
    expect(old.status).toBe(400);
    const refreshed = await post(`${api}/securetoken.googleapis.com/v1/token?key=k`, {
      grant_type: 'refresh_token',
      refresh_token: user.refreshToken,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.user_id).toBe(user.localId);
    const lookup = await post(`${api}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=k`, {
      idToken: refreshed.body.id_token,
    });
    expect(lookup.status).toBe(200);

    // What the API host asks: firebase-admin checks the token's sign-in time against the emulator.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${PORT}`;
    const admin = initializeApp({ projectId: PROJECT }, 'auth-emulator-test');
    try {
      await expect(getAuth(admin).verifyIdToken(user.idToken)).rejects.toThrow();
      await expect(getAuth(admin).verifyIdToken(String(refreshed.body.id_token))).resolves.toMatchObject({
        uid: user.localId,
      });
    } finally {
      await deleteApp(admin);
      delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    }
  } finally {
    await second.stop();
  }
}, 120_000);
