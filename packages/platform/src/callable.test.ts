import { MESSAGES, SERVER_ERRORS } from '@toolkit/domain';
import {
  CallableError,
  codeForStatusName,
  createCallableClient,
  isCallableError,
  type CallableClient,
} from './callable';
import { closedPortUrl, sendJson, startTestServer, type TestServer } from './test-server';

let server: TestServer;
let token: string | null;
let client: CallableClient;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

beforeEach(() => {
  server.requests.length = 0;
  token = 'id-token-123';
  client = createCallableClient({
    baseUrl: `${server.url}/demo-toolkit/australia-southeast1`,
    getIdToken: async () => token,
  });
});

async function callError(promise: Promise<unknown>): Promise<CallableError> {
  try {
    await promise;
  } catch (error) {
    if (isCallableError(error)) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('request', () => {
  it('POSTs { data } as JSON to baseUrl/name with the bearer token', async () => {
    server.handle((_req, res) => sendJson(res, 200, { data: { ok: true } }));
    await client.call('admin-setUserRole', { uid: 'u1', tenantId: 't1', role: 'admin' });

    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/demo-toolkit/australia-southeast1/admin-setUserRole');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.authorization).toBe('Bearer id-token-123');
    expect(JSON.parse(request?.body ?? '')).toEqual({ data: { uid: 'u1', tenantId: 't1', role: 'admin' } });
  });

  it('sends no Authorization header when there is no token', async () => {
    token = null;
    server.handle((_req, res) => sendJson(res, 200, { data: null }));
    await client.call('admin-getAvailableRoles', null);
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('sends the App Check token, when the app has one, as X-Firebase-AppCheck', async () => {
    server.handle((_req, res) => sendJson(res, 200, { data: null }));
    const checked = createCallableClient({
      baseUrl: server.url,
      getIdToken: async () => token,
      getAppCheckToken: async () => 'app-check-token',
    });
    await checked.call('admin-getAvailableRoles', null);
    await client.call('admin-getAvailableRoles', null);
    expect(server.requests.map((request) => request.headers['x-firebase-appcheck'])).toEqual([
      'app-check-token',
      undefined,
    ]);
  });

  it('sends data: null when the request has no payload', async () => {
    server.handle((_req, res) => sendJson(res, 200, { data: 1 }));
    await client.call('subscription-getSubscriptionDetails', undefined);
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ data: null });
  });

  it('tolerates a trailing slash on baseUrl', async () => {
    server.handle((_req, res) => sendJson(res, 200, { data: 1 }));
    const slashed = createCallableClient({ baseUrl: `${server.url}/p/r/`, getIdToken: async () => null });
    await slashed.call('fn', null);
    expect(server.requests[0]?.url).toBe('/p/r/fn');
  });
});

describe('response', () => {
  it('reads data', async () => {
    server.handle((_req, res) => sendJson(res, 200, { data: { status: 'success', role: 'owner' } }));
    await expect(client.call('admin-getUserRole', {})).resolves.toEqual({ status: 'success', role: 'owner' });
  });

  it('reads result when data is absent', async () => {
    server.handle((_req, res) => sendJson(res, 200, { result: { status: 'success' } }));
    await expect(client.call('x', {})).resolves.toEqual({ status: 'success' });
  });

  it('prefers data over result, and keeps falsy data values', async () => {
    server.handle((_req, res) => sendJson(res, 200, { data: 0, result: 5 }));
    await expect(client.call('x', {})).resolves.toBe(0);
    server.handle((_req, res) => sendJson(res, 200, { data: null }));
    await expect(client.call('x', {})).resolves.toBeNull();
  });

  it('fails with internal "Response is missing data field." when neither is present', async () => {
    server.handle((_req, res) => sendJson(res, 200, { other: 1 }));
    const error = await callError(client.call('x', {}));
    expect(error).toBeInstanceOf(CallableError);
    expect(error.code).toBe('internal');
    expect(error.message).toBe(MESSAGES.responseMissingData);
  });

  it.each([
    ['invalid JSON', 'not json at all'],
    ['a JSON array', '[1,2]'],
    ['a JSON string', '"hello"'],
    ['JSON null', 'null'],
    ['an empty body', ''],
  ])('fails with internal "Response is not valid JSON object." for %s', async (_label, body) => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(body);
    });
    const error = await callError(client.call('x', {}));
    expect(error.code).toBe('internal');
    expect(error.message).toBe(MESSAGES.responseNotJsonObject);
  });
});

