// The Google Cloud CLI's Firestore emulator, started for a test file on a free
// loopback port. It is a Java server behind a Python launcher, so it runs in its own process group
// and the whole group is stopped. Machines without the CLI skip the cases that need it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort } from '@toolkit/local-services';

export const FIRESTORE_EMULATOR_COMMAND = 'gcloud emulators firestore start';

/** Why the emulator cannot run here, or null when it can. */
export function firestoreEmulatorMissing(): string | null {
  const probe = spawnSync('gcloud', ['--version'], { encoding: 'utf8', timeout: 30_000 });
  if (probe.error || probe.status !== 0) {
    return `the Google Cloud CLI is not installed ("${FIRESTORE_EMULATOR_COMMAND}" needs the gcloud command and its firestore emulator component)`;
  }
  return null;
}

export interface FirestoreEmulator {
  /** host:port, as FIRESTORE_EMULATOR_HOST wants it. */
  host: string;
  /** Deletes every document of the project (the emulator's own reset endpoint). */
  clear(projectId: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startFirestoreEmulator(options: { rules?: string } = {}): Promise<FirestoreEmulator> {
  const port = await freePort();
  const host = `127.0.0.1:${port}`;
  const args = ['emulators', 'firestore', 'start', `--host-port=${host}`];
  if (options.rules) args.push(`--rules=${options.rules}`);
  const child: ChildProcess = spawn('gcloud', args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString('utf8'));
    if (output.length > 50) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => {
    running = false;
  });

  const stop = async () => {
    if (!running || child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, 5_000);
    await exited;
    clearTimeout(timer);
  };

  // Ready when its HTTP root answers "Ok"; Java start-up takes 10-20 s on a busy 2-core machine.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (!running) throw new Error(`The Firestore emulator exited at start:\n${output.join('')}`);
    const ok = await fetch(`http://${host}/`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The Firestore emulator did not answer within 90 s:\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    host,
    async clear(projectId) {
      const response = await fetch(
        `http://${host}/emulator/v1/projects/${projectId}/databases/(default)/documents`,
        { method: 'DELETE' },
      );
      if (!response.ok) throw new Error(`Clearing the Firestore emulator: ${response.status}`);
    },
    stop,
  };
}
