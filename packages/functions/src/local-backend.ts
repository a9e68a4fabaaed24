// The whole backend on one machine (the local default, docs/architecture.md): PGlite on disk, the Auth
// emulator through firebase-admin, the onCall functions on the local API host, the demo tenant,
// the mail relay to MailDev and the e-mailed sign-in links. `npm start` and the e-2-e stack run it
// through packages/dev-stack. It lives beside the functions, not in @toolkit/server, because it
// serves them; nothing that Cloud Functions deploys imports it.
import path from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FUNCTIONS_REGION } from '@toolkit/domain';
import {
  createContentPort,
  createCredentialIssuer,
  createFirebaseAuthPort,
  type DocumentStore,
  purgeDeletedOrganisations,
  callableHandlers,
  loadersOf,
} from '@toolkit/server';
import {
  startAuthLinkDelivery,
  type AuthLinkDelivery,
  startMailRelay,
  type MailRelay,
  seedPublisherOwners,
  seedPublisherTenants,
  PUBLISHERS,
  openPgliteStore,
  loadOrCreateCredentialKey,
  createSandboxBilling,
  catalogueSurveyIds,
  runBackfill,
  createLocalEvidenceFiles,
} from '@toolkit/server/local';
import { createCallables } from './callables';
import { startLocalHost, type LocalHost } from './local-host';

export const LOCAL_PROJECT_ID = 'demo-toolkit';

export interface LocalBackendOptions {
  /** Holds the database in `db/`. */
  dataDir: string;
  /** 0 picks a free port. */
  apiPort: number;
  host?: string;
  /** Browser origins allowed to call the API, e.g. http://localhost:3000 */
  appOrigins: readonly string[];
  /** Where links in e-mails point, e.g. http://localhost:3000 */
  appUrl: string;
  /** host:port of the Auth emulator, e.g. 127.0.0.1:9099 */
  authEmulatorHost: string;
  /** Where browsers reach the Auth emulator, when not at authEmulatorHost (behind a proxy). */
  authEmulatorUrl?: string;
  contentUrl: string;
  contentKey: string;
  /** Whether the stored database catches up at start: it needs the content service to list the surveys. */
  backfill?: boolean;
  smtp: { host: string; port: number };
  log?: (line: string) => void;
  /** Polling intervals; tests shorten them. */
  relayPollMs?: number;
  authLinkPollMs?: number;
}

export interface LocalBackend {
  /** The callable base URL, e.g. http://127.0.0.1:5001/demo-toolkit/australia-southeast1 */
  url: string;
  port: number;
  store: DocumentStore;
  /** The seeded publishers and the owner each signs in as. */
  publishers: readonly { name: string; ownerEmail: string; toolkit: string }[];
  stop(): Promise<void>;
}

let appCount = 0;

export async function startLocalBackend({
  dataDir,
  apiPort,
  host = '127.0.0.1',
  appOrigins,
  appUrl,
  authEmulatorHost,
  authEmulatorUrl,
  contentUrl,
  contentKey,
  backfill = true,
  smtp,
  log = (line) => console.log(line),
  relayPollMs,
  authLinkPollMs,
}: LocalBackendOptions): Promise<LocalBackend> {
  // firebase-admin reads the emulator address from the environment, not from app options: both the
  // handlers' Auth and onCall's token check go to the emulator.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = authEmulatorHost;
  // Google's client libraries probe the cloud metadata server (a link-local address) to find
  // credentials; this machine is never on Google Cloud, and nothing may leave the loopback.
  process.env.METADATA_SERVER_DETECTION ??= 'none';

  // Stopped in reverse order of start; the store, opened first, closes last.
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) {
      await stop().catch((error: unknown) =>
        log(`[backend] stopping failed: ${error instanceof Error ? error.message : String(error)}`),
      );
    }
  };

  try {
    const store = await openPgliteStore({ dataDir: path.join(dataDir, 'db') });
    stops.push(() => store.close());

    // A named app per backend, so several can live in one process (tests).
    const app: App = initializeApp({ projectId: LOCAL_PROJECT_ID }, `local-backend-${++appCount}`);
    stops.push(() => deleteApp(app));

    const relay: MailRelay = startMailRelay({
      store,
      smtp,
      log,
      // Each mail written wakes it: a request costs nothing more for the mail sent before it.
      wakeOnMail: true,
      ...(relayPollMs === undefined ? {} : { pollIntervalMs: relayPollMs }),
    });
    stops.push(() => relay.stop());

    const auth = createFirebaseAuthPort(getAuth(app));
    const credentials = createCredentialIssuer(() =>
      loadOrCreateCredentialKey(path.join(dataDir, 'credential-key.json')),
    );
    const billing = createSandboxBilling(store, appUrl);
    // Download links point at the API host, whose port is known once it listens.
    let apiOrigin = '';
    const evidenceFiles = createLocalEvidenceFiles({
      dir: path.join(dataDir, 'evidence'),
      baseUrl: () => apiOrigin,
    });
    await seedPublisherTenants(store);
    await seedPublisherOwners(store, auth);
    // A database stored by older code catches up before the first request (npm run backfill's steps).
    const contentSource = { url: contentUrl, key: contentKey };
    if (backfill) {
      const surveyIds = await catalogueSurveyIds(contentSource);
      await runBackfill({ store, content: createContentPort(contentSource), surveyIds, log });
      // Deleted organisations past their grace period (the daily purge in production).
      await purgeDeletedOrganisations(store, new Date(), { surveyIds, evidenceFiles });
    }

    const callables = createCallables(
      () => ({
        store,
        auth,
        content: createContentPort({ url: contentUrl, key: contentKey }),
        appUrl,
        credentials,
        evidenceFiles,
        billing,
        log,
      }),
      {
        cors: [...appOrigins],
        // Nothing stands in front of the local API host: a client's X-Forwarded-For is its own words.
        trustedHops: 0,
        loaders: loadersOf(callableHandlers),
      },
    );
    const api: LocalHost = await startLocalHost({
      callables,
      port: apiPort,
      host,
      projectId: LOCAL_PROJECT_ID,
      region: FUNCTIONS_REGION,
      evidenceFiles,
    });
    stops.push(() => api.close());
    apiOrigin = new URL(api.url).origin;

    const links: AuthLinkDelivery = startAuthLinkDelivery({
      store,
      emulatorUrl: `http://${authEmulatorHost}`,
      projectId: LOCAL_PROJECT_ID,
      appUrl,
      appOrigins,
      ...(authEmulatorUrl === undefined ? {} : { linkUrl: authEmulatorUrl }),
      log,
      ...(authLinkPollMs === undefined ? {} : { pollIntervalMs: authLinkPollMs }),
    });
    stops.push(() => links.stop());

    let stopped: Promise<void> | undefined;
    return {
      url: api.url,
      port: api.port,
      store,
      publishers: PUBLISHERS.map(({ name, owner, toolkit }) => ({ name, ownerEmail: owner.email, toolkit })),
      stop: () => (stopped ??= stopAll()),
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
