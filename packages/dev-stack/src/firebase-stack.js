// The product on Firebase's own emulators (npm run start:firebase, the e2e journeys' firebase run):
// the deploy artifact (packages/functions/deploy) in the Firebase CLI's Functions emulator, over
// Firestore from the Google Cloud CLI's emulator with firestore.rules loaded. Around it the pieces of
// `npm start`: the static servers and the guarded Auth emulator (startStack without its backend), the
// content service, MailDev, and in this process the publishers' seed, the mail relay and the
// e-mailed sign-in links over the same Firestore.
const fs = require('node:fs');
const fsp = require('node:fs/promises');
const path = require('node:path');
const { startContentServer } = require('@toolkit/content');
const {
  assertPortFree,
  firestoreEmulatorMissing,
  freePort,
  spawnService,
  startFirestoreEmulator,
} = require('@toolkit/local-services');
const { requireTypeScript } = require('./backend');
const { writeLocalFunctionParams } = require('./function-params');
const { startMailDev } = require('./maildev');
const { readLocalRuntimeConfig } = require('./runtime-config');
const { contractPorts, startStack } = require('./stack');

/** Firestore's local address (the Google Cloud CLI's and firebase.json's default port is 8080, taken too often). */
const FIRESTORE_PORT = 8085;
/** The functions' key to the content service, which reads the notification addresses too; never sent to a browser. */
const SERVER_CONTENT_KEY = 'local-firebase-server-content-key';
const BUILD_COMMAND = 'npm run -s build -w @toolkit/functions';
const READY = /All emulators ready/;

/**
 * The server's TypeScript, loaded through tsx's require hook (not the local backend, which this stack replaces).
 * @returns {{ server: typeof import('@toolkit/server'), local: typeof import('@toolkit/server/local') }}
 */
function loadServer() {
  requireTypeScript();
  return { server: require('@toolkit/server'), local: require('@toolkit/server/local') };
}

/**
 * The store as the mail relay wants it, told of each new mail document. On PGlite this process is
 * the only writer; here the functions write mail from their own processes, so Firestore's listener
 * tells it (as a document trigger wakes the firestore-send-email extension in production).
 * @param {import('@toolkit/server').DocumentStore} store
 * @param {import('firebase-admin/firestore').Firestore} firestore
 * @param {(line: string) => void} log
 * @returns {Parameters<typeof import('@toolkit/server/local').startMailRelay>[0]['store']}
 */
function withMailTrigger(store, firestore, log) {
  return {
    ...store,
    onCollectionWrite(collectionPath, listener) {
      return firestore.collection(collectionPath).onSnapshot(
        (snapshot) => {
          const added = snapshot.docChanges().filter((change) => change.type === 'added');
          if (added.length > 0) listener(added.map((change) => change.doc.ref.path));
        },
        (error) => log(`The mail relay's listener failed; new mail is not sent: ${error.message}`),
      );
    },
  };
}

/**
 * The artifact's own copy for this stack, beside the parameter files, which differ per stack
 * (addresses); the repository's node_modules holds firebase-functions and firebase-admin.
 * @param {string} root
 * @param {string} artifactDir
 * @param {string} functionsDir
 */
async function copyArtifact(root, artifactDir, functionsDir) {
  if (!fs.existsSync(path.join(artifactDir, 'index.js')))
    throw new Error(
      `The functions' deploy artifact is missing (${artifactDir}): build it with \`${BUILD_COMMAND}\`.`,
    );
  await fsp.rm(functionsDir, { recursive: true, force: true });
  await fsp.cp(artifactDir, functionsDir, {
    recursive: true,
    filter: (source) => !/^(node_modules|\.env.*|\.secret.*)$/.test(path.basename(source)),
  });
  await fsp.symlink(path.join(root, 'node_modules'), path.join(functionsDir, 'node_modules'), 'dir');
}

/**
 * The Firebase CLI's Functions emulator, alone (--only functions): Firestore and Auth are reached
 * through FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST, which its functions inherit.
 * @param {{ dataDir: string, functionsDir: string, projectId: string, host: string, port: number,
 *   env: Record<string, string>, logFile: string, log: (line: string) => void }} options
 */
