// The Firebase Auth emulator as a child process, with its users kept in <dataDir>/auth between runs.
const fsp = require('node:fs/promises');
const path = require('node:path');
const { freePort } = require('./ports');
const { spawnService } = require('./child-service');

const READY = /All emulators ready/;

/**
 * @typedef {{ url: string, logFile: string, stop: () => Promise<void> }} AuthEmulator
 */

/**
 * @param {{
 *   port: number,
 *   dataDir: string,
 *   projectId: string,
 *   host?: string,
 *   readyTimeoutMs?: number,
 *   stopTimeoutMs?: number,
 *   log?: (line: string) => void,
 * }} options
 * @returns {Promise<AuthEmulator>} once the emulator says it is ready
 */
async function startAuthEmulator({
  port,
  dataDir,
  projectId,
  host = '127.0.0.1',
  readyTimeoutMs = 90_000,
  stopTimeoutMs = 60_000,
  log = (line) => console.log(line),
}) {
  const authDir = path.join(dataDir, 'auth');
  // --import fails on a missing folder; an empty one is skipped with a warning.
  await fsp.mkdir(authDir, { recursive: true });
  const configFile = path.join(dataDir, `firebase.auth-${port}.json`);
  // The CLI also starts an emulator hub (default 4400) and a logging emulator (4500, and it exits
  // when that is taken): free ports of their own let several emulators run at once (npm start,
  // the e2e suite, test files).
  const [hubPort, loggingPort] = await Promise.all([freePort(host), freePort(host)]);
  const config = {
    emulators: {
      auth: { port, host },
      hub: { port: hubPort, host },
      logging: { port: loggingPort, host },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  await fsp.writeFile(configFile, `${JSON.stringify(config, null, 2)}\n`);
  const logFile = path.join(dataDir, `auth-emulator-${port}.log`);
  // The CLI finds "its" emulator hub through $TMPDIR/hub-<project>.json, and --export-on-exit asks
  // that hub for the data: with a shared TMPDIR, a second emulator of the same project (another
  // stack, a test) would export the other one's users. A private TMPDIR keeps each stack to itself.
  const tmpDir = path.join(dataDir, `tmp-${port}`);
  await fsp.mkdir(tmpDir, { recursive: true });
  const cli = require.resolve('firebase-tools/lib/bin/firebase.js');
  const args = ['emulators:start', '--only', 'auth', '--project', projectId, '--config', configFile];
  args.push('--import', authDir, '--export-on-exit', authDir);
  /** @type {(() => void) | undefined} */
  let onReady;
  const service = spawnService({
    name: 'Auth emulator',
    script: cli,
    args,
    // firebase-debug.log is written to the working folder; keep it out of the repository.
    cwd: dataDir,
    env: { TMPDIR: tmpDir },
    logFile,
    tailLines: 30,
    onLine: (line) => {
      if (READY.test(line)) onReady?.();
    },
    // Exactly one SIGINT, also if this process dies without stop(): a second one makes the
    // Firebase CLI quit at once, skipping the export.
    stopSignal: 'SIGINT',
    exitSignal: 'SIGINT',
    stopTimeoutMs,
    killNote: ' (its export may be incomplete)',
    log,
  });

  try {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(
          new Error(
            `The Auth emulator was not ready within ${readyTimeoutMs / 1000} s. Last lines of its log:\n${service.tail.text()}`,
          ),
        );
      }, readyTimeoutMs);
      onReady = () => {
        clearTimeout(timer);
        resolve(undefined);
      };
      service.child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      service.child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(
          new Error(
            `The Auth emulator exited before it was ready (${signal ?? `code ${code}`}). Last lines of its log:\n${service.tail.text()}`,
          ),
        );
      });
    });
    onReady = undefined;
    service.markReady();
  } catch (error) {
    await service.kill();
    throw error;
  }

  return { url: `http://${host}:${port}`, logFile, stop: service.stop };
}

module.exports = { startAuthEmulator };
