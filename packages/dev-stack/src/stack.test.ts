import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseRuntimeConfig } from '../../platform/src/runtime-config';
import { startStack } from './stack';

const REPO_ROOT = path.resolve(__dirname, '../../..');
const REMOTES = ['survey', 'dashboard', 'journey', 'billing'] as const;
const EPHEMERAL = {
  shell: 0,
  survey: 0,
  dashboard: 0,
  journey: 0,
  billing: 0,
  auth: 9999,
  content: 0,
  functions: 5999,
};

type Stack = Awaited<ReturnType<typeof startStack>>;

let root: string;
let stack: Stack | undefined;

function write(relative: string, content: string): void {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

/** URLs go to 127.0.0.1: only loopback traffic, and no dependence on how `localhost` resolves. */
function local(port: number, pathname: string): string {
  return `http://127.0.0.1:${port}${pathname}`;
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-stack-serve-'));
  const configFile = 'packages/platform/src/runtime-config.local.json';
  write(configFile, fs.readFileSync(path.join(REPO_ROOT, configFile), 'utf8'));
  write('shell/dist/index.html', '<!doctype html><title>shell</title>');
  write('shell/dist/main.1a2b3c4d.js', 'console.log("shell")');
  for (const remote of REMOTES) {
    write(`mfe-${remote}/dist/mf-manifest.json`, JSON.stringify({ name: `mfe_${remote}` }));
    write(`mfe-${remote}/dist/remoteEntry.js`, `var mfe_${remote};`);
    write(`mfe-${remote}/dist/__federation_expose_mount.9f8e7d6c.js`, 'export {}');
  }
});

afterEach(async () => {
  await stack?.stop();
  stack = undefined;
  fs.rmSync(root, { recursive: true, force: true });
});

async function start(options: Record<string, unknown> = {}): Promise<Stack> {
  stack = await startStack({
    root,
    ports: EPHEMERAL,
    auth: false,
    backend: false,
    log: () => {},
    ...options,
  });
  return stack;
}

describe('the shell server', () => {
  it('serves index.html at / without caching', async () => {
    const { ports } = await start();
    const response = await fetch(local(ports.shell, '/'));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>shell</title>');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it.each(['/survey/quickscan/intro', '/dashboard/plans/checkout/cs_123', '/index.html'])(
    'answers the client-side route %s with index.html (SPA fallback)',
    async (route) => {
      const { ports } = await start();
      const response = await fetch(local(ports.shell, route));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(await response.text()).toContain('<title>shell</title>');
      expect(response.headers.get('cache-control')).toBe('no-store');
    },
  );

  it('serves content-hashed files with long caching, and a missing script as 404 (not HTML)', async () => {
    const { ports } = await start();
    const hashed = await fetch(local(ports.shell, '/main.1a2b3c4d.js'));
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await hashed.text();

    const missing = await fetch(local(ports.shell, '/main.00000000.js'));
    expect(missing.status).toBe(404);
    await missing.text();
  });

  it('answers /runtime-config.json with the local config, rewritten for the ports it was given', async () => {
    const { ports, urls } = await start();
    const response = await fetch(local(ports.shell, '/runtime-config.json'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const config = parseRuntimeConfig(await response.json());

    for (const remote of REMOTES) {
      expect(ports[remote]).toBeGreaterThan(0);
      expect(config.remotes[remote]).toBe(`http://localhost:${ports[remote]}/mf-manifest.json`);
      expect(urls.remotes[remote]).toBe(config.remotes[remote]);
    }
    expect(config.authEmulatorUrl).toBe('http://127.0.0.1:9999');
    // The page calls the functions on its own origin; they keep their own address for tools.
    expect(config.functionsBaseUrl).toBe('/api');
    expect(urls.api).toBe('http://127.0.0.1:5999/demo-toolkit/australia-southeast1');
    expect(urls.appApi).toBe(`http://localhost:${ports.shell}/api`);
    // The live stream goes to the functions themselves, as production's does.
    expect(config.functionsStreamUrl).toBe(urls.api);
    expect(config.firebase.projectId).toBe('demo-toolkit');
    expect(urls.app).toBe(`http://localhost:${ports.shell}/`);
  });

  it('forwards /api/<name> to that function at the functions’ own address', async () => {
    const paths: string[] = [];
    const functions = http.createServer((req, res) => {
      paths.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ result: 'from the functions' }));
    });
    await new Promise<void>((resolve) => functions.listen(0, '127.0.0.1', resolve));
    try {
      const port = (functions.address() as net.AddressInfo).port;
      const { ports } = await start({ ports: { ...EPHEMERAL, functions: port } });
      const response = await fetch(local(ports.shell, '/api/account-getProfile'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ data: null }),
      });
      expect(await response.json()).toEqual({ result: 'from the functions' });
      expect(paths).toEqual(['POST /demo-toolkit/australia-southeast1/account-getProfile']);
    } finally {
      await new Promise((resolve) => functions.close(resolve));
    }
  });
});