async function startFunctionsEmulator({ dataDir, functionsDir, projectId, host, port, env, logFile, log }) {
  // The hub and the logging emulator on free ports, so this runs beside npm start's Auth emulator.
  const [hubPort, loggingPort] = await Promise.all([freePort(host), freePort(host)]);
  const configFile = path.join(dataDir, 'firebase.json');
  const config = {
    functions: [{ source: path.relative(dataDir, functionsDir), codebase: 'default', runtime: 'nodejs22' }],
    emulators: {
      functions: { host, port },
      hub: { host, port: hubPort },
      logging: { host, port: loggingPort },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  await fsp.writeFile(configFile, `${JSON.stringify(config, null, 2)}\n`);
  // A private TMPDIR: the CLI finds "its" hub through $TMPDIR/hub-<project>.json.
  const tmpDir = path.join(dataDir, 'tmp-functions');
  await fsp.mkdir(tmpDir, { recursive: true });
  /** @type {(() => void) | undefined} */
  let onReady;
  const service = spawnService({
    name: 'Functions emulator',
    script: require.resolve('firebase-tools/lib/bin/firebase.js'),
    args: ['emulators:start', '--only', 'functions', '--project', projectId, '--config', configFile],
    cwd: dataDir,
    // A function's process must answer within this many seconds of its first call (30 by default):
    // several starting at once on a busy two-core machine took longer, and the call failed.
    env: { ...env, TMPDIR: tmpDir, FUNCTIONS_DISCOVERY_TIMEOUT: '120' },
    logFile,
    tailLines: 40,
    onLine: (line) => {
      if (READY.test(line)) onReady?.();
    },
    stopSignal: 'SIGINT',
    exitSignal: 'SIGINT',
    stopTimeoutMs: 20_000,
    log,
  });
  try {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`The Functions emulator was not ready within 120 s:\n${service.tail.text()}`)),
        120_000,
      );
      onReady = () => {
        clearTimeout(timer);
        resolve(undefined);
      };
      service.child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(
          new Error(
            `The Functions emulator exited before it was ready (${signal ?? `code ${code}`}):\n${service.tail.text()}`,
          ),
        );
      });
    });
    service.markReady();
  } catch (error) {
    await service.kill();
    throw error;
  }
  return service;
}

/**
 * @param {{
 *   root: string,
 *   ports?: Partial<import('./stack').StackPorts & { firestore: number }>,
 *   dataDir?: string,
 *   artifactDir?: string,
 *   host?: string,
 *   log?: (line: string) => void,
 * }} options `ports` as startStack's, plus Firestore's; the artifact must be built
 */
