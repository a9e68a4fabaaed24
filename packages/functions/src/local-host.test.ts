// The onCall functions on the local API host, over HTTP, with ID tokens from the real Auth
// emulator: the protocol, CORS, token checks and error statuses are firebase-functions' own.
import http from 'node:http';
import { API, BRAND_LOGO_MAX_BYTES, MESSAGES, SERVER_ERRORS } from '@toolkit/domain';
import { callApi, CallableError, createCallableClient, getAvailableRoles } from '@toolkit/platform';
import {
  COMPLETION_LIMITS,
  counterPath,
  paths,
  startTestEnv,
  TEST_PROJECT_ID,
  type TestAccount,
  type TestEnv,
} from '@toolkit/server/testing';
import { createCallables, MAX_BODY_DEPTH } from './callables';
import { MAX_BODY_BYTES, startLocalHost, type LocalHost } from './local-host';

const APP_ORIGIN = 'http://localhost:3000';
// Two, as the local stack has (localhost and 127.0.0.1): onCall turns a list of one into a fixed
// Access-Control-Allow-Origin naming it, sent to every caller (docs/decisions.md).
const APP_ORIGINS = [APP_ORIGIN, 'http://127.0.0.1:3000'];
let env: TestEnv;
let host: LocalHost;
let names: string[];
let owner: TestAccount;

beforeAll(async () => {
  env = await startTestEnv({ content: true });
  const callables = createCallables(() => env.deps, { cors: APP_ORIGINS });
  names = Object.entries(callables).flatMap(([group, fns]) =>
    Object.keys(fns).map((name) => `${group}-${name}`),
  );
  host = await startLocalHost({ callables, port: 0, projectId: TEST_PROJECT_ID });
  owner = await env.member('acme', 'owner');
  await env.store.set(paths.tenant('acme'), { createdBy: owner.uid, getStarted: true });
}, 120_000);

afterAll(async () => {
  await host?.close();
  await env?.stop();
}, 60_000);

const clientWith = (token: string | null) =>
  createCallableClient({ baseUrl: host.url, getIdToken: async () => token });

/** A callable request as the browser sends it, answered with its status and JSON body. */
async function post(name: string, data: unknown, token?: string) {
  const response = await fetch(`${host.url}/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ data }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

it('serves the callables under /{project}/{region}/{name} to the platform client', async () => {
  expect(host.url).toBe(`http://127.0.0.1:${host.port}/demo-toolkit/australia-southeast1`);
  const client = clientWith(owner.token);
  expect(await getAvailableRoles(client)).toMatchObject({ status: 'success', userRole: 'owner' });
});

it('reaches the handler with the caller of the verified token', async () => {
  expect(await callApi(clientWith(owner.token), API.getProfile, null)).toMatchObject({
    status: 'ok',
    profile: { uid: owner.uid, email: owner.email, role: 'owner' },
  });
});

it('gives the client the error code and the server’s message', async () => {
  const failure = await callApi(clientWith(null), API.getProfile, null).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(CallableError);
  expect(failure).toMatchObject({ code: 'unauthenticated', message: SERVER_ERRORS.signInRequired });
});

describe('ID tokens (onCall verifies them with firebase-admin against the Auth emulator)', () => {
  const unauthenticated = {
    status: 401,
    body: { error: { status: 'UNAUTHENTICATED', message: 'Unauthenticated' } },
  };

  it('refuses a token that is not a JWT', async () => {
    expect(await post(API.getProfile, null, 'not-a-valid-token')).toEqual(unauthenticated);
  });

  it('refuses an expired token, though the emulator signs none', async () => {
    const [header, payload] = owner.token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, number>;
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    const expired = Buffer.from(
      JSON.stringify({ ...claims, iat: hourAgo - 3600, auth_time: hourAgo - 3600, exp: hourAgo }),
    ).toString('base64url');
    expect(await post(API.getProfile, null, `${header}.${expired}.`)).toEqual(unauthenticated);
  });

  it('takes a token it verified moments ago as verified, without asking the emulator again', async () => {
    const member = await env.member('remembering-co', 'viewer');
    expect((await post(API.getProfile, null, member.token)).status).toBe(200);
    await env.admin.updateUser(member.uid, { disabled: true });
    // Asked now, the emulator refuses the user (./verified-tokens.test.ts: and so does the host once
    // 30 s have passed); the host still takes the token it has just verified.
    await expect(env.admin.verifyIdToken(member.token)).rejects.toMatchObject({ code: 'auth/user-disabled' });
    expect((await post(API.getProfile, null, member.token)).status).toBe(200);
  });
});

