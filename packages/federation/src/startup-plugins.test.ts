import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { COMPILE_HINT, CompileHintsPlugin } from './startup-plugins';

// A real production build of three modules: the entry, a chunk it opens at start-up, and a chunk
// that chunk opens later (as a screen would be).
const FIXTURE: Record<string, string> = {
  'entry.js': "import('./start').then((m) => m.start());",
  'start.js': "export function start() { console.log('start-marker'); return import('./later'); }",
  'later.js': "export function later() { console.log('later-marker'); }",
};

let dir: string;
let files: Record<string, string>;

function fileWith(marker: string): string {
  const name = Object.keys(files).find((file) => file.endsWith('.js') && files[file]!.includes(marker));
  if (!name) throw new Error(`no output file contains ${marker}`);
  return name;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'startup-plugins-'));
  for (const [name, text] of Object.entries(FIXTURE)) fs.writeFileSync(path.join(dir, name), text);
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: './entry.js',
    devtool: 'source-map',
    output: { path: path.join(dir, 'dist'), filename: '[name].[contenthash:8].js' },
    plugins: [new CompileHintsPlugin()],
  });
  const stats = await new Promise<webpack.Stats>((resolve, reject) =>
    compiler.run((error, result) => (error || !result ? reject(error) : resolve(result))),
  );
  await new Promise((resolve) => compiler.close(resolve));
  if (stats.hasErrors()) throw new Error(stats.toString('errors-only'));
  files = Object.fromEntries(
    fs
      .readdirSync(path.join(dir, 'dist'))
      .map((file) => [file, fs.readFileSync(path.join(dir, 'dist', file), 'utf8')]),
  );
}, 60_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('CompileHintsPlugin', () => {
  it('marks the entry and the chunks it opens at start-up for eager compilation', () => {
    const entry = Object.keys(files).find((file) => /^main\..*\.js$/.test(file))!;
    expect(files[entry]!.startsWith(COMPILE_HINT)).toBe(true);
    expect(files[fileWith('start-marker')]!.startsWith(COMPILE_HINT)).toBe(true);
  });

  it('leaves chunks loaded later to lazy compilation', () => {
    expect(files[fileWith('later-marker')]).not.toContain(COMPILE_HINT.trim());
  });

  it('keeps source maps in step: the hint line maps to nothing and the code still maps', () => {
    const map = JSON.parse(files[`${fileWith('start-marker')}.map`]!) as { mappings: string };
    const [hintLine, codeLine] = map.mappings.split(';');
    expect(hintLine).toBe('');
    expect(codeLine).not.toBe('');
  });
});
