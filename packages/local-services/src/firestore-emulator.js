// The Google Cloud CLI's Firestore emulator as a child process (for start:firebase and for tests).
// It is a Java server behind a Python launcher, so it runs in its own process group and the whole
// group is stopped.
const { spawn, spawnSync } = require('node:child_process');
const { freePort, canConnect } = require('./ports');
const { createTail } = require('./tail');

const FIRESTORE_EMULATOR_COMMAND = 'gcloud emulators firestore start';
const FIRESTORE_EMULATOR_INSTALL =
  'install the Google Cloud CLI with its Firestore emulator (Debian/Ubuntu: apt-get install google-cloud-cli google-cloud-cli-firestore-emulator; elsewhere: gcloud components install cloud-firestore-emulator)';

/**
 * Why the emulator cannot run here, or null when it can.
 * @returns {string | null}
 */
function firestoreEmulatorMissing() {
  // The environment passed on purpose: under jest, process.env is the test's own copy.
  const probe = spawnSync('gcloud', ['--version'], { encoding: 'utf8', timeout: 30_000, env: process.env });
  if (probe.error || probe.status !== 0) {
    return `the Google Cloud CLI is not installed ("${FIRESTORE_EMULATOR_COMMAND}" needs the gcloud command and its Firestore emulator component): ${FIRESTORE_EMULATOR_INSTALL}`;
  }
  return null;
}

/**
 * @typedef {{
 *   host: string,
 *   clear: (projectId: string) => Promise<void>,
 *   stop: () => Promise<void>,
 * }} FirestoreEmulator
 * host is host:port, as FIRESTORE_EMULATOR_HOST wants it; clear deletes every document of a project.
 */

/**
 * @param {{
 *   port?: number,
 *   host?: string,
 *   rules?: string,
 *   readyTimeoutMs?: number,
 *   log?: (line: string) => void,
 * }} [options] port: a free one when left out; rules: a firestore.rules file to enforce
 * @returns {Promise<FirestoreEmulator>} once it answers
 */
async function startFirestoreEmulator({
  port,
  host = '127.0.0.1',
  rules,
  readyTimeoutMs = 90_000,
  log = () => {},
} = {}) {
  const portNumber = port ?? (await freePort(host));
  const address = `${host}:${portNumber}`;
  const args = ['emulators', 'firestore', 'start', `--host-port=${address}`];
  if (rules) args.push(`--rules=${rules}`);
  const child = spawn('gcloud', args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const tail = createTail(50);
  child.stdout?.on('data', (chunk) => tail.push(chunk));
  child.stderr?.on('data', (chunk) => tail.push(chunk));
  /** @type {Promise<void>} */
  const exited = new Promise((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => {
    running = false;
  });
  // A missing gcloud is reported by the wait below (it exited), not as an unhandled error.
  child.once('error', () => {
    running = false;
  });
  const killGroup = (/** @type {NodeJS.Signals} */ signal) => {
    try {
      process.kill(-(/** @type {number} */ (child.pid)), signal);
    } catch {
      // Already gone.
    }
  };
  const onParentExit = () => killGroup('SIGKILL');
  process.on('exit', onParentExit);

  /** @type {Promise<void> | undefined} */
  let stopped;
  const stop = () => {
    stopped ??= (async () => {
      process.off('exit', onParentExit);
      if (child.pid === undefined) return;
      killGroup('SIGTERM');
      // The launcher exits before its Java server has let go of the port: stopped means the port is free.
      let deadline = Date.now() + 5_000;
      await exited;
      while (await canConnect(portNumber, host)) {
        if (Date.now() > deadline) {
          log('The Firestore emulator did not stop within 5 s; killing it.');
          killGroup('SIGKILL');
          deadline = Infinity;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    return stopped;
  };

  // Ready when its HTTP root answers "Ok"; Java start-up takes 10-20 s on a busy 2-core machine.
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (!running) {
      await stop();
      throw new Error(`The Firestore emulator exited at start:\n${tail.text()}`);
    }
    const ok = await fetch(`http://${address}/`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `The Firestore emulator did not answer within ${readyTimeoutMs / 1000} s:\n${tail.text()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    host: address,
    async clear(projectId) {
      const response = await fetch(
        `http://${address}/emulator/v1/projects/${projectId}/databases/(default)/documents`,
        { method: 'DELETE' },
      );
      if (!response.ok) throw new Error(`Clearing the Firestore emulator: ${response.status}`);
    },
    stop,
  };
}

module.exports = {
  FIRESTORE_EMULATOR_COMMAND,
  FIRESTORE_EMULATOR_INSTALL,
  firestoreEmulatorMissing,
  startFirestoreEmulator,
};