describe('a remote server', () => {
  it('serves its manifest and entry with CORS and no caching, and hashed chunks with long caching', async () => {
    const { ports } = await start();
    for (const file of ['/mf-manifest.json', '/remoteEntry.js']) {
      const response = await fetch(local(ports.survey, file), {
        headers: { Origin: 'http://localhost:3000' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('cache-control')).toBe('no-store');
      await response.text();
    }
    const manifest = await fetch(local(ports.survey, '/mf-manifest.json'));
    expect(await manifest.json()).toEqual({ name: 'mfe_survey' });

    const chunk = await fetch(local(ports.survey, '/__federation_expose_mount.9f8e7d6c.js'));
    expect(chunk.headers.get('access-control-allow-origin')).toBe('*');
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await chunk.text();
  });

  it('answers a CORS preflight and 404s an unknown file (no SPA fallback)', async () => {
    const { ports } = await start();
    const preflight = await fetch(local(ports.billing, '/remoteEntry.js'), {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');

    const missing = await fetch(local(ports.billing, '/some/route'));
    expect(missing.status).toBe(404);
    await missing.text();
  });

  it('can be stopped and started again on the same port while the rest keeps serving', async () => {
    const { ports, stopRemote, startRemote } = await start();
    const surveyManifest = local(ports.survey, '/mf-manifest.json');
    expect((await fetch(surveyManifest)).status).toBe(200);

    await stopRemote('survey');
    await expect(fetch(surveyManifest)).rejects.toThrow();
    const other = await fetch(local(ports.dashboard, '/mf-manifest.json'));
    expect(other.status).toBe(200);
    await other.text();
    const shell = await fetch(local(ports.shell, '/'));
    expect(shell.status).toBe(200);
    await shell.text();

    await startRemote('survey');
    const again = await fetch(surveyManifest);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ name: 'mfe_survey' });
  });

  it('is not served when skipped, but the runtime config still points at its port', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const devServerPort = (blocker.address() as net.AddressInfo).port;
    try {
      const { ports } = await start({ ports: { ...EPHEMERAL, survey: devServerPort }, skip: ['survey'] });
      const config = (await (await fetch(local(ports.shell, '/runtime-config.json'))).json()) as {
        remotes: Record<string, string>;
      };
      expect(config.remotes.survey).toBe(`http://localhost:${devServerPort}/mf-manifest.json`);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});

describe('startStack', () => {
  it('fails with a clear error naming a port that is already taken, and frees what it opened', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as net.AddressInfo).port;
    try {
      await expect(start({ ports: { ...EPHEMERAL, journey: taken } })).rejects.toThrow(
        `Port ${taken} (the journey remote) is already in use — is npm start already running?`,
      );
      stack = undefined;
      // The shell server opened before the journey failed must be closed again: same port reusable.
      const second = await start({ ports: { ...EPHEMERAL, journey: 0 } });
      expect(second.ports.journey).toBeGreaterThan(0);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it.each([
    ['auth', 'the Auth emulator'],
    ['functions', 'the API host'],
    ['mail', 'the MailDev inbox'],
    ['smtp', "MailDev's SMTP server"],
  ])('checks the %s port (%s) before starting anything', async (name, label) => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(9402, '127.0.0.1', resolve));
    try {
      const ports = { ...EPHEMERAL, auth: 9403, functions: 9404, mail: 9405, smtp: 9406, [name]: 9402 };
      await expect(start({ auth: true, backend: true, ports })).rejects.toMatchObject({
        name: 'PortInUseError',
        port: 9402,
        message: expect.stringContaining(`Port 9402 (${label}) is already in use`),
      });
      stack = undefined;
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('refuses a backend without the Auth emulator, which verifies its sign-ins', async () => {
    await expect(start({ auth: false, backend: true })).rejects.toThrow(
      'The backend verifies sign-ins through the Auth emulator: start it with auth too.',
    );
    stack = undefined;
  });
});
