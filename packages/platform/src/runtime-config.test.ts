import {
  RuntimeConfigError,
  defaultLocalRuntimeConfig,
  loadRuntimeConfig,
  parseRuntimeConfig,
  type RuntimeConfig,
} from './runtime-config';
import { closedPortUrl, sendJson, startTestServer, type TestServer } from './test-server';

const valid: RuntimeConfig = {
  remotes: {
    survey: 'https://survey.example.com/mf-manifest.json',
    dashboard: 'https://cdn.example.com/dashboard/v12/mf-manifest.json',
    journey: 'https://cdn.example.com/journey/mf-manifest.json',
    billing: 'https://cdn.example.com/billing/mf-manifest.json',
  },
  functionsBaseUrl: '/api',
  firebase: { apiKey: 'AIzaSy-real', authDomain: 'toolkit-prod.firebaseapp.com', projectId: 'toolkit-prod' },
  contentUrl: 'https://cms.example.com/graphql',
  contentKey: 'prod-key',
  appName: 'Sustainability Toolkit',
};

function parseError(json: unknown): RuntimeConfigError {
  try {
    parseRuntimeConfig(json);
  } catch (error) {
    if (error instanceof RuntimeConfigError) return error;
    throw error;
  }
  throw new Error('expected the config to be rejected');
}

function without(path: string): unknown {
  const copy = structuredClone(valid) as unknown as Record<string, Record<string, unknown>>;
  const [head, tail] = path.split('.') as [string, string | undefined];
  if (tail === undefined) delete copy[head];
  else delete copy[head]?.[tail];
  return copy;
}

function withValue(path: string, value: unknown): unknown {
  const copy = structuredClone(valid) as unknown as Record<string, Record<string, unknown>>;
  const [head, tail] = path.split('.') as [string, string | undefined];
  if (tail === undefined) (copy as Record<string, unknown>)[head] = value;
  else (copy[head] as Record<string, unknown>)[tail] = value;
  return copy;
}

describe('parseRuntimeConfig', () => {
  it('accepts a production config without the emulator', () => {
    expect(parseRuntimeConfig(valid)).toEqual(valid);
  });

  it('accepts the local default', () => {
    expect(parseRuntimeConfig(defaultLocalRuntimeConfig)).toEqual(defaultLocalRuntimeConfig);
  });

  it.each([
    ['/api/', '/api'],
    [' /functions/v1 ', '/functions/v1'],
    [
      'https://australia-southeast1-toolkit-prod.cloudfunctions.net',
      'https://australia-southeast1-toolkit-prod.cloudfunctions.net',
    ],
  ])('takes the functions at a path of the app’s origin or at a URL (%p)', (given, kept) => {
    expect(parseRuntimeConfig(withValue('functionsBaseUrl', given)).functionsBaseUrl).toBe(kept);
  });

  it('takes the functions’ own address for streamed answers beside them', () => {
    const config = { ...valid, functionsStreamUrl: 'https://australia-southeast1-t.cloudfunctions.net' };
    expect(parseRuntimeConfig(config)).toEqual(config);
    expect(parseError({ ...valid, functionsStreamUrl: '/api' }).message).toBe(
      'Invalid runtime configuration: functionsStreamUrl must be an http(s) URL.',
    );
  });

  it('drops unknown keys', () => {
    expect(parseRuntimeConfig({ ...valid, extra: true })).toEqual(valid);
  });

  it.each([
    'remotes',
    'remotes.survey',
    'remotes.dashboard',
    'remotes.journey',
    'remotes.billing',
    'functionsBaseUrl',
    'firebase',
    'firebase.apiKey',
    'firebase.authDomain',
    'firebase.projectId',
    'contentUrl',
    'contentKey',
  ])('names the missing field %s', (field) => {
    const error = parseError(without(field));
    expect(error.fields).toEqual([field]);
    expect(error.message).toBe(`Invalid runtime configuration: ${field} is required.`);
  });

  it.each([
    [
      'remotes.survey',
      'https://survey.example.com/remoteEntry.js',
      'must be a URL ending in /mf-manifest.json',
    ],
    ['remotes.billing', 'not a url', 'must be an http(s) URL'],
    ['functionsBaseUrl', 'ftp://example.com/fns', 'must be an http(s) URL or a path such as /api'],
    ['functionsBaseUrl', '//evil.example.com/fns', 'must be an http(s) URL or a path such as /api'],
    ['functionsBaseUrl', '/', 'must be an http(s) URL or a path such as /api'],
    ['functionsBaseUrl', '/api?x=1', 'must be an http(s) URL or a path such as /api'],
    ['authEmulatorUrl', 'localhost:9099', 'must be an http(s) URL'],
    ['contentUrl', 42, 'must be an http(s) URL'],
    ['contentKey', '   ', 'must not be empty'],
    ['firebase.projectId', 7, 'must be a string'],
    ['appName', '', 'must not be empty'],
  ])('names the bad field %s', (field, value, message) => {
    const error = parseError(withValue(field, value));
    expect(error.fields).toEqual([field]);
    expect(error.message).toBe(`Invalid runtime configuration: ${field} ${message}.`);
  });

  it('lists every bad field', () => {
    const error = parseError({ ...valid, contentUrl: 'nope', contentKey: '' });
    expect(error.fields).toEqual(['contentUrl', 'contentKey']);
    expect(error.message).toContain('contentUrl must be an http(s) URL; contentKey must not be empty');
  });

  it.each([null, 'string', [1]])('rejects a non-object (%p)', (json) => {
    expect(parseError(json).fields).toEqual(['(root)']);
  });
});