async function startFirebaseStack({
  root,
  ports: requestedPorts = {},
  dataDir = path.join(root, '.data', 'firebase'),
  artifactDir = path.join(root, 'packages', 'functions', 'deploy'),
  host = '127.0.0.1',
  log = (line) => console.log(line),
}) {
  const missing = firestoreEmulatorMissing();
  if (missing) throw new Error(`start:firebase runs Firestore in its emulator, but ${missing}.`);
  const baseConfig = readLocalRuntimeConfig(root);
  const projectId = baseConfig.firebase.projectId;
  const ports = { ...contractPorts(baseConfig), firestore: FIRESTORE_PORT, ...requestedPorts };
  const functionsDir = path.join(dataDir, 'functions');
  await fsp.mkdir(dataDir, { recursive: true });
  // Firestore starts empty each time, so the Auth emulator's saved users go too: no account without its data.
  await fsp.rm(path.join(dataDir, 'auth'), { recursive: true, force: true });

  /** @type {(() => Promise<unknown>)[]} stopped in reverse order */
  const stops = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) {
      await stop().catch((/** @type {Error} */ error) => log(`stopping failed: ${error.message}`));
    }
  };

  try {
    await copyArtifact(root, artifactDir, functionsDir);
    await assertPortFree(ports.firestore, host, 'the Firestore emulator');
    await assertPortFree(ports.functions, host, 'the Functions emulator');
    await assertPortFree(ports.content, host, 'the content service');
    await assertPortFree(ports.mail, host, 'the MailDev inbox');
    await assertPortFree(ports.smtp, host, "MailDev's SMTP server");

    log(`starting the Firestore emulator on ${host}:${ports.firestore}…`);
    const firestoreStart = startFirestoreEmulator({
      port: ports.firestore,
      host,
      rules: path.join(root, 'firestore.rules'),
      log,
    });
    const content = await startContentServer({
      port: ports.content,
      host,
      key: SERVER_CONTENT_KEY,
      publicKey: baseConfig.contentKey,
    });
    stops.push(() => content.close());
    // The apps and the guarded Auth emulator; the backend is the Functions emulator below.
    const stack = await startStack({ root, ports, dataDir, content: false, backend: false, host, log }).catch(
      async (/** @type {unknown} */ error) => {
        await (await firestoreStart.catch(() => undefined))?.stop();
        throw error;
      },
    );
    stops.push(() => stack.stop());
    const firestore = await firestoreStart;
    stops.push(() => firestore.stop());
    const appUrl = `http://localhost:${stack.ports.shell}`;
    const appOrigins = [appUrl, `http://127.0.0.1:${stack.ports.shell}`];
    const mailDev = await startMailDev({
      root,
      dataDir,
      smtpPort: ports.smtp,
      webPort: ports.mail,
      origins: appOrigins,
      host,
      log,
    });
    stops.push(() => mailDev.stop());

    // firebase-admin reads both emulators' addresses from the environment (this process's and the functions').
    const emulatorEnv = {
      FIRESTORE_EMULATOR_HOST: firestore.host,
      FIREBASE_AUTH_EMULATOR_HOST: `${host}:${stack.ports.auth}`,
    };
    Object.assign(process.env, emulatorEnv);
    process.env.METADATA_SERVER_DETECTION ??= 'none';

    const { server, local } = loadServer();
    const { deleteApp, initializeApp } = require('firebase-admin/app');
    const { getAuth } = require('firebase-admin/auth');
    const { getFirestore } = require('firebase-admin/firestore');
    const app = initializeApp({ projectId }, `firebase-stack-${stack.ports.shell}`);
    stops.push(() => deleteApp(app));
    const store = server.createFirestoreStore(getFirestore(app));
    const auth = server.createFirebaseAuthPort(getAuth(app));
    await local.seedPublisherTenants(store);
    await local.seedPublisherOwners(store, auth);
    const contentUrl = stack.runtimeConfig.contentUrl;
    const relay = local.startMailRelay({
      // The relay stands in for the firestore-send-email extension: its queries reach no production
      // Firestore, so they are not among the server's declared shapes.
      store: withMailTrigger(
        server.createFirestoreStore(getFirestore(app), { undeclaredQueries: 'allow' }),
        getFirestore(app),
        log,
      ),
      smtp: { host, port: ports.smtp },
      wakeOnMail: true,
      log,
    });
    stops.push(() => relay.stop());
    const links = local.startAuthLinkDelivery({
      store,
      emulatorUrl: stack.urls.auth,
      projectId,
      appUrl,
      appOrigins,
      log,
    });
    stops.push(() => links.stop());

    const credentialKey = await local.loadOrCreateCredentialKey(path.join(dataDir, 'credential-key.json'));
    writeLocalFunctionParams(functionsDir, {
      contentUrl,
      contentKey: SERVER_CONTENT_KEY,
      appUrl,
      allowedOrigins: appOrigins,
      credentialKeyJson: JSON.stringify(credentialKey),
    });
    const functionsLogFile = path.join(dataDir, 'functions-emulator.log');
    log(`starting the Functions emulator (the deploy artifact) on ${host}:${ports.functions}…`);
    const functions = await startFunctionsEmulator({
      dataDir,
      functionsDir,
      projectId,
      host,
      port: ports.functions,
      env: emulatorEnv,
      logFile: functionsLogFile,
      log,
    });
    stops.push(() => functions.stop());

    /** @type {Promise<void> | undefined} */
    let stopped;
    return {
      urls: { ...stack.urls, firestore: `http://${firestore.host}` },
      ports: { ...stack.ports, firestore: ports.firestore },
      runtimeConfig: stack.runtimeConfig,
      store,
      publishers: local.PUBLISHERS.map(({ name, owner, toolkit }) => ({
        name,
        ownerEmail: owner.email,
        toolkit,
      })),
      /** The Functions emulator's output: the functions' own log lines among the CLI's. */
      functionsLogFile,
      stop: () => (stopped ??= stopAll()),
      stopRemote: stack.stopRemote,
      startRemote: stack.startRemote,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

module.exports = { startFirebaseStack, FIRESTORE_PORT };
