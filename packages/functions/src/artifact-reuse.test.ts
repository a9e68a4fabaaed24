// bin/build-artifact.mjs keeps a folder built from the same files and builds again when any of them
// changed. Run here on a package of two small modules laid out as the workspace lays out
// packages/functions (the script copied to its bin/), so no build of the real one is waited for.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '../../..');
let root: string;
let packageDir: string;
const deployed = () => path.join(packageDir, 'deploy/index.js');

/** Runs the builder as `npm run build` does; answers the line it printed. */
function build(...args: string[]): string {
  return execFileSync(process.execPath, ['bin/build-artifact.mjs', ...args], {
    cwd: packageDir,
    encoding: 'utf8',
  }).trim();
}

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'functions-artifact-reuse-'));
  packageDir = path.join(root, 'packages/functions');
  fs.mkdirSync(path.join(packageDir, 'bin'), { recursive: true });
  fs.mkdirSync(path.join(packageDir, 'src'));
  // esbuild, which the script imports, is found through the workspace's node_modules.
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  fs.copyFileSync(
    path.join(__dirname, '../bin/build-artifact.mjs'),
    path.join(packageDir, 'bin/build-artifact.mjs'),
  );
  fs.writeFileSync(
    path.join(packageDir, 'package.json'),
    JSON.stringify({ dependencies: { 'firebase-admin': '^13.0.0', 'firebase-functions': '^7.0.0' } }),
  );
  fs.writeFileSync(
    path.join(packageDir, 'src/index.ts'),
    "import { greeting } from './greeting';\nexport const hello = (): string => greeting;\n",
  );
  fs.writeFileSync(path.join(packageDir, 'src/greeting.ts'), "export const greeting: string = 'first';\n");
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

it('reuses an up-to-date build, and builds again when an input changed or when forced', () => {
  expect(build()).toMatch(/^functions artifact: deploy rebuilt, no earlier build /);
  const built = fs.statSync(deployed()).mtimeMs;

  expect(build()).toBe('functions artifact: deploy up to date, reused');
  // A file touched but not changed is still the same input.
  const later = new Date(Date.now() + 5_000);
  fs.utimesSync(path.join(packageDir, 'src/greeting.ts'), later, later);
  expect(build()).toBe('functions artifact: deploy up to date, reused');
  expect(fs.statSync(deployed()).mtimeMs).toBe(built);

  fs.writeFileSync(path.join(packageDir, 'src/greeting.ts'), "export const greeting: string = 'second';\n");
  expect(build()).toMatch(
    /^functions artifact: deploy rebuilt, packages\/functions\/src\/greeting\.ts changed /,
  );
  expect(fs.readFileSync(deployed(), 'utf8')).toContain('"second"');
  expect(build()).toBe('functions artifact: deploy up to date, reused');

  expect(build('--force')).toMatch(/^functions artifact: deploy rebuilt, --force /);
});

it('builds again when the output was changed, or the package.json or a tsconfig.json it read', () => {
  build();
  fs.appendFileSync(deployed(), '// edited by hand\n');
  expect(build()).toMatch(
    /^functions artifact: deploy rebuilt, packages\/functions\/deploy\/index\.js changed /,
  );
  expect(fs.readFileSync(deployed(), 'utf8')).not.toContain('edited by hand');

  fs.writeFileSync(
    path.join(packageDir, 'package.json'),
    JSON.stringify({ dependencies: { 'firebase-admin': '^13.9.0', 'firebase-functions': '^7.0.0' } }),
  );
  expect(build()).toMatch(/^functions artifact: deploy rebuilt, packages\/functions\/package\.json changed /);

  fs.writeFileSync(path.join(packageDir, 'tsconfig.json'), '{}\n');
  expect(build()).toMatch(/^functions artifact: deploy rebuilt, packages\/functions\/tsconfig\.json is new /);
  expect(build()).toBe('functions artifact: deploy up to date, reused');
});
