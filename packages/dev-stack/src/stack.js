// The local product: the shell and each remote served from their dist folders, plus the Auth
// emulator. Used by `npm start`, `npm run dev` and the e2e suite.
const path = require('node:path');
const { REMOTE_NAMES, listApps } = require('./apps');
const { startContentServer } = require('@toolkit/content');
const { startAuthEmulator } = require('./auth-emulator');
const { assertPortFree, listen } = require('./ports');
const { readLocalRuntimeConfig, runtimeConfigFor } = require('./runtime-config');
const { closeServer, createStaticServer, NO_STORE } = require('./static-server');

/**
 * @typedef {import('./apps').RemoteName} RemoteName
 * @typedef {{ shell: number, survey: number, dashboard: number, journey: number, billing: number, auth: number, content: number }} StackPorts
 * @typedef {{ app: string, runtimeConfig: string, remotes: Record<RemoteName, string>, auth: string, content: string }} StackUrls
 * @typedef {{
 *   urls: StackUrls,
 *   ports: StackPorts,
 *   runtimeConfig: import('./runtime-config').RuntimeConfig,
 *   stop: () => Promise<void>,
 *   stopRemote: (name: RemoteName) => Promise<void>,
 *   startRemote: (name: RemoteName) => Promise<void>,
 * }} Stack
 */

/**
 * The local contract's ports: the apps' from @toolkit/federation, the services' from the runtime
 * configuration, so each port is written down once.
 * @param {import('./runtime-config').RuntimeConfig} config
 * @returns {StackPorts}
 */
function contractPorts(config) {
  /** @param {string | undefined} url */
  const portOf = (url) => Number(new URL(/** @type {string} */ (url)).port);
  const apps = Object.fromEntries(listApps().map((app) => [app.name, app.port]));
  return /** @type {StackPorts} */ ({
    ...apps,
    auth: portOf(config.authEmulatorUrl),
    content: portOf(config.contentUrl),
  });
}

/**
 * @param {{
 *   root: string,
 *   ports?: Partial<StackPorts>,
 *   dataDir?: string,
 *   auth?: boolean,
 *   content?: boolean,
 *   skip?: RemoteName[],
 *   host?: string,
 *   log?: (line: string) => void,
 *   authReadyTimeoutMs?: number,
 * }} options port 0 picks a free port (the bound ports are in the result); `skip` leaves a remote
 *   to someone else (e.g. webpack serve) while the runtime configuration still points at its port
 * @returns {Promise<Stack>}
 */
async function startStack({
  root,
  ports: requestedPorts = {},
  dataDir = path.join(root, '.data'),
  auth = true,
  content = true,
  skip = [],
  host = '127.0.0.1',
  log = (line) => console.log(line),
  authReadyTimeoutMs,
}) {
  for (const name of skip) {
    if (!REMOTE_NAMES.includes(name))
      throw new Error(`Unknown remote "${name}" in skip; expected one of ${REMOTE_NAMES.join(', ')}.`);
  }
  const baseConfig = readLocalRuntimeConfig(root);
  const ports = { ...contractPorts(baseConfig), ...requestedPorts };
  const apps = new Map(listApps().map((app) => [app.name, app]));
  let runtimeConfig = runtimeConfigFor(baseConfig, ports);

  /** @type {Map<string, import('node:http').Server>} */
  const servers = new Map();
  /** @type {import('./auth-emulator').AuthEmulator | undefined} */
  let emulator;
  /** @type {{ close: () => Promise<void>, port: number } | undefined} */
  let contentServer;

  /** @param {'shell' | RemoteName} name */
  function createServer(name) {
    const app = /** @type {import('./apps').App} */ (apps.get(name));
    const dist = path.join(root, app.dir, 'dist');
    if (name !== 'shell') return createStaticServer({ dist, cors: true });
    return createStaticServer({
      dist,
      spa: true,
      routes: {
        '/runtime-config.json': (_req, res) => {
          res.writeHead(200, {
            'Content-Type': 'application/json; charset=utf-8',
            'Cache-Control': NO_STORE,
          });
          res.end(`${JSON.stringify(runtimeConfig, null, 2)}\n`);
        },
      },
    });
  }

  /** @param {'shell' | RemoteName} name */
  async function open(name) {
    const server = createServer(name);
    const label = name === 'shell' ? 'the shell' : `the ${name} remote`;
    ports[name] = await listen(server, ports[name], host, label);
    servers.set(name, server);
  }

  async function closeServers() {
    const running = [...servers.values()];
    servers.clear();
    await Promise.all(running.map((server) => closeServer(server)));
  }

  try {
    // Checked first so a second `npm start` fails before it starts anything.
    if (auth) await assertPortFree(ports.auth, host, 'the Auth emulator');
    if (content) {
      await assertPortFree(ports.content, host, 'the content service');
      contentServer = await startContentServer({ port: ports.content, host, key: baseConfig.contentKey });
      ports.content = contentServer.port;
    }
    await open('shell');
    for (const name of REMOTE_NAMES) if (!skip.includes(name)) await open(name);
    runtimeConfig = runtimeConfigFor(baseConfig, ports);
    if (auth) {
      log(`starting the Auth emulator on ${host}:${ports.auth}…`);
      emulator = await startAuthEmulator({
        root,
        port: ports.auth,
        host,
        dataDir,
        projectId: baseConfig.firebase.projectId,
        log,
        ...(authReadyTimeoutMs === undefined ? {} : { readyTimeoutMs: authReadyTimeoutMs }),
      });
    }
  } catch (error) {
    await Promise.all([closeServers(), contentServer?.close()]);
    throw error;
  }

  /** @type {Promise<void> | undefined} */
  let stopped;
  const urls = {
    app: `http://localhost:${ports.shell}/`,
    runtimeConfig: `http://localhost:${ports.shell}/runtime-config.json`,
    remotes: /** @type {Record<RemoteName, string>} */ (runtimeConfig.remotes),
    auth: `http://${host}:${ports.auth}`,
    content: runtimeConfig.contentUrl,
  };

  return {
    urls,
    ports,
    runtimeConfig,
    stop() {
      stopped ??= Promise.all([closeServers(), emulator?.stop(), contentServer?.close()]).then(
        () => undefined,
      );
      return stopped;
    },
    async stopRemote(name) {
      const server = servers.get(name);
      if (!server || !REMOTE_NAMES.includes(name)) return;
      servers.delete(name);
      await closeServer(server);
    },
    async startRemote(name) {
      if (stopped || servers.has(name) || skip.includes(name) || !REMOTE_NAMES.includes(name)) return;
      await open(name);
    },
  };
}

module.exports = { startStack };