describe('a verified token whose uid or organisation an id may not be', () => {
  const refused = {
    status: 401,
    body: { error: { status: 'UNAUTHENTICATED', message: SERVER_ERRORS.sessionIdsUnusable } },
  };

  it('is refused with 401, not 500, through onCall and through the router', async () => {
    const slashed = await env.signInWithCustomToken(await env.admin.createCustomToken('made/by-hand'));
    expect(await post(API.getProfile, null, slashed)).toEqual(refused);
    expect(await env.call(API.getProfile, null, slashed)).toEqual(refused);
    const badTenant = await env.account({ claims: { tenantId: 'acme/users/x', role: 'owner' } });
    expect(await post(API.getAvailableRoles, null, badTenant.token)).toEqual(refused);
    expect(await env.call(API.getAvailableRoles, null, badTenant.token)).toEqual(refused);
    const numberTenant = await env.account({ claims: { tenantId: 42, role: 'owner' } });
    expect(await post(API.getProfile, null, numberTenant.token)).toEqual(refused);
  });

  it('leaves ordinary sessions alone: a uid of the id alphabet, with or without a tenant', async () => {
    const custom = await env.signInWithCustomToken(await env.admin.createCustomToken('made_by-hand-2'));
    // Signed in, so the profile call goes on to say the account has no organisation yet.
    expect(await post(API.getProfile, null, custom)).toMatchObject({ status: 403 });
    expect((await post(API.getAvailableRoles, null, owner.token)).status).toBe(200);
  });
});

describe('error codes travel with their HTTP statuses', () => {
  it('unauthenticated 401, permission-denied 403, not-found 404, invalid-argument 400', async () => {
    const stranger = await env.account({ claims: { tenantId: 'acme', role: 'owner' } });
    expect(await post(API.getProfile, null)).toEqual({
      status: 401,
      body: { error: { status: 'UNAUTHENTICATED', message: SERVER_ERRORS.signInRequired } },
    });
    expect(await post(API.getAvailableRoles, null, stranger.token)).toEqual({
      status: 403,
      body: { error: { status: 'PERMISSION_DENIED', message: MESSAGES.notAMember } },
    });
    expect(await post(API.getUserRole, { uid: 'nobody', tenantId: 'acme' }, owner.token)).toEqual({
      status: 404,
      body: { error: { status: 'NOT_FOUND', message: SERVER_ERRORS.noSuchUser } },
    });
    expect(await post(API.getUserRole, { uid: '', tenantId: 'acme' }, owner.token)).toMatchObject({
      status: 400,
      body: { error: { status: 'INVALID_ARGUMENT', details: { fields: ['uid'] } } },
    });
  });

  it('resource-exhausted 429', async () => {
    const at = new Date();
    env.deps.now = () => at;
    const respondent = await env.anonymous();
    const request = { tenantId: 'demo-publisher', surveyId: 'quickscan' };
    const { body } = await post(API.startResult, request, respondent.token);
    const { resultId } = body.result as { resultId: string };
    const session = { name: 'completion-session', subject: respondent.uid, limit: COMPLETION_LIMITS.session };
    await env.store.set(counterPath(session, at), { count: COMPLETION_LIMITS.session.max });
    expect(await post(API.completeResult, { ...request, resultId }, respondent.token)).toEqual({
      status: 429,
      body: { error: { status: 'RESOURCE_EXHAUSTED', message: MESSAGES.tooManyResults } },
    });
  });
});

