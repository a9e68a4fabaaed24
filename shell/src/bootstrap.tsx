import { createRoot } from 'react-dom/client';
import { StoreProvider } from '@toolkit/store-contract';
import { authChanged, createAppStore } from '@toolkit/store-contract';
import { matchRoute } from '@toolkit/domain';
import { createCallableClient, createContentClient, loadRuntimeConfig } from '@toolkit/platform';
import { buildTheme, ErrorPanel, ThemeRoot } from '@toolkit/ui';
import { App } from './App';
import { createFirebaseAuth } from './auth/firebase-auth';
import { earlyFetch } from './early-fetch';
import { preloadRemote, registerRuntimeRemotes } from './remotes/registry';
import { parcelServices, type ShellServices } from './services';
import { TenantTheme } from './TenantTheme';

const root = createRoot(document.getElementById('root')!);

async function start() {
  // Read at start-up, not baked in at build time: remotes can move without a shell rebuild.
  const config = await loadRuntimeConfig(undefined, earlyFetch);
  registerRuntimeRemotes(config.remotes);

  const store = createAppStore();
  const auth = createFirebaseAuth(config);
  const services: ShellServices = {
    config,
    auth,
    content: createContentClient({ url: config.contentUrl, key: config.contentKey }),
    callable: createCallableClient({ baseUrl: config.functionsBaseUrl, getIdToken: auth.getIdToken }),
  };
  const remoteServices = parcelServices(services);
  // A respondent's survey (and its definition) downloads while the session and the guard chain
  // settle (other areas wait for the guard, which may send their visitor elsewhere).
  const { pathname } = window.location;
  if (matchRoute(pathname)?.route.owner === 'survey') preloadRemote('survey', remoteServices, pathname);
  auth.subscribe(({ user, claims }) => store.dispatch(authChanged({ user, claims })));

  root.render(
    <StoreProvider store={store}>
      <TenantTheme>
        <App services={services} remoteServices={remoteServices} />
      </TenantTheme>
    </StoreProvider>,
  );
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
