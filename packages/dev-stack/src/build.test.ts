import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { App } from './apps';
import { ensureBuilt, STAMP_FILE } from './build';

type Job = { name: string; dir: string; root: string; app: App };

const APPS: App[] = [
  { name: 'shell', dir: 'shell', port: 3000, kind: 'host' },
  { name: 'survey', dir: 'mfe-survey', port: 3001, kind: 'remote' },
  { name: 'dashboard', dir: 'mfe-dashboard', port: 3002, kind: 'remote' },
];

const LONG_AGO = new Date(Date.now() - 3_600_000);

let root: string;

function write(relative: string, content = 'x', mtime: Date = LONG_AGO): void {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  fs.utimesSync(file, mtime, mtime);
}

/** A later save than any build in the test: mtimes are set, not slept for. */
function touchLater(relative: string): void {
  const later = new Date(Date.now() + 60_000);
  fs.utimesSync(path.join(root, relative), later, later);
}

function fakeBuilder() {
  const builds: string[] = [];
  const buildApp = async ({ dir, app }: Job) => {
    builds.push(app.dir);
    fs.mkdirSync(path.join(dir, 'dist'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'dist', 'index.html'), '<!doctype html>');
  };
  return { builds, buildApp };
}

async function run(options: Record<string, unknown> = {}) {
  const lines: string[] = [];
  const result = await ensureBuilt({ root, apps: APPS, log: (line: string) => lines.push(line), ...options });
  return { ...result, lines };
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-stack-build-'));
  for (const app of APPS) {
    write(`${app.dir}/src/index.ts`);
    write(`${app.dir}/webpack.config.js`);
    write(`${app.dir}/package.json`, '{}');
  }
  for (const pkg of ['domain', 'store-contract', 'ui', 'platform', 'parcel', 'federation']) {
    write(`packages/${pkg}/src/index.ts`);
  }
  write('packages/server/src/index.ts');
});

afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('ensureBuilt', () => {
  it('builds every app without a build stamp, writes the stamp, and reports progress per app', async () => {
    const { builds, buildApp } = fakeBuilder();
    const { built, upToDate, lines } = await run({ buildApp });

    expect(builds.sort()).toEqual(['mfe-dashboard', 'mfe-survey', 'shell']);
    expect(built.sort()).toEqual(['mfe-dashboard', 'mfe-survey', 'shell']);
    expect(upToDate).toEqual([]);
    for (const app of APPS) {
      const stamp = JSON.parse(fs.readFileSync(path.join(root, app.dir, 'dist', STAMP_FILE), 'utf8'));
      expect(typeof stamp.startedAt).toBe('number');
    }
    expect(lines).toContain('building mfe-survey… (no build yet)');
    expect(lines.some((line) => /^mfe-survey built in \d+\.\d s$/.test(line))).toBe(true);
  });

  it('builds nothing when nothing changed since the last build', async () => {
    await run({ buildApp: fakeBuilder().buildApp });
    const { builds, buildApp } = fakeBuilder();
    const { built, upToDate, lines } = await run({ buildApp });

    expect(builds).toEqual([]);
    expect(built).toEqual([]);
    expect(upToDate.sort()).toEqual(['mfe-dashboard', 'mfe-survey', 'shell']);
    expect(lines).toContain('shell up to date');
  });

  it.each([
    ['a file under its src/', 'mfe-survey/src/index.ts'],
    ['its webpack.config.js', 'mfe-survey/webpack.config.js'],
    ['its package.json', 'mfe-survey/package.json'],
  ])('rebuilds only the app whose %s changed', async (_what, file) => {
    await run({ buildApp: fakeBuilder().buildApp });
    touchLater(file);
    const { builds, buildApp } = fakeBuilder();
    const { lines } = await run({ buildApp });

    expect(builds).toEqual(['mfe-survey']);
    expect(lines).toContain(`building mfe-survey… (${file} changed)`);
  });

  it('rebuilds an app when a new file appears deep under its src/', async () => {
    await run({ buildApp: fakeBuilder().buildApp });
    write('shell/src/routes/deep/new-page.tsx', 'x', new Date(Date.now() + 60_000));
    const { builds, buildApp } = fakeBuilder();
    await run({ buildApp });

    expect(builds).toEqual(['shell']);
  });

  it('rebuilds every app when a shared package changes, and ignores packages apps do not bundle', async () => {
    await run({ buildApp: fakeBuilder().buildApp });
    touchLater('packages/server/src/index.ts');
    const untouched = fakeBuilder();
    await run({ buildApp: untouched.buildApp });
    expect(untouched.builds).toEqual([]);

    touchLater('packages/platform/src/index.ts');
    const { builds, buildApp } = fakeBuilder();
    await run({ buildApp });
    expect(builds.sort()).toEqual(['mfe-dashboard', 'mfe-survey', 'shell']);
  });

  it('rebuilds only the apps that bundle a changed workspace package of their own', async () => {
    write(
      'mfe-dashboard/package.json',
      JSON.stringify({ dependencies: { '@toolkit/journey-view': '0.1.0' } }),
    );
    write('packages/journey-view/src/index.ts');
    await run({ buildApp: fakeBuilder().buildApp });
    touchLater('packages/journey-view/src/index.ts');
    const { builds, buildApp } = fakeBuilder();
    await run({ buildApp });
    expect(builds).toEqual(['mfe-dashboard']);
  });

  it('ignores changes under node_modules and dist', async () => {
    await run({ buildApp: fakeBuilder().buildApp });
    write('mfe-survey/src/node_modules/pkg/index.js', 'x', new Date(Date.now() + 60_000));
    const { builds, buildApp } = fakeBuilder();
    await run({ buildApp });
    expect(builds).toEqual([]);
  });

  it('ignores test files, which are never bundled, but not the code beside them', async () => {
    await run({ buildApp: fakeBuilder().buildApp });
    write('mfe-survey/src/App.test.tsx', 'x', new Date(Date.now() + 60_000));
    write('packages/domain/src/guards.test.ts', 'x', new Date(Date.now() + 60_000));
    const untouched = fakeBuilder();
    await run({ buildApp: untouched.buildApp });
    expect(untouched.builds).toEqual([]);

    write('mfe-survey/src/App.tsx', 'x', new Date(Date.now() + 60_000));
    const { builds, buildApp } = fakeBuilder();
    await run({ buildApp });
    expect(builds).toEqual(['mfe-survey']);
  });

  it('rebuilds everything with force, and leaves skipped apps alone', async () => {
    await run({ buildApp: fakeBuilder().buildApp });
    const { builds, buildApp } = fakeBuilder();
    await run({ buildApp, force: true, skip: ['survey'] });
    expect(builds.sort()).toEqual(['mfe-dashboard', 'shell']);
  });

  it('runs at most two builds at a time', async () => {
    let running = 0;
    let most = 0;
    const buildApp = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 30));
      running -= 1;
    };
    const apps: App[] = [...APPS, { name: 'journey', dir: 'mfe-journey', port: 3003, kind: 'remote' }];
    await run({ buildApp, apps });
    expect(most).toBe(2);
  });

  it('rejects with the app name and the tail of the build output, and writes no stamp for it', async () => {
    const buildApp = async ({ app, dir }: Job) => {
      if (app.name === 'survey') {
        throw Object.assign(new Error('webpack exited with code 1'), {
          output: "ERROR in ./src/mount.tsx\nModule not found: Error: Can't resolve './missing'",
        });
      }
      fs.mkdirSync(path.join(dir, 'dist'), { recursive: true });
    };
    const lines: string[] = [];
    const failure = ensureBuilt({ root, apps: APPS, buildApp, log: (line: string) => lines.push(line) });

    await expect(failure).rejects.toMatchObject({ name: 'BuildError', app: 'mfe-survey' });
    await expect(failure).rejects.toThrow(
      /mfe-survey failed to build: webpack exited with code 1[\s\S]*Can't resolve '.\/missing'/,
    );
    expect(fs.existsSync(path.join(root, 'mfe-survey', 'dist', STAMP_FILE))).toBe(false);
    expect(lines).toContain('mfe-survey failed to build');
  });

  it("tells onProgress each app folder's state as it changes, a failure included", async () => {
    await run({ buildApp: fakeBuilder().buildApp });
    touchLater('mfe-survey/src/index.ts');
    touchLater('mfe-dashboard/src/index.ts');
    const states: string[] = [];
    const buildApp = async ({ app }: Job) => {
      if (app.name === 'dashboard') throw new Error('boom');
    };
    await expect(
      run({
        buildApp,
        concurrency: 1,
        onProgress: (app: string, state: string) => states.push(`${app} ${state}`),
      }),
    ).rejects.toThrow(/mfe-dashboard failed to build: boom/);
    expect(states).toEqual([
      'shell up to date',
      'mfe-survey building',
      'mfe-survey built',
      'mfe-dashboard building',
      'mfe-dashboard failed',
    ]);
  });

  it('starts no new build after a failure', async () => {
    const started: string[] = [];
    const buildApp = async ({ app }: Job) => {
      started.push(app.dir);
      throw new Error('boom');
    };
    await expect(run({ buildApp, concurrency: 1 })).rejects.toThrow(/shell failed to build: boom/);
    expect(started).toEqual(['shell']);
  });
});
