import { defaultLocalRuntimeConfig } from '@toolkit/platform';
import { scheduleOfflineWorker } from './schedule';

/** A page at `pathname`, loaded or still loading, with or without service workers. */
function pageAt(pathname: string, { loaded = true, serviceWorker = true } = {}) {
  const listeners: (() => void)[] = [];
  const idle: (() => void)[] = [];
  const page = {
    navigator: serviceWorker ? { serviceWorker: {} } : {},
    location: { pathname },
    document: { readyState: loaded ? 'complete' : 'loading' },
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
    requestIdleCallback: (callback: () => void) => idle.push(callback),
  } as unknown as Window;
  return {
    page,
    fireLoad: () => listeners.splice(0).forEach((listener) => listener()),
    runIdle: () => idle.splice(0).forEach((callback) => callback()),
  };
}

function schedule(
  pathname: string,
  options: { loaded?: boolean; serviceWorker?: boolean; production?: boolean } = {},
) {
  const { page, fireLoad, runIdle } = pageAt(pathname, options);
  const register = jest.fn();
  scheduleOfflineWorker(defaultLocalRuntimeConfig, {
    production: options.production ?? true,
    window: page,
    register,
  });
  return { register, fireLoad, runIdle };
}

it('registers on a survey page once the page has loaded and is idle', () => {
  const { register, fireLoad, runIdle } = schedule('/survey/demo-publisher/quickscan/section/1/slide/2', {
    loaded: false,
  });
  runIdle();
  expect(register).not.toHaveBeenCalled();
  fireLoad();
  expect(register).not.toHaveBeenCalled();
  runIdle();
  expect(register).toHaveBeenCalledWith(defaultLocalRuntimeConfig);
});

it('registers at the next idle moment when the page has already loaded', () => {
  const { register, runIdle } = schedule('/survey/demo-publisher/quickscan');
  expect(register).not.toHaveBeenCalled();
  runIdle();
  expect(register).toHaveBeenCalledTimes(1);
});

it.each([
  ['the dashboard', '/dashboard/results', {}],
  ['the portal', '/', {}],
  ['a development build', '/survey/demo-publisher/quickscan', { production: false }],
  ['a browser without service workers', '/survey/demo-publisher/quickscan', { serviceWorker: false }],
])('never registers on %s', (_where, pathname, options) => {
  const { register, fireLoad, runIdle } = schedule(pathname, options);
  fireLoad();
  runIdle();
  expect(register).not.toHaveBeenCalled();
});
