// The emulators jest's global setup shares: each worker finds its own, every file starts with no
// users, and a run of another project (or outside jest's setup) is told there is none.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sharedAuthEmulator, startSharedAuthEmulators } from './shared-auth-emulators';

const PROJECT = 'demo-shared';
const NAMED = 'TOOLKIT_SHARED_AUTH_EMULATORS';

let dataDir: string;
const saved = { named: process.env[NAMED], worker: process.env.JEST_WORKER_ID };

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-auth-'));
});

afterAll(() => {
  // This file runs under the run's own shared emulators: give them back to the files after it.
  process.env[NAMED] = saved.named;
  process.env.JEST_WORKER_ID = saved.worker;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signUp(url: string, email: string) {
  const response = await fetch(`${url}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'secret-123', returnSecureToken: true }),
  });
  return response.status;
}

it('gives each worker its own emulator, without the users of the file before, until stopped', async () => {
  const shared = await startSharedAuthEmulators({ count: 2, projectId: PROJECT, dataDir });
  try {
    process.env.JEST_WORKER_ID = '1';
    const first = await sharedAuthEmulator(PROJECT);
    process.env.JEST_WORKER_ID = '2';
    const second = await sharedAuthEmulator(PROJECT);
    expect(first && second).toBeTruthy();
    expect(first!.port).not.toBe(second!.port);

    expect(await signUp(second!.url, 'kept@example.com')).toBe(200);
    // The same address again is refused while the user exists…
    expect(await signUp(second!.url, 'kept@example.com')).toBe(400);
    // …and free again for the next file of the worker.
    expect(await sharedAuthEmulator(PROJECT)).toEqual(second);
    expect(await signUp(second!.url, 'kept@example.com')).toBe(200);

    expect(await sharedAuthEmulator('demo-other')).toBeUndefined();
    process.env.JEST_WORKER_ID = '3';
    expect(await sharedAuthEmulator(PROJECT)).toBeUndefined();
  } finally {
    await shared.stop();
  }
  expect(process.env[NAMED]).toBeUndefined();
  expect(await sharedAuthEmulator(PROJECT)).toBeUndefined();
}, 120_000);
