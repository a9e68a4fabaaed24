// The local inbox as the stack starts it (MailDev behind the inbox proxy): tests read sign-in links
// from Node, the app's origins may read them from a browser, and no other web page can — neither
// through CORS, nor by rebinding its own host name to 127.0.0.1, nor through the web UI's websocket.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startMailDev } from './maildev';
import { freePort } from '@toolkit/local-services';

const REPO_ROOT = path.resolve(__dirname, '../../..');
const APP = 'http://localhost:3000';
const EVIL = 'http://evil.example';
const SIGN_IN_LINK = 'http://127.0.0.1:9099/emulator/action?mode=signIn&amp;oobCode=secret-code';

let dataDir: string;
let inbox: Awaited<ReturnType<typeof startMailDev>>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-stack-maildev-'));
  // A mail already in the inbox folder, as after a restart: MailDev loads it on start.
  fs.mkdirSync(path.join(dataDir, 'mail'));
  fs.writeFileSync(
    path.join(dataDir, 'mail', 'sign-in.eml'),
    [
      'From: Sustainability Toolkit <no-reply@toolkit.local>',
      'To: owner@example.com',
      'Subject: Sign in to the Sustainability Toolkit',
      'Content-Type: text/html; charset=utf-8',
      '',
      `<a href="${SIGN_IN_LINK}">Sign in</a>`,
      '',
    ].join('\r\n'),
  );
  inbox = await startMailDev({
    root: REPO_ROOT,
    dataDir,
    smtpPort: await freePort('127.0.0.1'),
    webPort: 0,
    origins: [APP],
    log: () => {},
  });
}, 30_000);

afterAll(async () => {
  await inbox?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A raw request, so the Host header can be set (fetch sets its own). */
function request(pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .request(`${inbox.url}${pathname}`, { method, headers }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      })
      .on('error', reject)
      .end();
  });
}

/** Opens the web UI's socket.io websocket; resolves with the first frame's text, or the refusal. */
function openWebSocket(origin: string): Promise<{ status: number; firstFrame?: string }> {
  return new Promise((resolve, reject) => {
    const handshake = http.request(`${inbox.url}/socket.io/?EIO=4&transport=websocket`, {
      headers: {
        Origin: origin,
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': crypto.randomBytes(16).toString('base64'),
      },
    });
    handshake.on('upgrade', (response, socket, head: Buffer) => {
      const opened = (frame: Buffer) => {
        socket.destroy();
        // A short unmasked text frame: two header bytes, then the engine.io "open" packet.
        resolve({ status: response.statusCode ?? 0, firstFrame: frame.subarray(2).toString('utf8') });
      };
      // The first frame may come with the handshake's answer.
      if (head.length > 0) opened(head);
      else socket.once('data', opened);
    });
    handshake.on('response', (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0 });
    });
    handshake.on('error', reject);
    handshake.end();
  });
}

async function mails(headers: Record<string, string> = {}): Promise<Answer> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answer = await request('/email', headers);
    if (answer.status !== 200 || JSON.parse(answer.body).length > 0 || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('lets tests and scripts (no Origin header) read the sign-in links at /email', async () => {
  const answer = await mails();
  expect(answer.status).toBe(200);
  expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  const [mail] = JSON.parse(answer.body) as { subject: string; html: string }[];
  expect(mail?.subject).toBe('Sign in to the Sustainability Toolkit');
  expect(mail?.html).toContain(SIGN_IN_LINK);
});

it('grants CORS to the app origin, for that origin only', async () => {
  const answer = await mails({ Origin: APP });
  expect(answer.status).toBe(200);
  expect(answer.headers['access-control-allow-origin']).toBe(APP);
  expect(answer.headers.vary).toMatch(/\bOrigin\b/);
  expect(answer.body).toContain('oobCode=secret-code');
});

it('refuses another web page, with no CORS grant, for reads, preflights and deletes', async () => {
  for (const [pathname, method] of [
    ['/email', 'GET'],
    ['/email/all', 'OPTIONS'],
    ['/email/all', 'DELETE'],
  ] as const) {
    const answer = await request(pathname, { Origin: EVIL }, method);
    expect({ method, status: answer.status }).toEqual({ method, status: 403 });
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.body).not.toContain('secret-code');
  }
  expect(JSON.parse((await mails()).body)).toHaveLength(1);
});

it('refuses a page that rebinds its own host name to 127.0.0.1 (same-origin, so no Origin header)', async () => {
  const answer = await request('/email', { Host: `evil.example:${inbox.webPort}` });
  expect(answer.status).toBe(403);
  expect(answer.body).not.toContain('secret-code');
});

it("serves MailDev's web UI, whose live updates (socket.io websocket) work from the inbox's own origin only", async () => {
  const page = await request('/');
  expect(page.status).toBe(200);
  expect(page.body).toContain('MailDev');

  const own = await openWebSocket(inbox.url);
  expect(own.status).toBe(101);
  expect(own.firstFrame).toMatch(/^0\{"sid":/);

  expect(await openWebSocket(EVIL)).toEqual({ status: 403 });
});
