// The Firestore emulator started on a free port with rules: it enforces them on an unauthenticated
// client, clear() empties the project, and stop() ends the whole process group (the port is free).
import { canConnect } from './ports';
import {
  firestoreEmulatorMissing,
  startFirestoreEmulator,
  type FirestoreEmulator,
} from './firestore-emulator';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const missing = firestoreEmulatorMissing();
if (missing && process.env.CI === 'true') throw new Error(`CI needs the Firestore emulator: ${missing}`);
const withEmulator = missing ? it.skip : it;
if (missing) console.warn(`Skipping the Firestore emulator's test: ${missing}`);

const PROJECT = 'demo-local-services';
let emulator: FirestoreEmulator | undefined;
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'firestore-emulator-'));
});

afterAll(async () => {
  await emulator?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const documents = (host: string) =>
  `http://${host}/v1/projects/${PROJECT}/databases/(default)/documents/notes`;

withEmulator(
  'enforces the rules, clears a project and stops its process group',
  async () => {
    const rules = path.join(dir, 'firestore.rules');
    fs.writeFileSync(
      rules,
      "rules_version = '2';\nservice cloud.firestore { match /databases/{db}/documents { match /notes/{id} { allow read: if true; allow write: if false; } } }\n",
    );
    emulator = await startFirestoreEmulator({ rules });
    const { host } = emulator;
    // The rules refuse a client's write; the admin bearer ("owner") passes them.
    const denied = await fetch(`${documents(host)}?documentId=a`, { method: 'POST', body: '{"fields":{}}' });
    expect(denied.status).toBe(403);
    const written = await fetch(`${documents(host)}?documentId=a`, {
      method: 'POST',
      headers: { Authorization: 'Bearer owner' },
      body: '{"fields":{}}',
    });
    expect(written.status).toBe(200);
    const listed = async () =>
      ((await (await fetch(documents(host))).json()) as { documents?: unknown[] }).documents;
    expect(await listed()).toHaveLength(1);
    await emulator.clear(PROJECT);
    expect(await listed()).toBeUndefined();
    await emulator.stop();
    expect(await canConnect(Number(host.split(':')[1]))).toBe(false);
  },
  120_000,
);
