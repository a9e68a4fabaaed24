// The Auth emulator as the stack runs it: the emulator itself on a loopback port picked at each
// start, which nothing in the browser's configuration names, and on the stack's Auth port the origin
// proxy of ./inbox-proxy.js, which lets through Node (no Origin header) and the app's origins only.
const fsp = require('node:fs/promises');
const path = require('node:path');
const { freePort, listen, startAuthEmulator } = require('@toolkit/local-services');
const { createOriginProxy } = require('./inbox-proxy');

/**
 * @typedef {{ url: string, port: number, upstreamHost: string, stop: () => Promise<void> }} GuardedAuthEmulator
 *   `url` and `port`: the proxy's, for browsers and scripts; `upstreamHost`: host:port of the emulator
 *   itself, for the backend on this machine (FIREBASE_AUTH_EMULATOR_HOST)
 */

/**
 * Starts the emulator on a free port. A free port can be taken before the CLI listens on it (a
 * parallel test's service picking the same one), and the CLI then exits with "port taken": it
 * is started again on another.
 * @template T
 * @param {string} host
 * @param {(port: number) => Promise<T>} start
 * @returns {Promise<{ upstreamPort: number, emulator: T }>}
 */
async function startOnFreePort(host, start) {
  for (let attempt = 1; ; attempt++) {
    const upstreamPort = await freePort(host);
    try {
      return { upstreamPort, emulator: await start(upstreamPort) };
    } catch (error) {
      if (attempt >= 3 || !/port taken/i.test(String(/** @type {Error} */ (error).message))) throw error;
    }
  }
}

/**
 * @param {{
 *   port: number,
 *   dataDir: string,
 *   projectId: string,
 *   origins: string[],
 *   host?: string,
 *   readyTimeoutMs?: number,
 *   log?: (line: string) => void,
 * }} options `port` 0 picks a free port; `origins` are the app's
 * @returns {Promise<GuardedAuthEmulator>}
 */
async function startGuardedAuthEmulator({
  port,
  dataDir,
  projectId,
  origins,
  host = '127.0.0.1',
  readyTimeoutMs,
  log,
}) {
  const { upstreamPort, emulator } = await startOnFreePort(host, (upstreamPort) =>
    startAuthEmulator({
      port: upstreamPort,
      host,
      dataDir,
      projectId,
      ...(readyTimeoutMs === undefined ? {} : { readyTimeoutMs }),
      ...(log === undefined ? {} : { log }),
    }),
  );
  const proxy = createOriginProxy({
    target: { host, port: upstreamPort },
    host,
    origins,
    name: 'The Auth emulator',
  });
  // Its files are named by its port, which changes at every start: removed once it has stopped.
  const forget = () =>
    Promise.all(
      [`firebase.auth-${upstreamPort}.json`, `tmp-${upstreamPort}`, `auth-emulator-${upstreamPort}.log`].map(
        (name) => fsp.rm(path.join(dataDir, name), { recursive: true, force: true }),
      ),
    );
  let bound;
  try {
    bound = await listen(proxy.server, port, host, 'the Auth emulator');
  } catch (error) {
    await emulator.stop();
    throw error;
  }
  /** @type {Promise<void> | undefined} */
  let stopped;
  return {
    url: `http://${host}:${bound}`,
    port: bound,
    upstreamHost: `${host}:${upstreamPort}`,
    stop: () =>
      (stopped ??= proxy
        .close()
        .then(() => emulator.stop())
        .then(forget)
        .then(() => undefined)),
  };
}

module.exports = { startGuardedAuthEmulator, startOnFreePort };