describe('defaultLocalRuntimeConfig', () => {
  it('is the local contract', () => {
    expect(defaultLocalRuntimeConfig).toEqual({
      remotes: {
        survey: 'http://localhost:3001/mf-manifest.json',
        dashboard: 'http://localhost:3002/mf-manifest.json',
        journey: 'http://localhost:3003/mf-manifest.json',
        billing: 'http://localhost:3004/mf-manifest.json',
      },
      functionsBaseUrl: 'http://127.0.0.1:5001/demo-toolkit/australia-southeast1',
      authEmulatorUrl: 'http://127.0.0.1:9099',
      firebase: { apiKey: 'demo-api-key', authDomain: 'localhost', projectId: 'demo-toolkit' },
      contentUrl: 'http://127.0.0.1:4000/graphql',
      contentKey: 'local-content-key',
    });
  });
});

describe('loadRuntimeConfig', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer((req, res) => {
      if (req.url === '/runtime-config.json') sendJson(res, 200, valid);
      else if (req.url === '/broken.json') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{ not json');
      } else if (req.url === '/invalid.json') sendJson(res, 200, { ...valid, contentKey: '' });
      else sendJson(res, 404, {});
    });
  });
  afterAll(() => server.close());

  it('fetches and validates the config', async () => {
    await expect(loadRuntimeConfig(`${server.url}/runtime-config.json`)).resolves.toEqual(valid);
  });

  it('uses an injected fetch', async () => {
    const urls: string[] = [];
    const config = await loadRuntimeConfig(`${server.url}/runtime-config.json`, (input, init) => {
      urls.push(String(input));
      return fetch(input, init);
    });
    expect(config).toEqual(valid);
    expect(urls).toEqual([`${server.url}/runtime-config.json`]);
  });

  it('reports an HTTP error with the URL', async () => {
    await expect(loadRuntimeConfig(`${server.url}/missing.json`)).rejects.toThrow(
      `Could not load the runtime configuration from ${server.url}/missing.json (HTTP 404).`,
    );
  });

  it('reports invalid JSON', async () => {
    await expect(loadRuntimeConfig(`${server.url}/broken.json`)).rejects.toThrow('is not valid JSON');
  });

  it('reports an invalid config by field', async () => {
    await expect(loadRuntimeConfig(`${server.url}/invalid.json`)).rejects.toMatchObject({
      fields: ['contentKey'],
    });
  });

  it('reports a network failure', async () => {
    const url = `${await closedPortUrl()}/runtime-config.json`;
    await expect(loadRuntimeConfig(url)).rejects.toThrow(
      `Could not load the runtime configuration from ${url}.`,
    );
  });
});
