// Builds only the apps whose inputs changed since their last successful build, two at a time
// (the machines have two cores; webpack uses one each).
const fsp = require('node:fs/promises');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { CONTRACT_PACKAGES } = require('@toolkit/federation');
const { listApps } = require('./apps');
const { createTail } = require('@toolkit/local-services');

/** Packages every app bundles from source, plus the build config; a change in any makes every app stale. */
const SHARED_PACKAGES = [...CONTRACT_PACKAGES, 'federation'];
/** Tests sit beside the code but are never bundled, so editing one does not make a build stale. */
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;
const STAMP_FILE = '.build-stamp.json';
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '@mf-types']);

/**
 * @typedef {import('./apps').App} App
 * @typedef {{ name: string, dir: string, root: string, app: App }} BuildJob
 * @typedef {(job: BuildJob) => Promise<void>} BuildApp
 * @typedef {{ stale: boolean, reason: string }} Freshness
 * @typedef {'up to date' | 'building' | 'built' | 'failed'} BuildState
 */

class BuildError extends Error {
  /**
   * @param {string} app the app's folder, e.g. mfe-survey
   * @param {string} message
   * @param {string} output the tail of the build's output
   * @param {unknown} [cause]
   */
  constructor(app, message, output, cause) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'BuildError';
    this.app = app;
    this.output = output;
  }
}

/**
 * Newest regular file under the given files/folders (missing ones are ignored).
 * @param {string[]} paths
 * @returns {Promise<{ mtimeMs: number, file: string }>}
 */
async function newestFile(paths) {
  let newest = { mtimeMs: 0, file: '' };
  /** @param {string} p */
  async function visit(p) {
    let stat;
    try {
      stat = await fsp.stat(p);
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return;
      throw error;
    }
    if (stat.isDirectory()) {
      for (const entry of await fsp.readdir(p)) {
        if (!SKIPPED_DIRS.has(entry)) await visit(path.join(p, entry));
      }
    } else if (stat.mtimeMs > newest.mtimeMs && !TEST_FILE.test(p)) {
      newest = { mtimeMs: stat.mtimeMs, file: p };
    }
  }
  for (const p of paths) await visit(p);
  return newest;
}

/**
 * @param {string} root
 * @param {App} app
 * @returns {Promise<string[]>}
 */
async function inputsOf(root, app) {
  const dir = path.join(root, app.dir);
  // Workspace packages the app bundles itself (e.g. @toolkit/journey-view) count as its sources too;
  // newestFile skips any that are not in packages/.
  const manifest = JSON.parse(await fsp.readFile(path.join(dir, 'package.json'), 'utf8'));
  const ownPackages = Object.keys(manifest.dependencies ?? {})
    .filter((name) => name.startsWith('@toolkit/'))
    .map((name) => name.slice('@toolkit/'.length))
    .filter((pkg) => !SHARED_PACKAGES.includes(pkg));
  return [
    path.join(dir, 'src'),
    path.join(dir, 'webpack.config.js'),
    path.join(dir, 'package.json'),
    ...[...SHARED_PACKAGES, ...ownPackages].map((pkg) => path.join(root, 'packages', pkg, 'src')),
  ];
}

/**
 * @param {string} root
 * @param {App} app
 */
function stampPath(root, app) {
  return path.join(root, app.dir, 'dist', STAMP_FILE);
}

/**
 * @param {string} root
 * @param {App} app
 * @returns {Promise<Freshness>}
 */
async function checkFreshness(root, app) {
  let startedAt;
  try {
    startedAt = JSON.parse(await fsp.readFile(stampPath(root, app), 'utf8')).startedAt;
  } catch {
    return { stale: true, reason: 'no build yet' };
  }
  if (typeof startedAt !== 'number') return { stale: true, reason: 'unreadable build stamp' };
  const newest = await newestFile(await inputsOf(root, app));
  // Compared with the build's start, so a file saved while webpack ran counts as a change.
  if (newest.mtimeMs > startedAt)
    return { stale: true, reason: `${path.relative(root, newest.file)} changed` };
  return { stale: false, reason: 'up to date' };
}

