import crypto from 'node:crypto';
import http from 'node:http';
import { assertPortFree, canConnect, freePort } from '@toolkit/local-services';
import { startHoldingPage, type HoldingPage } from './holding-page';

const HOST = '127.0.0.1';
const ITEMS = ['shell', 'mfe-survey', 'mfe-dashboard'];

let holding: HoldingPage;
let port: number;

beforeEach(async () => {
  port = await freePort(HOST);
  holding = await startHoldingPage({ port, host: HOST, items: ITEMS });
});

afterEach(() => holding.close());

/** A raw request, over a kept-alive connection when an agent is given. */
function request(pathname: string, { method = 'GET', agent }: { method?: string; agent?: http.Agent } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const req = http.request({ host: HOST, port, path: pathname, method, agent }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

/** The status line, the one part of the page a screen reader is told about as it changes. */
const summaryOf = (body: string) => /<p id="summary" role="status">([^<]*)<\/p>/.exec(body)?.[1];

it('answers 503 with Retry-After, never to be cached, with a heading and every item waiting', async () => {
  const { status, headers, body } = await request('/');
  expect(status).toBe(503);
  expect(headers['retry-after']).toBe('2');
  expect(headers['cache-control']).toBe('no-store');
  expect(headers['content-type']).toBe('text/html; charset=utf-8');
  expect(body).toContain('<h1>Starting the product</h1>');
  expect(body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  expect(summaryOf(body)).toBe('Checking what needs building: 0 of 3 ready.');
  for (const item of ITEMS) expect(body).toContain(`<li>${item}: waiting</li>`);
});

it('answers the same page on any path and method, so a bookmarked deep link lands on it', async () => {
  const deep = await request('/dashboard/insights?tab=2');
  expect(deep.status).toBe(503);
  expect(deep.body).toBe((await request('/')).body);
  expect((await request('/main.0123abcd.js')).status).toBe(503);
  const head = await request('/survey/demo', { method: 'HEAD' });
  expect(head.status).toBe(503);
  expect(head.body).toBe('');
});

it('says what is building and how many are ready as the builds progress', async () => {
  holding.progress('shell', 'up to date');
  holding.progress('mfe-survey', 'building');
  let body = (await request('/')).body;
  expect(summaryOf(body)).toBe('Building mfe-survey: 1 of 3 ready.');
  expect(body).toContain('<li>shell: up to date</li>');
  expect(body).toContain('<li>mfe-survey: building…</li>');
  expect(body).toContain('<li>mfe-dashboard: waiting</li>');

  holding.progress('mfe-dashboard', 'building');
  expect(summaryOf((await request('/')).body)).toBe('Building mfe-survey and mfe-dashboard: 1 of 3 ready.');

  holding.progress('mfe-survey', 'built');
  holding.progress('mfe-dashboard', 'built');
  body = (await request('/')).body;
  expect(summaryOf(body)).toBe('All 3 built; starting the services…');
  expect(body).toContain('<li>mfe-dashboard: built</li>');
});

it('shows the failure as the terminal printed it, escaped, and no longer asks to retry soon', async () => {
  holding.progress('mfe-survey', 'failed');
  const message =
    "mfe-survey failed to build: webpack exited with code 1\n--- last lines of its output ---\nModule not found: Can't resolve '<Missing>' & more";
  holding.fail(message);
  const { status, headers, body } = await request('/dashboard');
  expect(status).toBe(503);
  expect(headers['retry-after']).toBeUndefined();
  expect(summaryOf(body)).toMatch(/^The build failed, so the product did not start\./);
  expect(body).toContain(
    "<pre id=\"failure\">mfe-survey failed to build: webpack exited with code 1\n--- last lines of its output ---\nModule not found: Can't resolve '&lt;Missing&gt;' &amp; more</pre>",
  );
  expect(body).toContain('<li>mfe-survey: failed</li>');
});

it('loads nothing from elsewhere: its policy allows only its own inline script and style', async () => {
  const { headers, body } = await request('/');
  expect(body).not.toMatch(/\b(?:src|href)=/);
  const policy = String(headers['content-security-policy']);
  expect(policy).toContain("default-src 'none'");
  expect(policy).toContain("connect-src 'self'");
  for (const [, tag, content] of body.matchAll(/<(script|style)>([\s\S]*?)<\/\1>/g)) {
    const hash = crypto.createHash('sha256').update(String(content)).digest('base64');
    expect(policy).toContain(`${tag}-src 'sha256-${hash}'`);
  }
});

it('closes at once even with a browser’s connection kept alive, and frees the port', async () => {
  const agent = new http.Agent({ keepAlive: true });
  try {
    await request('/', { agent });
    await holding.close();
    expect(await canConnect(port, HOST)).toBe(false);
    await expect(assertPortFree(port, HOST, 'the shell')).resolves.toBeUndefined();
  } finally {
    agent.destroy();
  }
});

it('fails as the stack does when the port is taken, naming npm start', async () => {
  await expect(startHoldingPage({ port, host: HOST, items: ITEMS })).rejects.toThrow(
    `Port ${port} (the shell) is already in use — is npm start already running?`,
  );
});
