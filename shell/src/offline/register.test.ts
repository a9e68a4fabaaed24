import { SERVICE_WORKER_URL } from '@toolkit/platform/offline';
import { filesToKeep, registerOfflineWorker } from './register';

const APP = 'https://toolkit.example.com';
const CONFIG = {
  remotes: {
    survey: 'https://survey.example.com/mf-manifest.json',
    dashboard: 'https://dashboard.example.com/mf-manifest.json',
    journey: 'https://journey.example.com/mf-manifest.json',
    billing: 'https://billing.example.com/mf-manifest.json',
  },
  contentUrl: 'https://cms.example.com/graphql',
};

it('keeps the files loaded from the app, the remotes and the content service, once each', () => {
  const loaded = [
    `${APP}/main.325e0d83.js`,
    `${APP}/runtime-config.json`,
    'https://survey.example.com/mf-manifest.json',
    'https://survey.example.com/remoteEntry.js',
    'https://survey.example.com/296.882cf345.js',
    'https://survey.example.com/296.882cf345.js',
    'https://cms.example.com/media/logo.png',
  ];
  expect(
    filesToKeep(
      loaded.map((name) => ({ name })),
      CONFIG,
      APP,
    ),
  ).toEqual([...new Set(loaded)]);
});

it('leaves out the content queries, the callables, sign-in and other sites', () => {
  const loaded = [
    'https://cms.example.com/graphql',
    'https://australia-southeast1-demo.cloudfunctions.net/survey-saveAnswer',
    'https://identitytoolkit.googleapis.com/v1/accounts:signUp?key=k',
    'https://example.org/tracker.js',
    'not a url',
  ];
  expect(
    filesToKeep(
      loaded.map((name) => ({ name })),
      CONFIG,
      APP,
    ),
  ).toEqual([]);
});

/** A browser's service worker container, with the worker that becomes active. */
function serviceWorkers(register: () => Promise<unknown>) {
  const postMessage = jest.fn();
  let activate!: () => void;
  const container = {
    register: jest.fn(register),
    ready: new Promise((resolve) => {
      activate = () => resolve({ active: { postMessage } });
    }),
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return { container: container as unknown as ServiceWorkerContainer, postMessage, activate };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const RUNTIME = {
  ...CONFIG,
  functionsBaseUrl: 'https://f.example.com',
  firebase: { apiKey: 'k', authDomain: 'a', projectId: 'p' },
  contentKey: 'k',
};

it('registers the worker at the app’s root and, once it is active, hands it the files loaded until then', async () => {
  const { container, postMessage, activate } = serviceWorkers(async () => ({}));
  const loaded = [{ name: `${location.origin}/main.325e0d83.js` }];
  const registering = registerOfflineWorker(RUNTIME, container, () => loaded);
  await Promise.resolve();
  expect(container.register).toHaveBeenCalledWith(SERVICE_WORKER_URL);
  // Loaded while the worker installed: in the list too.
  loaded.push({ name: 'https://survey.example.com/296.882cf345.js' });
  activate();
  await registering;
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(postMessage).toHaveBeenCalledWith({
    type: 'keep-files',
    urls: [`${location.origin}/main.325e0d83.js`, 'https://survey.example.com/296.882cf345.js'],
  });
});

it('leaves the survey working online when the worker cannot be registered, and sends it nothing', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const { container, postMessage, activate } = serviceWorkers(async () => {
    throw new Error('SecurityError');
  });
  activate();
  await registerOfflineWorker(RUNTIME, container, () => [{ name: `${location.origin}/main.325e0d83.js` }]);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(postMessage).not.toHaveBeenCalled();
  expect(warn).toHaveBeenCalledWith('The offline worker could not be registered:', expect.any(Error));
  warn.mockRestore();
});
