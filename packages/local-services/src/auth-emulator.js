// The Firebase Auth emulator as a child process, with its users kept in <dataDir>/auth between runs:
// written by the Firebase CLI when the emulator stops, and by this process every few seconds while
// it runs, so a stack killed outright (SIGKILL, a closed terminal) keeps the users it had seconds
// before. The CLI reads the same folder back with --import.
const fsp = require('node:fs/promises');
const path = require('node:path');
const { freePort } = require('./ports');
const { spawnService } = require('./child-service');

const READY = /All emulators ready/;

/** How often the users are saved while the emulator runs (only when they changed). */
const SAVE_INTERVAL_MS = 2000;

/**
 * Saves the emulator's users and configuration into `authDir` in the layout the CLI's own export
 * writes and --import reads (firebase-export-metadata.json, auth_export/accounts.json and
 * config.json). Each file is written beside its place and renamed over it, so a crash mid-save
 * leaves the previous file whole. The temporary name must not contain "accounts": the import reads
 * every file whose name does.
 * @param {{ url: string, projectId: string, authDir: string }} where
 * @returns {() => Promise<boolean>} saves now; resolves whether anything had changed
 */
function usersSaver({ url, projectId, authDir }) {
  const exportDir = path.join(authDir, 'auth_export');
  const version = require('firebase-tools/package.json').version;
  /** @type {Map<string, string>} what each file last held */
  const written = new Map();
  const fetchText = async (/** @type {string} */ route) => {
    const response = await fetch(`${url}${route}`, { headers: { Authorization: 'Bearer owner' } });
    if (!response.ok) throw new Error(`The Auth emulator answered ${response.status} for ${route}`);
    return response.text();
  };
  const replace = async (/** @type {string} */ file, /** @type {string} */ text) => {
    if (written.get(file) === text) return false;
    const next = path.join(path.dirname(file), '.saving.tmp');
    await fsp.writeFile(next, text);
    await fsp.rename(next, file);
    written.set(file, text);
    return true;
  };
  return async () => {
    const [accounts, config] = await Promise.all([
      fetchText(`/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchGet?maxResults=-1`),
      fetchText(`/emulator/v1/projects/${projectId}/config`),
    ]);
    await fsp.mkdir(exportDir, { recursive: true });
    const metadata = `${JSON.stringify({ version, auth: { version, path: 'auth_export' } }, null, 2)}\n`;
    const changed = [
      await replace(path.join(authDir, 'firebase-export-metadata.json'), metadata),
      await replace(path.join(exportDir, 'config.json'), config),
      await replace(path.join(exportDir, 'accounts.json'), accounts),
    ];
    return changed.includes(true);
  };
}

/**
 * @typedef {{ url: string, logFile: string, stop: () => Promise<void> }} AuthEmulator
 */

/**
 * Lets the sessions of saved users go on after the import. The emulator counts an imported user's
 * tokens as valid only from the import time, and the Admin SDK (checking every token against the
 * emulator) refuses a token whose sign-in time (auth_time) is earlier, even a freshly refreshed one,
 * which keeps the sign-in time of the user's lastLoginAt: every respondent in the middle of a survey
 * would lose their session and their result. Without lastLoginAt a refreshed token's sign-in time is
 * the refresh, so the app's refresh of a refused token restores the session. (lastLoginAt is metadata
 * the product never reads; it is set again at the user's next sign-in.)
 * @param {string} authDir
 */
async function keepSessionsAcrossImport(authDir) {
  const file = path.join(authDir, 'auth_export', 'accounts.json');
  /** @type {{ users?: Record<string, unknown>[] }} */
  let saved;
  try {
    saved = JSON.parse(await fsp.readFile(file, 'utf8'));
  } catch {
    // Nothing saved yet (or unreadable, which the import reports itself).
    return;
  }
  if (!saved.users?.some((user) => 'lastLoginAt' in user)) return;
  const users = saved.users.map(({ lastLoginAt: _lastLoginAt, ...user }) => user);
  const next = path.join(authDir, 'auth_export', '.saving.tmp');
  await fsp.writeFile(next, JSON.stringify({ ...saved, users }));
  await fsp.rename(next, file);
}

/**
 * @param {{
 *   port: number,
 *   dataDir: string,
 *   projectId: string,
 *   host?: string,
 *   readyTimeoutMs?: number,
 *   stopTimeoutMs?: number,
 *   saveIntervalMs?: number,
 *   persist?: boolean,
 *   log?: (line: string) => void,
 * }} options
 * `persist: false` keeps the users in memory only (tests, which clear them between files).
 * @returns {Promise<AuthEmulator>} once the emulator says it is ready
 */
async function startAuthEmulator({
  port,
  dataDir,
  projectId,
  host = '127.0.0.1',
  readyTimeoutMs = 90_000,
  stopTimeoutMs = 60_000,
  saveIntervalMs = SAVE_INTERVAL_MS,
  persist = true,
  log = (line) => console.log(line),
}) {
  const authDir = path.join(dataDir, 'auth');
  // --import fails on a missing folder; an empty one is skipped with a warning.
  await fsp.mkdir(authDir, { recursive: true });
  if (persist) await keepSessionsAcrossImport(authDir);
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
  if (persist) args.push('--import', authDir, '--export-on-exit', authDir);
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

  const url = `http://${host}:${port}`;
  if (!persist) return { url, logFile, stop: () => service.stop() };
  const save = usersSaver({ url, projectId, authDir });
  /** @type {Promise<unknown>} the save running now, if any */
  let saving = Promise.resolve();
  let saveFailed = false;
  const timer = setInterval(() => {
    saving = saving.then(() =>
      save().then(
        () => (saveFailed = false),
        (/** @type {Error} */ error) => {
          // Said once, not every two seconds; the CLI's export at stop still runs.
          if (!saveFailed) log(`Saving the Auth emulator's users failed: ${error.message}`);
          saveFailed = true;
        },
      ),
    );
  }, saveIntervalMs);
  timer.unref();

  return {
    url,
    logFile,
    async stop() {
      // The CLI exports into the same folder as it stops: no save of ours may overlap it.
      clearInterval(timer);
      await saving;
      await service.stop();
    },
  };
}

module.exports = { startAuthEmulator };
