import { createRoot } from 'react-dom/client';
import { authChanged, createAppStore, StoreProvider } from '@toolkit/store-contract';
import { createCallableClient } from '@toolkit/platform';
import { buildTheme, ErrorPanel, ThemeRoot } from '@toolkit/ui';
import { App } from './App';
import { createFirebaseAuth } from './auth/firebase-auth';
import { earlyStart } from './early-start';
import { parcelServices, type ShellServices } from './services';
import { TenantTheme } from './TenantTheme';

const root = createRoot(document.getElementById('root')!);

async function start() {
  const { config, content } = await earlyStart;

  const store = createAppStore();
  const auth = createFirebaseAuth(config);
  const services: ShellServices = {
    config,
    auth,
    content,
    callable: createCallableClient({ baseUrl: config.functionsBaseUrl, getIdToken: auth.getIdToken }),
  };
  const remoteServices = parcelServices(services);
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
