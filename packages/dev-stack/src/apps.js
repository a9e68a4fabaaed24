// The apps the stack builds and serves, addressed by the names used in runtime configuration.
const { REMOTES, SHELL } = require('@toolkit/federation');

/**
 * @typedef {'survey' | 'dashboard' | 'journey' | 'billing'} RemoteName
 * @typedef {{ name: 'shell' | RemoteName, dir: string, port: number, kind: 'host' | 'remote' }} App
 */

/** @type {RemoteName[]} */
const REMOTE_NAMES = /** @type {RemoteName[]} */ (Object.keys(REMOTES));

/** @returns {App[]} the shell first, then every remote */
function listApps() {
  return [
    { name: 'shell', dir: SHELL.dir, port: SHELL.port, kind: 'host' },
    ...REMOTE_NAMES.map((name) => ({
      name,
      dir: REMOTES[name].dir,
      port: REMOTES[name].port,
      kind: /** @type {const} */ ('remote'),
    })),
  ];
}

/**
 * Accepts `survey` or `mfe-survey`.
 * @param {string} input
 * @returns {RemoteName | undefined}
 */
function remoteNameOf(input) {
  const name = input.replace(/^mfe-/, '');
  return REMOTE_NAMES.find((remote) => remote === name);
}

module.exports = { listApps, remoteNameOf, REMOTE_NAMES };
