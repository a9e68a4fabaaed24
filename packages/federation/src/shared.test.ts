import fs from 'node:fs';
import path from 'node:path';
import { REMOTES, SHELL } from './apps';
import { SLIM_SHARED, sharedSingletons, slimSharedAliases } from './shared';
import { createWebpackConfig } from './webpack-config';

const root = path.resolve(__dirname, '../../..');
const APP_SOURCES = [
  'shell/src',
  'mfe-survey/src',
  'mfe-dashboard/src',
  'mfe-journey/src',
  'mfe-billing/src',
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Value (not type-only) names imported from `pkg` in the given files. */
function importedNames(files: string[], pkg: string): Set<string> {
  const names = new Set<string>();
  const pattern = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s*from\\s*'${pkg}'`, 'g');
  for (const file of files) {
    for (const [, typeOnly, list] of fs.readFileSync(file, 'utf8').matchAll(pattern)) {
      if (typeOnly) continue;
      for (const item of (list ?? '').split(',')) {
        const name = item.trim().split(/\s+as\s+/)[0] ?? '';
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return names;
}

function slimExports(file: string): Set<string> {
  const list = /export\s*\{([^}]*)\}/.exec(fs.readFileSync(file, 'utf8'))?.[1] ?? '';
  return new Set(
    list
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

describe('slim shared packages', () => {
  const packagesDir = path.join(root, 'packages');
  const files = [
    ...APP_SOURCES.map((dir) => path.join(root, dir)),
    ...fs.readdirSync(packagesDir).map((pkg) => path.join(packagesDir, pkg, 'src')),
  ]
    .filter((dir) => fs.existsSync(dir))
    .flatMap(sourceFiles);

  it.each(Object.entries(SLIM_SHARED))(
    'the shared %s module exports every name the apps import from it',
    (pkg, slim) => {
      const used = importedNames(files, pkg);
      expect(used.size).toBeGreaterThan(0);
      const missing = [...used].filter((name) => !slimExports(slim.import).has(name));
      expect(missing).toEqual([]);
    },
  );

  it('shares the slim module under the package name, as a singleton', () => {
    const shared = sharedSingletons({});
    for (const [pkg, slim] of Object.entries(SLIM_SHARED)) {
      expect(shared[pkg]).toMatchObject({ singleton: true, import: slim.import });
    }
  });

  it('resolves each slim module’s package to an ES module build that exists', () => {
    for (const production of [true, false]) {
      for (const target of Object.values(slimSharedAliases(production))) {
        expect(target).toMatch(/\.mjs$/);
        expect(fs.existsSync(target)).toBe(true);
      }
    }
  });
});

describe('contract packages', () => {
  it('are shared as singletons only with the apps that depend on them', () => {
    const dependencies = (app: string) =>
      (
        JSON.parse(fs.readFileSync(path.join(root, app, 'package.json'), 'utf8')) as {
          dependencies: Record<string, string>;
        }
      ).dependencies;
    expect(sharedSingletons(dependencies('mfe-dashboard'))['@toolkit/data']).toMatchObject({
      singleton: true,
    });
    // The survey path (shell and survey remote) never registers the data layer.
    expect(sharedSingletons(dependencies('shell'))).not.toHaveProperty('@toolkit/data');
    expect(sharedSingletons(dependencies('mfe-survey'))).not.toHaveProperty('@toolkit/data');
    expect(sharedSingletons(dependencies('mfe-survey'))['@toolkit/ui']).toMatchObject({ singleton: true });
  });
});

describe('where the singletons are', () => {
  /** The shared table an app's production build declares to Module Federation. */
  function sharedOf(app: 'shell' | 'mfe-dashboard'): Record<string, { eager?: boolean }> {
    const dir = path.join(root, app);
    const config = createWebpackConfig(
      app === 'shell' ? { ...SHELL, dir, kind: 'host' } : { ...REMOTES.dashboard, dir, kind: 'remote' },
    )({}, { mode: 'production' });
    const federation = config.plugins?.find(
      (plugin) => plugin?.constructor.name === 'ModuleFederationPlugin',
    ) as { _options: { shared: Record<string, { eager?: boolean }> } } | undefined;
    return federation?._options.shared ?? {};
  }

  it('the shell provides every one from its entry chunk, so its start-up is one file, not one per package', () => {
    const shared = Object.entries(sharedOf('shell'));
    expect(shared.length).toBeGreaterThan(0);
    expect(shared.filter(([, entry]) => entry.eager !== true).map(([name]) => name)).toEqual([]);
  });

  it('a remote loads none of its own at start: it takes the shell’s copies when asked', () => {
    const shared = Object.entries(sharedOf('mfe-dashboard'));
    expect(shared.length).toBeGreaterThan(0);
    expect(shared.filter(([, entry]) => entry.eager).map(([name]) => name)).toEqual([]);
  });
});