describe('HTTP status → code', () => {
  const table: [number, string][] = [
    [400, 'invalid-argument'],
    [401, 'unauthenticated'],
    [403, 'permission-denied'],
    [404, 'not-found'],
    [409, 'aborted'],
    [429, 'resource-exhausted'],
    [499, 'cancelled'],
    [500, 'internal'],
    [501, 'unimplemented'],
    [503, 'unavailable'],
    [504, 'deadline-exceeded'],
    [418, 'unknown'],
    [502, 'unknown'],
    [302, 'unknown'],
  ];

  it.each(table)('%i → %s over HTTP', async (status, code) => {
    server.handle((_req, res) => sendJson(res, status, {}));
    const error = await callError(client.call('x', {}));
    expect(error.code).toBe(code);
    expect(error.hasServerMessage).toBe(false);
  });

  it('keeps the status code when an error body is not JSON', async () => {
    server.handle((_req, res) => {
      res.writeHead(404, { 'Content-Type': 'text/html' });
      res.end('<h1>Not found</h1>');
    });
    expect((await callError(client.call('x', {}))).code).toBe('not-found');
  });
});

describe('error body { error: { status, message, details } }', () => {
  it('gives the code, message and details', async () => {
    server.handle((_req, res) =>
      sendJson(res, 400, {
        error: {
          status: 'INVALID_ARGUMENT',
          message: 'tenantId is required',
          details: { field: 'tenantId' },
        },
      }),
    );
    const error = await callError(client.call('x', {}));
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('CallableError');
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toBe('tenantId is required');
    expect(error.details).toEqual({ field: 'tenantId' });
    expect(error.hasServerMessage).toBe(true);
  });

  it('lets the status name override the HTTP status', async () => {
    server.handle((_req, res) =>
      sendJson(res, 500, { error: { status: 'PERMISSION_DENIED', message: 'No' } }),
    );
    const error = await callError(client.call('x', {}));
    expect(error.code).toBe('permission-denied');
    expect(error.message).toBe('No');
  });

  it('keeps the HTTP code when the status name is unknown', async () => {
    server.handle((_req, res) => sendJson(res, 403, { error: { status: 'WHATEVER', message: 'm' } }));
    expect((await callError(client.call('x', {}))).code).toBe('permission-denied');
  });

  it('treats an error body on a 2xx as an error', async () => {
    server.handle((_req, res) =>
      sendJson(res, 200, { error: { status: 'FAILED_PRECONDITION', message: 'Not yet' } }),
    );
    const error = await callError(client.call('x', {}));
    expect(error.code).toBe('failed-precondition');
    expect(error.message).toBe('Not yet');
  });

  it.each([
    ['INVALID_ARGUMENT', 'invalid-argument'],
    ['DEADLINE_EXCEEDED', 'deadline-exceeded'],
    ['RESOURCE_EXHAUSTED', 'resource-exhausted'],
    ['UNAUTHENTICATED', 'unauthenticated'],
    ['DATA_LOSS', 'data-loss'],
    ['NOPE', undefined],
  ])('codeForStatusName(%s) = %s', (name, code) => {
    expect(codeForStatusName(name)).toBe(code);
  });
});

