import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { API, FUNCTIONS_REGION } from '@toolkit/domain';
import { API_PATH, apiRewrites, securityHeaderRules } from '@toolkit/federation';
import { createApiProxy } from './api-proxy';
import { closeServer, createStaticServer } from './static-server';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** What the upstream (the API host's stand-in) does with a request, after reading its body. */
let answer: (req: http.IncomingMessage, res: http.ServerResponse) => void;
let received: Received[];
let upstream: http.Server;
let upstreamBase: string;
let dist: string;
let app: http.Server;
let appBase: string;

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      answer(req, res);
    });
  });
  upstreamBase = await listen(upstream);
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'api-proxy-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  app = createStaticServer({
    dist,
    spa: true,
    headerRules: securityHeaderRules('host'),
    contentSecurityPolicy: () => "default-src 'self'",
    prefixRoutes: { '/api/': createApiProxy(() => `${upstreamBase}/demo-toolkit/australia-southeast1`) },
  });
  appBase = await listen(app);
});

beforeEach(() => {
  received = [];
});

afterAll(async () => {
  await Promise.all([closeServer(app), closeServer(upstream)]);
  fs.rmSync(dist, { recursive: true, force: true });
});

it('forwards a call with its method, token headers and body, and answers with the functions’ status, headers and body', async () => {
  answer = (_req, res) => {
    res.writeHead(401, { 'Content-Type': 'application/json', 'X-Upstream': 'yes' });
    res.end(JSON.stringify({ error: { status: 'UNAUTHENTICATED', message: 'Sign in first.' } }));
  };
  const response = await fetch(`${appBase}/api/account-getProfile`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: 'Bearer id-token',
      'X-Firebase-AppCheck': 'app-check-token',
    },
    body: JSON.stringify({ data: { a: 1 } }),
  });

  expect(response.status).toBe(401);
  expect(response.headers.get('x-upstream')).toBe('yes');
  // The page's headers are the page's: none of their bytes ride on every call.
  expect(response.headers.get('content-security-policy')).toBeNull();
  expect(response.headers.get('strict-transport-security')).toBeNull();
  expect(await response.json()).toEqual({ error: { status: 'UNAUTHENTICATED', message: 'Sign in first.' } });
  expect(received).toHaveLength(1);
  const [call] = received as [Received];
  expect(call.method).toBe('POST');
  expect(call.url).toBe('/demo-toolkit/australia-southeast1/account-getProfile');
  expect(call.headers.authorization).toBe('Bearer id-token');
  expect(call.headers['x-firebase-appcheck']).toBe('app-check-token');
  expect(call.headers['content-type']).toBe('application/json');
  expect(call.headers.host).toBe(new URL(upstreamBase).host);
  expect(JSON.parse(call.body)).toEqual({ data: { a: 1 } });
});

it('passes each streamed message on as it arrives, before the answer ends', async () => {
  let finish = () => {};
  answer = (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    res.write('data: {"message":1}\n\n');
    finish = () => res.end('data: {"result":2}\n\n');
  };
  const response = await fetch(`${appBase}/api/account-watchProfile`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify({ data: null }),
  });
  expect(response.headers.get('content-type')).toBe('text/event-stream');
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  // The upstream has not ended: only a proxy that streams can hand this message over already.
  expect((await reader.read()).value).toBe('data: {"message":1}\n\n');
  finish();
  let rest = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += chunk.value;
  expect(rest).toBe('data: {"result":2}\n\n');
  expect(received[0]?.headers.accept).toBe('text/event-stream');
});

it('ends the call to the functions when the page stops listening to a stream', async () => {
  const upstreamClosed = new Promise<void>((resolve) => {
    answer = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('data: {"message":1}\n\n');
      res.on('close', () => resolve());
    };
  });
  const controller = new AbortController();
  const response = await fetch(`${appBase}/api/account-watchProfile`, {
    method: 'POST',
    body: JSON.stringify({ data: null }),
    signal: controller.signal,
  });
  const reader = response.body!.getReader();
  await reader.read();
  controller.abort();
  await expect(upstreamClosed).resolves.toBeUndefined();
});

it.each(['/api/', '/api/a/b', '/api/..%2Fhealthz', '/api/name%20with%20space'])(
  'refuses %s with a clear error in the callable protocol, without calling the functions or serving the page',
  async (pathname) => {
    const response = await fetch(`${appBase}${pathname}`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { status: string; message: string } };
    expect(body.error.status).toBe('NOT_FOUND');
    expect(body.error.message).toMatch(/^No callable is served at \/api\/.*; call \/api\/<name>\.$/);
    expect(received).toEqual([]);
  },
);

it('answers UNAVAILABLE in the callable protocol when the functions do not answer', async () => {
  const closed = http.createServer();
  const closedBase = await listen(closed);
  await closeServer(closed);
  const proxyToNothing = createStaticServer({
    dist,
    prefixRoutes: { '/api/': createApiProxy(() => `${closedBase}/demo-toolkit/australia-southeast1`) },
  });
  const base = await listen(proxyToNothing);
  try {
    const response = await fetch(`${base}/api/account-getProfile`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(503);
    const body = (await response.json()) as { error: { status: string; message: string } };
    expect(body.error.status).toBe('UNAVAILABLE');
    expect(body.error.message).toContain(`The functions at ${closedBase} did not answer`);
  } finally {
    await closeServer(proxyToNothing);
  }
});

it('serves the app’s pages beside it as before', async () => {
  const response = await fetch(`${appBase}/apiary`);
  expect(response.status).toBe(200);
  expect(await response.text()).toContain('<title>app</title>');
  expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
});

it('has production forward every declared callable the same way, before the page rewrite', () => {
  const firebase = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../firebase.json'), 'utf8')) as {
    hosting: { target: string; rewrites?: { source: string }[] }[];
  };
  const rewrites = firebase.hosting.find((site) => site.target === 'shell')?.rewrites ?? [];
  const forwarded = rewrites.filter((rule) => rule.source.startsWith(`${API_PATH}/`));
  // A callable added or renamed in the declarations needs its rewrite in firebase.json too.
  expect(forwarded).toEqual(apiRewrites(Object.values(API), FUNCTIONS_REGION));
  const page = rewrites.findIndex((rule) => rule.source === '**');
  expect(rewrites.slice(page).filter((rule) => rule.source.startsWith(`${API_PATH}/`))).toEqual([]);
});