describe('CORS (onCall’s own, with the app’s origins)', () => {
  it('answers a preflight from an allowed origin with the method and the headers asked for', async () => {
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
    expect(response.headers.get('access-control-allow-methods')).toBe('POST');
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
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
    error: { status: 'INVALID_ARGUMENT', message: 'The request body is larger than 16448 KB.' },
  };
  const notJson = { error: { status: 'INVALID_ARGUMENT', message: 'The request body is not valid JSON.' } };
  const padded = (bytes: number) => JSON.stringify({ data: { padding: 'x'.repeat(bytes) } });

  it('refuses a body over 16448 KiB by its Content-Length, with 413 and the error body', async () => {
    expect(MAX_BODY_BYTES).toBe(16448 * 1024);
    const response = await post(padded(MAX_BODY_BYTES));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(tooLarge);
  });

  it('stops reading a chunked body once it passes 16448 KiB', async () => {
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

  // onCall needs the parsed body before it checks the token (as behind the Functions Framework),
  // so a bad token is answered only once the body has been read: within the cap, and parsed.
  it('answers a bad token with a readable body as unauthenticated, a body that is not JSON as such', async () => {
    const response = await post(padded(60 * 1024), 'not-a-valid-token');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { status: 'UNAUTHENTICATED', message: 'Unauthenticated' },
    });
    const broken = await post(`{"data": ${'['.repeat(60 * 1024)}`, 'not-a-valid-token');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual(notJson);
  });

  it(`refuses a body nested 3,000 levels deep with 400 on every callable, token or not, before the token is read`, async () => {
    const deep = `{"data":{"answer":${'['.repeat(3000)}${']'.repeat(3000)}}}`;
    const tooDeep = {
      error: { status: 'INVALID_ARGUMENT', message: SERVER_ERRORS.bodyTooDeep(MAX_BODY_DEPTH) },
    };
    expect(names.length).toBeGreaterThan(50);
    for (const name of names) {
      for (const token of [null, 'not-a-valid-token', owner.token]) {
        const response = await fetch(`${host.url}/${name}`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
          },
          body: deep,
        });
        expect({ name, status: response.status, body: await response.json() }).toEqual({
          name,
          status: 400,
          body: tooDeep,
        });
      }
    }
  });

  it(`takes a body nested ${MAX_BODY_DEPTH} levels deep to the function as usual`, async () => {
    // The body object is the first level, data the second.
    const nested = (levels: number) => `{"data":{"uid":${'['.repeat(levels - 2)}${']'.repeat(levels - 2)}}}`;
    // admin-getAvailableRoles takes any data: at the limit the body reaches it and it answers.
    expect((await post(nested(MAX_BODY_DEPTH))).status).toBe(200);
    const over = await post(nested(MAX_BODY_DEPTH + 1));
    expect(await over.json()).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: SERVER_ERRORS.bodyTooDeep(MAX_BODY_DEPTH) },
    });
  });

  it('takes a brand logo of the largest size the product allows, through the host to the store', async () => {
    const tenantId = 'logo-co';
    const brandOwner = await env.member(tenantId, 'owner');
    await env.store.set(paths.tenant(tenantId), { createdBy: brandOwner.uid, getStarted: true });
    await env.onPlan(tenantId, 'growth');
    const logo = `data:image/png;base64,${Buffer.alloc(BRAND_LOGO_MAX_BYTES, 7).toString('base64')}`;
    const response = await fetch(`${host.url}/${API.saveBrand}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${brandOwner.token}` },
      body: JSON.stringify({ data: { primaryColor: '#1f5f4a', logo } }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      result: { brand: { primaryColor: '#1f5f4a', logo }, applied: true },
    });
    expect((await env.store.get(paths.brand(tenantId))).data).toMatchObject({ logo });
  });

  it('reads a body of exactly the cap, and refuses one byte more with 413', async () => {
    const exactly = (bytes: number) => {
      const body = padded(0);
      return padded(bytes - body.length);
    };
    expect(exactly(MAX_BODY_BYTES)).toHaveLength(MAX_BODY_BYTES);
    const atCap = await post(exactly(MAX_BODY_BYTES));
    expect(atCap.status).toBe(200);
    const over = await post(exactly(MAX_BODY_BYTES + 1));
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual(tooLarge);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await post('data=1');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(notJson);
  });

  it('answers unknown paths and functions with not-found', async () => {
    const elsewhere = await fetch(`http://127.0.0.1:${host.port}/elsewhere`, { method: 'POST', body: '{}' });
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toMatchObject({ error: { status: 'NOT_FOUND' } });
    const unknown = await fetch(`${host.url}/no-such-function`, { method: 'POST', body: '{"data":null}' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: { status: 'NOT_FOUND', message: SERVER_ERRORS.noSuchFunction('no-such-function') },
    });
  });
});

