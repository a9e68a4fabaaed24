// The Auth emulator as the stack starts it (behind the origin proxy): scripts and the app's origins
// reach it, no other web page does, neither through CORS nor by rebinding its own host name.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { canConnect } from '@toolkit/local-services';
import { startGuardedAuthEmulator, startOnFreePort } from './guarded-auth-emulator';

const APP = 'http://localhost:3000';
const EVIL = 'http://evil.example';
const PROJECT = 'demo-toolkit';

let dataDir: string;
let auth: Awaited<ReturnType<typeof startGuardedAuthEmulator>>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-stack-guarded-auth-'));
  auth = await startGuardedAuthEmulator({
    port: 0,
    dataDir,
    projectId: PROJECT,
    origins: [APP, 'http://127.0.0.1:3000'],
    log: () => {},
  });
}, 120_000);

afterAll(async () => {
  await auth?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A raw request, so Origin and Host can be set as a browser would send them. */
function request(
  pathname: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .request(`${auth.url}${pathname}`, { method, headers }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
      })
      .on('error', reject)
      .end(body);
  });
}

const SIGN_IN_CODES = `/emulator/v1/projects/${PROJECT}/oobCodes`;
const sendSignInLink = (headers: Record<string, string>) =>
  request('/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=demo-api-key', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({
      requestType: 'EMAIL_SIGNIN',
      email: 'owner@example.com',
      continueUrl: `${APP}/complete-signup`,
      canHandleCodeInApp: true,
    }),
  });

it('serves scripts and the backend (no Origin header), on the proxy and on the emulator itself', async () => {
  expect((await sendSignInLink({})).status).toBe(200);
  const codes = await request(SIGN_IN_CODES);
  expect(codes.status).toBe(200);
  expect(JSON.parse(codes.body).oobCodes).toEqual([expect.objectContaining({ email: 'owner@example.com' })]);
  expect(auth.upstreamHost).not.toBe(new URL(auth.url).host);
  const direct = await fetch(`http://${auth.upstreamHost}${SIGN_IN_CODES}`);
  expect(direct.status).toBe(200);
});

it('grants CORS to the app’s origins only, for preflights and requests', async () => {
  const preflight = await request(
    '/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=demo-api-key',
    {
      method: 'OPTIONS',
      headers: {
        Origin: APP,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    },
  );
  expect(preflight.status).toBeLessThan(300);
  expect(preflight.headers['access-control-allow-origin']).toBe(APP);
  const sent = await sendSignInLink({ Origin: APP });
  expect(sent.status).toBe(200);
  expect(sent.headers['access-control-allow-origin']).toBe(APP);
});

it('refuses any other web page: its reads of the pending sign-in codes, its preflights and its sign-ups', async () => {
  for (const answer of [
    await request(SIGN_IN_CODES, { headers: { Origin: EVIL } }),
    await request(SIGN_IN_CODES, {
      method: 'OPTIONS',
      headers: { Origin: EVIL, 'Access-Control-Request-Method': 'GET' },
    }),
    await sendSignInLink({ Origin: EVIL }),
  ]) {
    expect(answer.status).toBe(403);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.body).not.toContain('oobCode');
  }
});

it('refuses a page that rebinds its own host name to 127.0.0.1 (same-origin, so no Origin header)', async () => {
  const rebound = await request(SIGN_IN_CODES, { headers: { Host: `evil.example:${auth.port}` } });
  expect(rebound.status).toBe(403);
  expect(rebound.body).not.toContain('oobCode');
});

it('frees both ports on stop() and leaves none of the emulator’s per-port files behind', async () => {
  const upstreamPort = Number(auth.upstreamHost.split(':')[1]);
  expect(fs.readdirSync(dataDir)).toContain(`firebase.auth-${upstreamPort}.json`);
  await auth.stop();
  expect(await canConnect(auth.port, '127.0.0.1')).toBe(false);
  expect(await canConnect(upstreamPort, '127.0.0.1')).toBe(false);
  expect(fs.readdirSync(dataDir).filter((name) => name.includes(String(upstreamPort)))).toEqual([]);
}, 60_000);

describe('a start on a free port', () => {
  const TAKEN = 'Error: Could not start Authentication Emulator, port taken.';

  it('starts again on another port when the one picked was taken before the emulator listened', async () => {
    const tried: number[] = [];
    const started = await startOnFreePort('127.0.0.1', async (port) => {
      tried.push(port);
      if (tried.length === 1) throw new Error(`The Auth emulator exited before it was ready. ${TAKEN}`);
      return 'running';
    });
    expect(tried).toHaveLength(2);
    expect(started).toEqual({ upstreamPort: tried[1], emulator: 'running' });
  });

  it('gives up after three taken ports, and at once on any other failure', async () => {
    let starts = 0;
    await expect(
      startOnFreePort('127.0.0.1', async () => {
        starts++;
        throw new Error(TAKEN);
      }),
    ).rejects.toThrow(/port taken/);
    expect(starts).toBe(3);
    starts = 0;
    await expect(
      startOnFreePort('127.0.0.1', async () => {
        starts++;
        throw new Error('The Auth emulator was not ready within 90 s.');
      }),
    ).rejects.toThrow(/not ready/);
    expect(starts).toBe(1);
  });
});
