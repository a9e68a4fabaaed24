import { API } from '@toolkit/domain';
import { callApi, CallableError, createCallableClient, getAvailableRoles } from '@toolkit/platform';
import { COMPLETION_LIMITS, counterPath } from './abuse/limits';
import { MAX_BODY_BYTES, startApiHost, type ApiHost } from './http-host';
import { paths } from './repositories/paths';
import { startTestEnv, type TestAccount, type TestEnv } from './testing';

const APP_ORIGIN = 'http://localhost:3000';
let env: TestEnv;
let host: ApiHost;
let owner: TestAccount;

beforeAll(async () => {
  env = await startTestEnv({ authPort: 9418, content: true });
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
  const post = (body: BodyInit, token = owner.token) =>
    fetch(`${host.url}/${API.getAvailableRoles}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body,
      // A stream body goes out in chunks, without a Content-Length.
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    });
  const tooLarge = {
    error: { status: 'INVALID_ARGUMENT', message: 'The request body is larger than 64 KB.' },
  };
  const padded = (bytes: number) => JSON.stringify({ data: { padding: 'x'.repeat(bytes) } });

  it('refuses a body over 64 KiB by its Content-Length, with 413 and the error body', async () => {
    expect(MAX_BODY_BYTES).toBe(64 * 1024);
    const response = await post(padded(100 * 1024));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(tooLarge);
  });

  it('stops reading a chunked body once it passes 64 KiB', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.length;
        // Far more than the cap; the host must answer long before the stream would end.
        if (sent > 64 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const response = await post(endless);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(tooLarge);
    expect(sent).toBeLessThan(64 * 1024 * 1024);
  });

  it('answers a bad token before it reads or parses the body', async () => {
    const notJson = `{"data": ${'['.repeat(60 * 1024)}`;
    for (const body of [notJson, padded(60 * 1024)]) {
      const response = await post(body, 'not-a-valid-token');
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        error: {
          status: 'UNAUTHENTICATED',
          message: 'Your session has expired or is not valid. Sign in again.',
        },
      });
    }
    // With a good token the same body is read, and refused as what it is.
    expect(await (await post(notJson)).json()).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: 'The request body is not valid JSON.' },
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

it('tells handlers the client’s address, which the completion limits count by', async () => {
  const at = new Date();
  env.deps.now = () => at;
  const respondent = await env.anonymous();
  const client = clientWith(respondent.token);
  const request = { tenantId: 'demo-publisher', surveyId: 'quickscan' };
  const { resultId } = await callApi(client, API.startResult, request);
  await callApi(client, API.completeResult, { ...request, resultId });
  const counter = { name: 'completion-ip', subject: '127.0.0.1', limit: COMPLETION_LIMITS.ip };
  expect((await env.store.get(counterPath(counter, at))).data).toMatchObject({ count: 1 });
});

it('reports health at GET /healthz', async () => {
  const response = await fetch(`http://127.0.0.1:${host.port}/healthz`);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
});
