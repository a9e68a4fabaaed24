// One Auth emulator per jest worker for the whole run, started by jest's global setup: an emulator
// takes seconds to start, which every test file needing one used to pay. A worker runs its files one
// after another, so a file may clear the users of the file before it and have the emulator to itself.
const path = require('node:path');
const { startAuthEmulator } = require('./auth-emulator');
const { freePort } = require('./ports');

/** Where the workers find their emulators: {projectId, emulators: [{port, logFile}]} as JSON. */
const SHARED_AUTH_EMULATORS = 'TOOLKIT_SHARED_AUTH_EMULATORS';
const HOST = '127.0.0.1';

/**
 * Starts `count` emulators of `projectId` in the background and names them in the environment the
 * workers inherit. Not awaited here: a run that needs none (the React suites) does not wait for them.
 * @param {{ count: number, projectId: string, dataDir: string }} options
 * @returns {Promise<{ stop: () => Promise<void> }>}
 */
async function startSharedAuthEmulators({ count, projectId, dataDir }) {
  const ports = await Promise.all(Array.from({ length: count }, () => freePort(HOST)));
  const starting = ports.map((port) => {
    const started = startAuthEmulator({
      port,
      dataDir: path.join(dataDir, `auth-${port}`),
      projectId,
      persist: false,
      log: () => {},
    });
    // A start that fails is reported by the worker that waits for it (sharedAuthEmulator).
    started.catch(() => {});
    return started;
  });
  const emulators = ports.map((port) => ({
    port,
    logFile: path.join(dataDir, `auth-${port}`, `auth-emulator-${port}.log`),
  }));
  process.env[SHARED_AUTH_EMULATORS] = JSON.stringify({ projectId, emulators });
  return {
    async stop() {
      delete process.env[SHARED_AUTH_EMULATORS];
      await Promise.all(
        starting.map((started) =>
          started.then(
            (emulator) => emulator.stop(),
            () => {},
          ),
        ),
      );
    },
  };
}

/**
 * This jest worker's shared emulator of `projectId`, once it answers, with no users left from an
 * earlier file; undefined when the run shares none (a script, another project).
 * @param {string} projectId
 * @param {{ readyTimeoutMs?: number }} [options]
 * @returns {Promise<{ url: string, port: number } | undefined>}
 */
async function sharedAuthEmulator(projectId, { readyTimeoutMs = 90_000 } = {}) {
  const named = process.env[SHARED_AUTH_EMULATORS];
  if (!named) return undefined;
  /** @type {{ projectId: string, emulators: { port: number, logFile: string }[] }} */
  const shared = JSON.parse(named);
  const worker = Number(process.env.JEST_WORKER_ID ?? '1');
  const emulator = shared.emulators[worker - 1];
  if (shared.projectId !== projectId || !emulator) return undefined;
  const url = `http://${HOST}:${emulator.port}`;
  const accounts = `${url}/emulator/v1/projects/${projectId}/accounts`;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    const cleared = await fetch(accounts, { method: 'DELETE' }).then(
      (response) => response.ok,
      () => false,
    );
    if (cleared) return { url, port: emulator.port };
    if (Date.now() > deadline) {
      throw new Error(
        `The Auth emulator shared by jest worker ${worker} did not answer on ${url} within ${readyTimeoutMs / 1000} s; its log: ${emulator.logFile}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

module.exports = { startSharedAuthEmulators, sharedAuthEmulator };
