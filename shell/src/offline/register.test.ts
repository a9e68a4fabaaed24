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

it('registers the worker at the app’s root', async () => {
  const register = jest.fn().mockResolvedValue({});
  await registerOfflineWorker(
    {
      ...CONFIG,
      functionsBaseUrl: 'https://f.example.com',
      firebase: { apiKey: 'k', authDomain: 'a', projectId: 'p' },
      contentKey: 'k',
    },
    { register } as unknown as ServiceWorkerContainer,
    [],
  );
  expect(register).toHaveBeenCalledWith(SERVICE_WORKER_URL);
});
