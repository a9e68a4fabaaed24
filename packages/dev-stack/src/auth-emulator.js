// The Firebase Auth emulator as a child process, with its users kept in <dataDir>/auth between runs.
const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { freePort } = require('./ports');
const { createTail } = require('./tail');

const READY = /All emulators ready/;

/**
 * @typedef {{ url: string, logFile: string, stop: () => Promise<void> }} AuthEmulator
 */

/**
 * @param {{
 *   root: string,
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
  root,
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
  const logStream = fs.createWriteStream(logFile);

  const cli = require.resolve('firebase-tools/lib/bin/firebase.js', { paths: [root] });
  const args = ['emulators:start', '--only', 'auth', '--project', projectId, '--config', configFile];
  args.push('--import', authDir, '--export-on-exit', authDir);
  const child = spawn(process.execPath, [cli, ...args], {
    // Its own process group: a terminal Ctrl-C reaches only us, and we send the emulator exactly one
    // SIGINT (a second one makes the Firebase CLI quit at once, skipping the export).
    detached: true,
    // firebase-debug.log is written to the working folder; keep it out of the repository.
    cwd: dataDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', TMPDIR: tmpDir },
  });

  let ready = false;
  let stopping = false;
  /** @type {Promise<void>} */
  const exited = new Promise((resolve) => child.once('exit', () => resolve()));
  /** @type {(() => void) | undefined} */
  let onReady;
  const tail = createTail(30, (line) => {
    if (!ready && READY.test(line)) {
      ready = true;
      onReady?.();
    }
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      logStream.write(chunk);
      tail.push(chunk);
    });
  }

  // If this process dies without stop(), the emulator still gets its one SIGINT and exports.
  const onParentExit = () => {
    if (child.exitCode === null) child.kill('SIGINT');
  };
  process.on('exit', onParentExit);

  child.once('exit', (code, signal) => {
    process.off('exit', onParentExit);
    logStream.end();
    if (ready && !stopping)
      log(`Auth emulator exited unexpectedly (${signal ?? `code ${code}`}); see ${logFile}`);
  });

  try {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(
          new Error(
            `The Auth emulator was not ready within ${readyTimeoutMs / 1000} s. Last lines of its log:\n${tail.text()}`,
          ),
        );
      }, readyTimeoutMs);
      onReady = () => {
        clearTimeout(timer);
        resolve(undefined);
      };
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        if (!ready) {
          reject(
            new Error(
              `The Auth emulator exited before it was ready (${signal ?? `code ${code}`}). Last lines of its log:\n${tail.text()}`,
            ),
          );
        }
      });
    });
  } catch (error) {
    stopping = true;
    if (child.exitCode === null) child.kill('SIGKILL');
    await exited;
    throw error;
  }

  /** @type {Promise<void> | undefined} */
  let stopped;
  return {
    url: `http://${host}:${port}`,
    logFile,
    stop() {
      stopped ??= (async () => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGINT');
        const timer = setTimeout(() => {
          log(
            `Auth emulator did not stop within ${stopTimeoutMs / 1000} s; killing it (its export may be incomplete).`,
          );
          child.kill('SIGKILL');
        }, stopTimeoutMs);
        await exited;
        clearTimeout(timer);
      })();
      return stopped;
    },
  };
}

module.exports = { startAuthEmulator };
