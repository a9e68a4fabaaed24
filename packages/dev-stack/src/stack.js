// The local product: the shell and each remote served from their dist folders, the content
// service, the Auth emulator, MailDev and the backend (API host, PGlite, mail relay, e-mailed
// sign-in links). Used by `npm start`, `npm run dev` and the e2e suite.
const fs = require('node:fs');
const path = require('node:path');
const { REMOTE_NAMES, listApps } = require('./apps');
const { startContentServer } = require('@toolkit/content');
const {
  API_PATH,
  contentSecurityPolicy,
  inlineScriptHashes,
  securityHeaderRules,
} = require('@toolkit/federation');
const { createApiProxy } = require('./api-proxy');
const { loadLocalBackend } = require('./backend');
const { startMailDev } = require('./maildev');
const { assertPortFree, listen, stopOrphanedServices } = require('@toolkit/local-services');
const { startGuardedAuthEmulator } = require('./guarded-auth-emulator');
const { readLocalRuntimeConfig, runtimeConfigFor } = require('./runtime-config');
const { closeServer, createStaticServer, NO_STORE } = require('./static-server');

/**
 * What the shell's page reads: the stack's configuration with the callables on the app's own origin
 * (the shell's server forwards `/api/<name>` to the functions), so no call waits for a preflight,
 * and the live stream at the functions' own address, as in production; a stream held open on the
 * app's origin would also take one of the page's few connections to it for as long as it lasts.
 * @param {import('./runtime-config').RuntimeConfig} config
 * @returns {import('./runtime-config').RuntimeConfig}
 */
const forBrowser = (config) => ({
  ...config,
  functionsBaseUrl: API_PATH,
  functionsStreamUrl: config.functionsBaseUrl,
});

/**
 * @typedef {import('./apps').RemoteName} RemoteName
 * @typedef {{ shell: number, survey: number, dashboard: number, journey: number, billing: number, auth: number, content: number, functions: number, mail: number, smtp: number }} StackPorts
 * @typedef {{ app: string, runtimeConfig: string, remotes: Record<RemoteName, string>, auth: string, content: string, api: string, appApi: string, mail: string, smtp: string }} StackUrls
 *   `api` is the functions' own address, `appApi` where the page calls them (forwarded to `api`)
 * @typedef {{
 *   urls: StackUrls,
 *   ports: StackPorts,
 *   runtimeConfig: import('./runtime-config').RuntimeConfig,
 *   stop: () => Promise<void>,
 *   stopRemote: (name: RemoteName) => Promise<void>,
 *   startRemote: (name: RemoteName) => Promise<void>,
 *   store: import('@toolkit/functions/local').LocalBackend['store'] | undefined,
 *   publishers: import('@toolkit/functions/local').LocalBackend['publishers'],
 * }} Stack
 */

/**
 * The backend's key to the content service. The runtime configuration's key is the browsers' and
 * reads every field but the notification addresses; this one, never sent to a browser, reads them.
 */
const SERVER_CONTENT_KEY = 'local-server-content-key';

/** MailDev's ports (web inbox and JSON API, SMTP): nothing in the browser's configuration names them. */
const MAIL_PORTS = { mail: 1080, smtp: 1025 };

/**
 * The local contract's ports: the apps' from @toolkit/federation, the services' from the runtime
 * configuration (MailDev's from MAIL_PORTS), so each port is written down once.
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
    functions: portOf(config.functionsBaseUrl),
    ...MAIL_PORTS,
  });
}

/**
 * @param {{
 *   root: string,
 *   ports?: Partial<StackPorts>,
 *   dataDir?: string,
 *   auth?: boolean,
 *   content?: boolean,
 *   backend?: boolean,
 *   skip?: RemoteName[],
 *   host?: string,
 *   log?: (line: string) => void,
 *   authReadyTimeoutMs?: number,
 * }} options port 0 picks a free port (the bound ports are in the result); `skip` leaves a remote
 *   to someone else (e.g. webpack serve) while the runtime configuration still points at its port;
 *   `backend` (MailDev and the API host) needs `auth`
 * @returns {Promise<Stack>}
 */
