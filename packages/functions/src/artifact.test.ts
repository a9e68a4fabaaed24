// The deploy artifact as `npm run build` makes it, split so that each function loads its own handler:
// exceljs, which only the results export uses, is loaded by that function alone.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const packageDir = path.resolve(__dirname, '..');
let out: string;

beforeAll(() => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), 'functions-artifact-test-'));
  execFileSync(process.execPath, ['bin/build-artifact.mjs', '--out', out], {
    cwd: packageDir,
    stdio: 'pipe',
  });
}, 120_000);
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

/** A module with the modules it imports statically, transitively: what loading it loads. */
function loadedWith(file: string): string[] {
  const seen = new Set<string>();
  const pending = [file];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    for (const [, specifier] of fs.readFileSync(next, 'utf8').matchAll(/(?:from|import)\s*"(\.[^"]+)"/g))
      pending.push(path.resolve(path.dirname(next), specifier!));
  }
  return [...seen];
}

/** Whether any of the files holds bundled code of the package (esbuild marks each input's start). */
const holds = (files: string[], name: string) =>
  files.some((file) => new RegExp(`^// .*node_modules/${name}/`, 'm').test(fs.readFileSync(file, 'utf8')));

it('loads exceljs with the results export only, neither at start nor with any other handler', () => {
  const index = path.join(out, 'index.js');
  expect(JSON.parse(fs.readFileSync(path.join(out, 'package.json'), 'utf8')).type).toBe('module');
  expect(holds(loadedWith(index), 'exceljs')).toBe(false);
  const handlers = [...fs.readFileSync(index, 'utf8').matchAll(/import\("(\.\/chunks\/[^"]+)"\)/g)].map(
    ([, chunk]) => path.resolve(out, chunk!),
  );
  expect(handlers.length).toBeGreaterThan(70);
  const withExcel = handlers.filter((chunk) => holds(loadedWith(chunk), 'exceljs'));
  expect(withExcel.map((chunk) => path.basename(chunk).replace(/-\w+\.js$/, ''))).toEqual(['export-results']);
});

it("loads Stripe's SDK on a billing function's first use of Stripe only: neither at start nor with any handler", () => {
  const index = path.join(out, 'index.js');
  expect(holds(loadedWith(index), 'stripe')).toBe(false);
  const chunks = [...fs.readFileSync(index, 'utf8').matchAll(/import\("(\.\/chunks\/[^"]+)"\)/g)].map(
    ([, chunk]) => path.resolve(out, chunk!),
  );
  const withStripe = chunks.filter((chunk) => holds(loadedWith(chunk), 'stripe'));
  expect(withStripe.map((chunk) => path.basename(chunk).replace(/-\w+\.js$/, ''))).toEqual([
    'stripe-billing',
  ]);
});