describe('the client’s address, which the completion and start limits count by', () => {
  const request = { tenantId: 'demo-publisher', surveyId: 'quickscan' };
  /** A new anonymous respondent starts, answers and completes a result, sending `headers` each time. */
  const complete = async (headers: Record<string, string>) => {
    const respondent = await env.anonymous();
    const client = createCallableClient({
      baseUrl: host.url,
      getIdToken: async () => respondent.token,
      fetch: (input, init) =>
        fetch(input, { ...init, headers: { ...(init?.headers as object), ...headers } }),
    });
    const { resultId } = await callApi(client, API.startResult, request);
    // One scored answer, so the completion is not refused as empty.
    await callApi(client, API.saveAnswer, {
      ...request,
      resultId,
      questionId: 'energy-tracking',
      answer: 0,
      seq: 1,
    });
    return callApi(client, API.completeResult, { ...request, resultId });
  };
  // Each case in a window of its own, a few minutes into the hour.
  let at: Date;
  const countFor = async (subject: string) =>
    (await env.store.get(counterPath({ name: 'completion-ip', subject, limit: COMPLETION_LIMITS.ip }, at)))
      .data?.count;
  let clock: TestEnv['deps']['now'];
  beforeAll(() => {
    clock = env.deps.now;
  });
  afterAll(() => {
    env.deps.now = clock;
  });

  it('is the entry the front end wrote: completions each forging another leftmost entry are limited as one network', async () => {
    at = new Date('2031-03-04T05:06:00.000Z');
    env.deps.now = () => at;
    const { max } = COMPLETION_LIMITS.ip;
    // Google's front end appends the address it saw and then its own to whatever the client sent.
    const from = (respondent: number) => ({
      'X-Forwarded-For': `203.0.113.${respondent}, 198.51.100.7, 10.10.0.1`,
    });
    for (let respondent = 1; respondent <= max; respondent += 1) await complete(from(respondent));
    for (let respondent = max + 1; respondent <= 60; respondent += 1) {
      await expect(complete(from(respondent))).rejects.toMatchObject({
        code: 'resource-exhausted',
        message: MESSAGES.tooManyResults,
      });
    }
    expect(await countFor('198.51.100.7')).toBe(max);
    expect(await countFor('203.0.113.1')).toBeUndefined();
  }, 120_000);

  it('is the connection’s address when X-Forwarded-For has fewer entries than the front end writes, or none', async () => {
    at = new Date('2031-03-04T07:06:00.000Z');
    env.deps.now = () => at;
    await complete({});
    await complete({ 'X-Forwarded-For': '203.0.113.7' });
    expect(await countFor('127.0.0.1')).toBe(2);
    expect(await countFor('203.0.113.7')).toBeUndefined();
  });
});

it('keeps an idle connection open longer than clients reuse one (no ECONNRESET on reuse)', async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
      const request = http.get(`${new URL(host.url).origin}/healthz`, { agent }, (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }));
      });
      request.on('error', reject);
    });
  try {
    expect(await get()).toEqual({ status: 200, reused: false });
    // Past Node's default server keep-alive of 5 s, which would have closed the connection.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    expect(await get()).toEqual({ status: 200, reused: true });
  } finally {
    agent.destroy();
  }
}, 20_000);

it('reports health at GET /healthz', async () => {
  const response = await fetch(`http://127.0.0.1:${host.port}/healthz`);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
});

describe('account-watchProfile: the live profile, streamed by onCall', () => {
  async function until(condition: () => boolean) {
    const deadline = Date.now() + 10_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error('The condition never held.');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('sends the profile now and after a change made elsewhere, until the client stops', async () => {
    const member = await env.member('acme', 'editor');
    const seen: { profile: { firstName: string; lastName: string } | null }[] = [];
    const controller = new AbortController();
    const ended = clientWith(member.token).stream!(
      API.watchProfile,
      null,
      (message: (typeof seen)[number]) => seen.push(message),
      {
        signal: controller.signal,
      },
    ).catch((error: unknown) => error);
    await until(() => seen.length > 0);
    expect(seen[0]?.profile).toMatchObject({ firstName: 'editor', lastName: 'Tester' });

    // Another session of the same member (another tab) saves new names.
    await callApi(clientWith(member.token), API.updateNames, { firstName: 'Eda', lastName: 'Live' });
    await until(() => seen.at(-1)?.profile?.firstName === 'Eda');
    expect(seen.at(-1)?.profile).toMatchObject({ firstName: 'Eda', lastName: 'Live' });

    controller.abort();
    expect(await ended).toMatchObject({ code: 'cancelled' });
  });

  it('answers the profile once to a client that does not stream, and refuses a non-member', async () => {
    expect(await callApi(clientWith(owner.token), API.watchProfile, null)).toMatchObject({
      profile: { uid: owner.uid, role: 'owner' },
    });
    const stranger = await env.account();
    const refused = await clientWith(stranger.token).stream!(API.watchProfile, null, () => undefined).catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ code: 'permission-denied' });
  });
});