/**
 * The default builder: `webpack --mode production` in the app's folder.
 * @type {BuildApp}
 */
function webpackBuild({ dir, root }) {
  const cli = require.resolve('webpack-cli/bin/cli.js', { paths: [root] });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, '--mode', 'production'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0', NODE_ENV: 'production' },
    });
    const tail = createTail(40);
    child.stdout.on('data', tail.push);
    child.stderr.on('data', tail.push);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) return resolve();
      const error = new Error(
        signal ? `webpack was stopped by ${signal}` : `webpack exited with code ${code}`,
      );
      Object.assign(error, { output: tail.text() });
      reject(error);
    });
  });
}

/**
 * Builds what is missing or stale.
 * @param {{
 *   root: string,
 *   force?: boolean,
 *   log?: (line: string) => void,
 *   onProgress?: (app: string, state: BuildState) => void,
 *   buildApp?: BuildApp,
 *   skip?: string[],
 *   concurrency?: number,
 *   apps?: App[],
 * }} options `skip` takes app names (`shell`, `survey`, …); `onProgress` is told each app folder's
 *   state as it changes, for a reader that should not parse the log (the holding page)
 * @returns {Promise<{ built: string[], upToDate: string[] }>} app folders
 */
async function ensureBuilt({
  root,
  force = false,
  log = (line) => console.log(line),
  onProgress = () => undefined,
  buildApp = webpackBuild,
  skip = [],
  concurrency = 2,
  apps = listApps(),
}) {
  const selected = apps.filter((app) => !skip.includes(app.name));
  const checked = await Promise.all(
    selected.map(async (app) => ({
      app,
      freshness: force ? { stale: true, reason: 'forced' } : await checkFreshness(root, app),
    })),
  );

  const upToDate = [];
  for (const { app, freshness } of checked) {
    if (!freshness.stale) {
      log(`${app.dir} up to date`);
      onProgress(app.dir, 'up to date');
      upToDate.push(app.dir);
    }
  }

  const queue = checked.filter(({ freshness }) => freshness.stale);
  /** @type {string[]} */
  const built = [];
  /** @type {BuildError[]} */
  const failures = [];

  async function worker() {
    // After a failure nothing new starts; builds already running are allowed to finish.
    while (queue.length > 0 && failures.length === 0) {
      const { app, freshness } = /** @type {(typeof queue)[number]} */ (queue.shift());
      log(`building ${app.dir}… (${freshness.reason})`);
      onProgress(app.dir, 'building');
      const startedAt = Date.now();
      const dir = path.join(root, app.dir);
      try {
        await buildApp({ name: app.name, dir, root, app });
        await fsp.mkdir(path.dirname(stampPath(root, app)), { recursive: true });
        const finishedAt = Date.now();
        await fsp.writeFile(
          stampPath(root, app),
          `${JSON.stringify({ startedAt, finishedAt, builtAt: new Date(finishedAt).toISOString() })}\n`,
        );
        log(`${app.dir} built in ${((finishedAt - startedAt) / 1000).toFixed(1)} s`);
        built.push(app.dir);
        onProgress(app.dir, 'built');
      } catch (error) {
        const err = /** @type {Error & { output?: string }} */ (error);
        const output = typeof err.output === 'string' ? err.output : '';
        const message = `${app.dir} failed to build: ${err.message}${output ? `\n--- last lines of its output ---\n${output}` : ''}`;
        log(`${app.dir} failed to build`);
        onProgress(app.dir, 'failed');
        failures.push(new BuildError(app.dir, message, output, error));
      }
    }
  }

  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, queue.length)) }, worker));

  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) {
    const first = /** @type {BuildError} */ (failures[0]);
    throw new BuildError(
      first.app,
      failures.map((failure) => failure.message).join('\n\n'),
      first.output,
      failures,
    );
  }
  return { built, upToDate };
}

module.exports = { ensureBuilt, checkFreshness, webpackBuild, BuildError, SHARED_PACKAGES, STAMP_FILE };
