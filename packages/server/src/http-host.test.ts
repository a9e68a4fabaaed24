import { API } from '@toolkit/domain';
import { callApi, CallableError, createCallableClient, getAvailableRoles } from '@toolkit/platform';
import { startApiHost, type ApiHost } from './http-host';
import { paths } from './repositories/paths';
import { startTestEnv, type TestAccount, type TestEnv } from './testing';

const APP_ORIGIN = 'http://localhost:3000';
let env: TestEnv;
let host: ApiHost;
let owner: TestAccount;

beforeAll(async () => {
  env = await startTestEnv({ authPort: 9418 });
  host = await startApiHost({ router: env.router, port: 0, allowedOrigins: [APP_ORIGIN] });
  owner = await env.member('acme', 'owner');
  await env.store.set(paths.tenant('acme'), { createdBy: owner.uid, getStarted: true });
}, 120_000);

afterAll(async () => {
  await host?.close();
  await env?.stop();
}, 60_000);

const clientWith = (token: string | null) =>
  createCallableClient({ baseUrl: host.url, getIdToken: async () => token });

it('serves the callables under /{project}/{region}/{name} to the platform client', async () => {
  expect(host.url).toBe(`http://127.0.0.1:${host.port}/demo-toolkit/australia-southeast1`);
  const client = clientWith(owner.token);
  expect(await getAvailableRoles(client)).toMatchObject({ status: 'success', userRole: 'owner' });
  expect(await callApi(client, API.getProfile, null)).toMatchObject({
    status: 'ok',
    profile: { uid: owner.uid, role: 'owner' },
  });
});

it('gives the client the error code and the server’s message', async () => {
  const failure = await callApi(clientWith(null), API.getProfile, null).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(CallableError);
  expect(failure).toMatchObject({ code: 'unauthenticated', message: 'Sign in to do this.' });
});

describe('CORS', () => {
  it('answers a preflight from an allowed origin with the methods and headers', async () => {
    const response = await fetch(`${host.url}/${API.getProfile}`, {
      method: 'OPTIONS',
      headers: {
        Origin: APP_ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type');
  });

  it('allows no other origin', async () => {
    const response = await fetch(`${host.url}/${API.getProfile}`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const post = await fetch(`${host.url}/${API.getAvailableRoles}`, {
      method: 'POST',
      headers: { Origin: 'http://evil.example', 'Content-Type': 'application/json' },
      body: '{"data":null}',
    });
    expect(post.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('marks responses to an allowed origin', async () => {
    const response = await fetch(`${host.url}/${API.getAvailableRoles}`, {
      method: 'POST',
      headers: {
        Origin: APP_ORIGIN,
        'Content-Type': 'application/json',
        Authorization: `Bearer ${owner.token}`,
      },
      body: '{"data":null}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
  });
});

describe('bad requests', () => {
  const post = (body: string) =>
    fetch(`${host.url}/${API.getAvailableRoles}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${owner.token}` },
      body,
    });

  it('refuses a body over 1 MB with a clear invalid-argument error', async () => {
    const response = await post(JSON.stringify({ data: { padding: 'x'.repeat(1024 * 1024) } }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: 'The request body is larger than 1 MB.' },
    });
  });

  it('refuses a body that is not JSON', async () => {
    const response = await post('data=1');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: 'The request body is not valid JSON.' },
    });
  });

  it('answers unknown paths and functions with not-found', async () => {
    expect(
      (await fetch(`http://127.0.0.1:${host.port}/elsewhere`, { method: 'POST', body: '{}' })).status,
    ).toBe(404);
    const unknown = await fetch(`${host.url}/no-such-function`, { method: 'POST', body: '{"data":null}' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { status: 'NOT_FOUND' } });
  });
});

it('reports health at GET /healthz', async () => {
  const response = await fetch(`http://127.0.0.1:${host.port}/healthz`);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
});