describe('time-out, cancellation and network failure', () => {
  it('fails with deadline-exceeded when the server never answers', async () => {
    server.handle(() => undefined);
    const error = await callError(client.call('slow', {}, { timeoutMs: 100 }));
    expect(error.code).toBe('deadline-exceeded');
    expect(error.message).toContain('timed out');
  });

  it('uses the client-wide timeoutMs', async () => {
    server.handle(() => undefined);
    const quick = createCallableClient({ baseUrl: server.url, getIdToken: async () => null, timeoutMs: 80 });
    expect((await callError(quick.call('slow', {}))).code).toBe('deadline-exceeded');
  });

  it('fails with cancelled when the caller aborts', async () => {
    server.handle(() => undefined);
    const controller = new AbortController();
    const pending = callError(client.call('slow', {}, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 30);
    expect((await pending).code).toBe('cancelled');
  });

  it('fails with unavailable and a clear message when nothing listens', async () => {
    const url = await closedPortUrl();
    const offline = createCallableClient({ baseUrl: url, getIdToken: async () => null });
    const error = await callError(offline.call('admin-getUserRole', {}));
    expect(error.code).toBe('unavailable');
    expect(error.message).toBe(
      `Could not reach the function admin-getUserRole at ${url}/admin-getUserRole; check the connection.`,
    );
    expect(error.cause).toBeDefined();
  });

  it('uses an injected fetch', async () => {
    server.handle((_req, res) => sendJson(res, 200, { data: 'via injected fetch' }));
    const seen: string[] = [];
    const injected = createCallableClient({
      baseUrl: server.url,
      getIdToken: async () => null,
      fetch: (input, init) => {
        seen.push(String(input));
        return fetch(input, init);
      },
    });
    await expect(injected.call('fn', null)).resolves.toBe('via injected fetch');
    expect(seen).toEqual([`${server.url}/fn`]);
  });
});

describe('stream: a streamed answer (onCall streaming, server-sent events)', () => {
  const streamingClient = () =>
    createCallableClient({ baseUrl: server.url, getIdToken: async () => 'token-1' });

  it('asks for an event stream, hands over each message across split chunks and heartbeats, and answers the result', async () => {
    server.handle((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      response.write(': ping\n\n');
      response.write('data: {"message":{"n":1}}\n\ndata: {"mes');
      setTimeout(() => {
        response.write('sage":{"n":2}}\n\n');
        response.end('data: {"result":{"done":true}}\n\n');
      }, 20);
    });
    const messages: unknown[] = [];
    const result = await streamingClient().stream!('account-watchProfile', null, (message) =>
      messages.push(message),
    );
    expect(messages).toEqual([{ n: 1 }, { n: 2 }]);
    expect(result).toEqual({ done: true });
    expect(server.requests[0]?.headers).toMatchObject({
      accept: 'text/event-stream',
      authorization: 'Bearer token-1',
    });
  });

  it('goes to the stream base where one is given, while calls stay on the base', async () => {
    server.handle((request, response) => {
      if (request.headers.accept === 'text/event-stream') {
        response.writeHead(200, { 'Content-Type': 'text/event-stream' });
        response.end('data: {"result":{"live":true}}\n\n');
      } else sendJson(response, 200, { result: { plain: true } });
    });
    const split = createCallableClient({
      baseUrl: `${server.url}/api`,
      streamBaseUrl: `${server.url}/demo-toolkit/australia-southeast1/`,
      getIdToken: async () => 'token-1',
    });
    expect(await split.stream!('account-watchProfile', null, () => undefined)).toEqual({ live: true });
    expect(await split.call('account-getProfile', null)).toEqual({ plain: true });
    expect(server.requests.map((request) => request.url)).toEqual([
      '/demo-toolkit/australia-southeast1/account-watchProfile',
      '/api/account-getProfile',
    ]);
  });

  it('raises an error event as the callable error it names', async () => {
    server.handle((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      response.end('data: {"error":{"status":"PERMISSION_DENIED","message":"Not yours."}}\n\n');
    });
    await expect(
      streamingClient().stream!('account-watchProfile', null, () => undefined),
    ).rejects.toMatchObject({
      code: 'permission-denied',
      message: 'Not yours.',
    });
  });

  it('is cancelled by its signal, and unavailable when the server ends the stream without an answer', async () => {
    server.handle((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      response.write('data: {"message":1}\n\n');
    });
    const controller = new AbortController();
    const pending = streamingClient().stream!('account-watchProfile', null, () => controller.abort(), {
      signal: controller.signal,
    });
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });

    server.handle((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      response.end('data: {"message":1}\n\n');
    });
    await expect(
      streamingClient().stream!('account-watchProfile', null, () => undefined),
    ).rejects.toMatchObject({
      code: 'unavailable',
    });
  });
});

