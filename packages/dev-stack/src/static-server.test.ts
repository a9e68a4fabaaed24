import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { securityHeaderRules } from '@toolkit/federation';
import { closeServer, createStaticServer } from './static-server';

let dist: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'static-server-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  fs.writeFileSync(path.join(dist, 'main.0123abcd.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
  fs.writeFileSync(path.join(dist, 'logo.png'), Buffer.from([137, 80, 78, 71]));
  server = createStaticServer({
    dist,
    spa: true,
    headerRules: securityHeaderRules('host'),
    contentSecurityPolicy: () => "script-src 'self'",
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(async () => {
  await closeServer(server);
  fs.rmSync(dist, { recursive: true, force: true });
});

/** A raw GET, so the body arrives as sent (fetch would decompress it). */
function get(pathname: string, acceptEncoding?: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.get(
      `${base}${pathname}`,
      { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      },
    );
    request.on('error', reject);
  });
}

it('sends scripts brotli-compressed when the browser accepts it, as production hosting does', async () => {
  const { headers, body } = await get('/main.0123abcd.js', 'gzip, deflate, br');
  expect(headers['content-encoding']).toBe('br');
  expect(headers['content-type']).toBe('application/javascript; charset=utf-8');
  expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
  const original = fs.readFileSync(path.join(dist, 'main.0123abcd.js'));
  expect(body.length).toBeLessThan(original.length / 10);
  expect(zlib.brotliDecompressSync(body).equals(original)).toBe(true);
});

it('falls back to gzip, and to the plain file for clients that accept neither', async () => {
  const gzipped = await get('/main.0123abcd.js', 'gzip');
  expect(gzipped.headers['content-encoding']).toBe('gzip');
  expect(zlib.gunzipSync(gzipped.body).toString()).toContain('console.log');
  const plain = await get('/main.0123abcd.js');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.toString()).toContain('console.log');
});

it('compresses the single-page fallback too, and leaves binary files alone', async () => {
  const page = await get('/dashboard/users', 'br');
  expect(page.headers['content-encoding']).toBe('br');
  expect(page.headers['cache-control']).toBe('no-store');
  expect(zlib.brotliDecompressSync(page.body).toString()).toContain('<title>app</title>');
  const image = await get('/logo.png', 'br');
  expect(image.headers['content-encoding']).toBeUndefined();
  expect(image.body).toHaveLength(4);
});

it('sends the security headers of firebase.json’s rules, and the deployment’s policy beside them', async () => {
  const dashboard = (await get('/dashboard/insights')).headers;
  expect(dashboard['x-content-type-options']).toBe('nosniff');
  expect(dashboard['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(dashboard['content-security-policy']).toBe("frame-ancestors 'none', script-src 'self'");
  // A survey may be embedded in a publisher's site; nothing else may be framed.
  const survey = (await get('/survey/demo-publisher/quickscan')).headers;
  expect(survey['content-security-policy']).toBe("frame-ancestors 'self' https:, script-src 'self'");
  expect((await get('/main.0123abcd.js')).headers['x-content-type-options']).toBe('nosniff');
});

describe('the service worker', () => {
  beforeAll(() => fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});'));

  it('is asked for again on every check, so a new release reaches the worker, with the deployment’s policy', async () => {
    const { headers, body } = await get('/sw.js');
    expect(headers['cache-control']).toBe('no-cache');
    expect(headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(headers['content-security-policy']).toBe("frame-ancestors 'none', script-src 'self'");
    expect(body.toString()).toContain('addEventListener');
  });

  it('is sent by Firebase Hosting with the same Cache-Control (firebase.json), never as a hashed file', () => {
    const firebase = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../firebase.json'), 'utf8')) as {
      hosting: {
        target: string;
        headers: ({ source?: string; regex?: string } & { headers: { key: string; value: string }[] })[];
      }[];
    };
    const shell = firebase.hosting.find((site) => site.target === 'shell')!;
    const rules = shell.headers.filter((rule) =>
      rule.regex ? new RegExp(rule.regex).test('/sw.js') : rule.source === '/sw.js' || rule.source === '**',
    );
    const cacheControl = rules
      .flatMap((rule) => rule.headers)
      .filter((header) => header.key === 'Cache-Control');
    // Hosting applies the last matching rule's value.
    expect(cacheControl.at(-1)?.value).toBe('no-cache');
    expect(rules.some((rule) => rule.source === '/sw.js')).toBe(true);
  });
});