async function startStack({
  root,
  ports: requestedPorts = {},
  dataDir = path.join(root, '.data'),
  auth = true,
  content = true,
  backend = true,
  skip = [],
  host = '127.0.0.1',
  log = (line) => console.log(line),
  authReadyTimeoutMs,
}) {
  if (backend && !auth)
    throw new Error('The backend verifies sign-ins through the Auth emulator: start it with auth too.');
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
  /** @type {import('./guarded-auth-emulator').GuardedAuthEmulator | undefined} */
  let emulator;
  /** @type {{ close: () => Promise<void>, port: number } | undefined} */
  let contentServer;
  /** @type {import('./maildev').MailDev | undefined} */
  let mailDev;
  /** @type {import('@toolkit/functions/local').LocalBackend | undefined} */
  let api;

  /** @param {'shell' | RemoteName} name */
  function createServer(name) {
    const app = /** @type {import('./apps').App} */ (apps.get(name));
    const dist = path.join(root, app.dir, 'dist');
    if (name !== 'shell')
      return createStaticServer({ dist, cors: true, headerRules: securityHeaderRules('remote') });
    /** @type {string[] | undefined} */
    let scriptHashes;
    return createStaticServer({
      dist,
      spa: true,
      headerRules: securityHeaderRules('host'),
      // The built page's inline script (the early slide) is allowed by its hash.
      contentSecurityPolicy: () => {
        scriptHashes ??= inlineScriptHashes(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'));
        return contentSecurityPolicy(forBrowser(runtimeConfig), { scriptHashes });
      },
      routes: {
        '/runtime-config.json': (_req, res) => {
          res.writeHead(200, {
            'Content-Type': 'application/json; charset=utf-8',
            'Cache-Control': NO_STORE,
          });
          res.end(`${JSON.stringify(forBrowser(runtimeConfig), null, 2)}\n`);
        },
      },
      // The functions keep their own address (tools and tests call it); the page calls them here.
      prefixRoutes: { [`${API_PATH}/`]: createApiProxy(() => runtimeConfig.functionsBaseUrl) },
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

  const stopServices = () =>
    Promise.all([closeServers(), contentServer?.close(), emulator?.stop(), mailDev?.stop()]).then(
      () => undefined,
    );

  try {
    // A stack killed outright (SIGKILL) left its Auth emulator and MailDev holding their ports.
    await stopOrphanedServices(dataDir, log);
    // Checked first so a second `npm start` fails before it starts anything.
    if (auth) await assertPortFree(ports.auth, host, 'the Auth emulator');
    if (backend) {
      await assertPortFree(ports.functions, host, 'the API host');
      await assertPortFree(ports.mail, host, 'the MailDev inbox');
      await assertPortFree(ports.smtp, host, "MailDev's SMTP server");
    }
    if (content) {
      await assertPortFree(ports.content, host, 'the content service');
      contentServer = await startContentServer({
        port: ports.content,
        host,
        key: SERVER_CONTENT_KEY,
        publicKey: baseConfig.contentKey,
      });
      ports.content = contentServer.port;
    }
    await open('shell');
    for (const name of REMOTE_NAMES) if (!skip.includes(name)) await open(name);
    runtimeConfig = runtimeConfigFor(baseConfig, ports);
    const appOrigin = `http://localhost:${ports.shell}`;
    // The app is opened as localhost (printed URL) or 127.0.0.1; both may call the API, the Auth
    // emulator and read the inbox.
    const appOrigins = [appOrigin, `http://127.0.0.1:${ports.shell}`];
    // The emulator takes seconds to start; MailDev starts meanwhile.
    const [emulatorStart, mailStart] = await Promise.allSettled([
      auth
        ? (log(`starting the Auth emulator on ${host}:${ports.auth}…`),
          startGuardedAuthEmulator({
            port: ports.auth,
            host,
            dataDir,
            projectId: baseConfig.firebase.projectId,
            origins: appOrigins,
            log,
            ...(authReadyTimeoutMs === undefined ? {} : { readyTimeoutMs: authReadyTimeoutMs }),
          }))
        : undefined,
      backend
        ? startMailDev({
            root,
            dataDir,
            smtpPort: ports.smtp,
            webPort: ports.mail,
            origins: appOrigins,
            host,
            log,
          })
        : undefined,
    ]);
    if (emulatorStart.status === 'fulfilled' && emulatorStart.value) {
      emulator = emulatorStart.value;
      ports.auth = emulator.port;
      runtimeConfig = runtimeConfigFor(baseConfig, ports);
    }
    if (mailStart.status === 'fulfilled') mailDev = mailStart.value;
    if (emulatorStart.status === 'rejected') throw emulatorStart.reason;
    if (mailStart.status === 'rejected') throw mailStart.reason;
    if (backend) {
      const startLocalBackend = loadLocalBackend();
      api = await startLocalBackend({
        dataDir,
        apiPort: ports.functions,
        host,
        appOrigins,
        appUrl: appOrigin,
        // The emulator itself: the backend runs on this machine, behind no browser.
        authEmulatorHost: /** @type {NonNullable<typeof emulator>} */ (emulator).upstreamHost,
        authEmulatorUrl: /** @type {NonNullable<typeof emulator>} */ (emulator).url,
        contentUrl: runtimeConfig.contentUrl,
        contentKey: SERVER_CONTENT_KEY,
        // Without this stack's content service there is no catalogue to catch up with.
        backfill: content,
        smtp: { host, port: ports.smtp },
        log,
      });
      ports.functions = api.port;
      runtimeConfig = runtimeConfigFor(baseConfig, ports);
    }
  } catch (error) {
    await stopServices();
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
    api: runtimeConfig.functionsBaseUrl,
    appApi: `http://localhost:${ports.shell}${API_PATH}`,
    mail: `http://${host}:${ports.mail}`,
    smtp: `${host}:${ports.smtp}`,
  };

  return {
    urls,
    ports,
    runtimeConfig: forBrowser(runtimeConfig),
    // What the backend stored, for checks that no screen shows (e.g. every answer of an anonymous respondent).
    store: api?.store,
    publishers: api?.publishers ?? [],
    stop() {
      // The backend first: it reads from the emulator and sends through MailDev until it stops.
      stopped ??= (api ? api.stop() : Promise.resolve()).then(stopServices);
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

module.exports = { startStack, contractPorts };