describe('a token the server refuses', () => {
  /** Accepts only `valid`; anything else is refused as the onCall token check refuses it. */
  const acceptOnly = (valid: string) =>
    server.handle((request, response) =>
      request.headers.authorization === `Bearer ${valid}`
        ? sendJson(response, 200, { data: { ok: true } })
        : sendJson(response, 401, { error: { status: 'UNAUTHENTICATED', message: 'Unauthenticated' } }),
    );

  it('is refreshed once and the call sent again with the new token', async () => {
    acceptOnly('fresh');
    const refreshed: string[] = [];
    const refreshing = createCallableClient({
      baseUrl: server.url,
      getIdToken: async () => 'stale',
      refreshIdToken: async () => (refreshed.push('fresh'), 'fresh'),
    });
    await expect(refreshing.call('survey-saveAnswer', { seq: 1 })).resolves.toEqual({ ok: true });
    expect(refreshed).toHaveLength(1);
    expect(server.requests.map((request) => request.headers.authorization)).toEqual([
      'Bearer stale',
      'Bearer fresh',
    ]);
    expect(server.requests.map((request) => request.body)).toEqual([
      JSON.stringify({ data: { seq: 1 } }),
      JSON.stringify({ data: { seq: 1 } }),
    ]);
  });

  it('stays refused when the refreshed token is refused too, or no new token comes', async () => {
    acceptOnly('never');
    const stillRefused = createCallableClient({
      baseUrl: server.url,
      getIdToken: async () => 'stale',
      refreshIdToken: async () => 'also-stale',
    });
    await expect(stillRefused.call('survey-saveAnswer', null)).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    expect(server.requests).toHaveLength(2);

    server.requests.length = 0;
    const signedOut = createCallableClient({
      baseUrl: server.url,
      getIdToken: async () => 'stale',
      refreshIdToken: () => Promise.reject(new Error('auth/user-token-expired')),
    });
    await expect(signedOut.call('survey-saveAnswer', null)).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    expect(server.requests).toHaveLength(1);
  });

  it('reports a session that cannot be used any more when even the fresh token is refused', async () => {
    let ended = 0;
    const client = createCallableClient({
      baseUrl: server.url,
      getIdToken: async () => 'stale',
      refreshIdToken: async () => 'fresh',
      onSessionEnded: () => (ended += 1),
    });
    // Refused by the server's own check, or by onCall's (the local Auth emulator checks revocation).
    for (const message of [SERVER_ERRORS.sessionEnded, 'Unauthenticated']) {
      server.handle((_request, response) =>
        sendJson(response, 401, { error: { status: 'UNAUTHENTICATED', message } }),
      );
      await expect(client.call('users-updateRole', null)).rejects.toMatchObject({
        code: 'unauthenticated',
        message,
      });
    }
    expect(ended).toBe(2);
    // A refresh that brings the refused token back again.
    const same = createCallableClient({
      baseUrl: server.url,
      getIdToken: async () => 'stale',
      refreshIdToken: async () => 'stale',
      onSessionEnded: () => (ended += 1),
    });
    await expect(same.call('users-updateRole', null)).rejects.toMatchObject({ code: 'unauthenticated' });
    expect(ended).toBe(3);

    // Accepted once refreshed, an ended invite session (its screens say so), or no fresh token to
    // try (the Auth SDK signs out by itself): the caller does nothing.
    acceptOnly('fresh');
    await expect(client.call('users-updateRole', null)).resolves.toEqual({ ok: true });
    server.handle((_request, response) =>
      sendJson(response, 401, {
        error: { status: 'UNAUTHENTICATED', message: MESSAGES.inviteSessionEnded },
      }),
    );
    await expect(client.call('journey-saveAnswer', null)).rejects.toMatchObject({ code: 'unauthenticated' });
    const signedOut = createCallableClient({
      baseUrl: server.url,
      getIdToken: async () => 'stale',
      refreshIdToken: () => Promise.reject(new Error('auth/user-token-expired')),
      onSessionEnded: () => (ended += 1),
    });
    await expect(signedOut.call('users-updateRole', null)).rejects.toMatchObject({ code: 'unauthenticated' });
    expect(ended).toBe(3);
  });

  it('is not refreshed for other refusals, nor when no token was sent', async () => {
    let refreshes = 0;
    const refreshIdToken = async () => (refreshes++, 'fresh');
    server.handle((_request, response) =>
      sendJson(response, 403, { error: { status: 'PERMISSION_DENIED', message: 'Not yours.' } }),
    );
    const denied = createCallableClient({
      baseUrl: server.url,
      getIdToken: async () => 'token',
      refreshIdToken,
    });
    await expect(denied.call('survey-saveAnswer', null)).rejects.toMatchObject({ code: 'permission-denied' });
    acceptOnly('fresh');
    const anonymous = createCallableClient({
      baseUrl: server.url,
      getIdToken: async () => null,
      refreshIdToken,
    });
    await expect(anonymous.call('survey-saveAnswer', null)).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    expect(refreshes).toBe(0);
  });

  it('opens a stream with the refreshed token', async () => {
    server.handle((request, response) => {
      if (request.headers.authorization !== 'Bearer fresh') {
        sendJson(response, 401, { error: { status: 'UNAUTHENTICATED', message: 'Unauthenticated' } });
        return;
      }
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      response.end('data: {"result":{"done":true}}\n\n');
    });
    const streaming = createCallableClient({
      baseUrl: server.url,
      getIdToken: async () => 'stale',
      refreshIdToken: async () => 'fresh',
    });
    await expect(streaming.stream!('account-watchProfile', null, () => undefined)).resolves.toEqual({
      done: true,
    });
  });
});
