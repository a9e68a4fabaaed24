import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { SERVER_ERRORS } from '@toolkit/domain';
import { authChanged, authError, createAppStore, tenantResolved } from '@toolkit/store-contract';
import { createCallableClient } from '@toolkit/platform';
import { buildTheme, ErrorPanel, ThemeRoot } from '@toolkit/ui';
import { App } from './app';
import { createFirebaseAuth } from './auth/firebase-auth';
import { earlyFetch } from './early-fetch';
import { earlyStart } from './early-start';
import { parcelServices, type ShellServices } from './services';
import { arrivedSurveyBranding } from './survey-definition';
import { syncPlan } from './plan-sync';
import { scheduleOfflineWorker } from './offline/schedule';

const root = createRoot(document.getElementById('root')!);

async function start() {
  const { config, content, surveyDefinition, firstRoute, sharing } = await earlyStart;
  // A survey's definition decides its guard and its theme: rendering before it arrives would paint
  // a spinner, then render every styled component again in the tenant's theme. It is usually in
  // within a few network round trips; a slow one gets the spinner after this long.
  await Promise.race([surveyDefinition, new Promise((resolve) => setTimeout(resolve, 400))]);

  const auth = createFirebaseAuth(config);
  const client = createCallableClient({
    baseUrl: config.functionsBaseUrl,
    streamBaseUrl: config.functionsStreamUrl,
    getIdToken: auth.getIdToken,
    refreshIdToken: auth.refreshIdToken,
    getAppCheckToken: auth.getAppCheckToken,
    // The first reads the early slide asked are answered from its requests.
    fetch: earlyFetch,
    // A session the server no longer accepts is signed out here, as production's token refresh
    // would (the local Auth emulator refreshes a revoked one), and told why on the page it lands on.
    onSessionEnded: () =>
      void auth.signOut().then(() => store.dispatch(authError(SERVER_ERRORS.sessionEnded))),
  });
  // Downloaded beside the start-up (early-start.ts); without it every read asks for itself.
  const shared = await sharing?.then(
    (module) => ({
      reads: module.sharedReads(client, auth.getIdToken),
      startFirstReads: module.startFirstReads,
      startReadsOf: module.startReadsOf,
      keepVisits: module.keepVisits,
    }),
    () => null,
  );
  const callable = shared?.reads ?? { shell: client, remotes: client };
  const services: ShellServices = {
    config,
    auth,
    content,
    callable: callable.shell,
    // The public credential check needs no session and no App Check (its callables are exempt).
    publicCallable: createCallableClient({ baseUrl: config.functionsBaseUrl, getIdToken: async () => null }),
  };
  // The remotes' first reads take the ones the shell made (shared-reads.ts).
  const remoteServices = parcelServices({ ...services, callable: callable.remotes });
  // The remotes' data layer reaches the callables through the store's `extra`.
  const store = createAppStore({ extra: remoteServices });
  // A survey's theme applies from the first render when its definition is already in.
  const branding = arrivedSurveyBranding(content, window.location.pathname);
  if (branding) store.dispatch(tenantResolved(branding));
  syncPlan(store, services.callable);
  // The first screen's reads start with the session, while its remote is still downloading.
  if (shared && firstRoute) shared.startFirstReads(store, shared.reads, firstRoute);
  shared?.keepVisits(store);
  if (shared) services.startRouteReads = (routeId) => shared.startReadsOf(store, shared.reads, routeId);
  auth.subscribe(({ user, claims }) => store.dispatch(authChanged({ user, claims })));
  // A signed-in area's page waits for the session. One kept on the device stands for it at once, and
  // the sign-in SDK opens after the first screen's reads; otherwise the SDK opens now, not once the
  // first render's guard asks for it (a render on a phone's CPU is a round trip's worth of time).
  if (firstRoute && auth.resumeStoredSession()) {
    void (shared?.reads.settled() ?? Promise.resolve()).then(() => auth.openWhenIdle());
  } else if (firstRoute) auth.requestSession();

  root.render(
    <Provider store={store}>
      <App services={services} remoteServices={remoteServices} />
    </Provider>,
  );
  scheduleOfflineWorker(config);
}

start().catch((error: unknown) => {
  console.error(error);
  root.render(
    <ThemeRoot theme={buildTheme()}>
      <ErrorPanel
        title="The app could not start"
        message={error instanceof Error ? error.message : String(error)}
        onRetry={() => window.location.reload()}
      />
    </ThemeRoot>,
  );
});
