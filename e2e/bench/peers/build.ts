// Builds the first-slide bench's peer pages into .bench/peers/<name>/ (index.html, main.js,
// main.css): minified production bundles made by esbuild, the same for both.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { toSurveyJs, type OurSurvey } from './to-surveyjs';

const root = path.resolve(__dirname, '../../..');
export const PEERS_DIR = path.join(root, '.bench', 'peers');

const page = (title: string, css: boolean) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    ${css ? '<link rel="stylesheet" href="main.css" />' : ''}
    <script defer src="main.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** The Quickscan as served by our content service, for both peers. */
export function readQuickscan(): OurSurvey {
  return JSON.parse(
    fs.readFileSync(path.join(root, 'packages/content/content/quickscan.json'), 'utf8'),
  ) as OurSurvey;
}

async function bundle(name: string, entry: string, define: Record<string, unknown>): Promise<void> {
  const outdir = path.join(PEERS_DIR, name);
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: { main: path.join(__dirname, entry) },
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    jsx: 'automatic',
    outdir,
    logLevel: 'warning',
    define: {
      'process.env.NODE_ENV': '"production"',
      ...Object.fromEntries(Object.entries(define).map(([key, value]) => [key, JSON.stringify(value)])),
    },
  });
  const css = fs.existsSync(path.join(outdir, 'main.css'));
  fs.writeFileSync(path.join(outdir, 'index.html'), page(name, css));
}

export async function buildPeers(): Promise<void> {
  const quickscan = readQuickscan();
  const first = quickscan.sections[0]?.questions[0];
  await bundle('surveyjs', 'surveyjs-page.tsx', { SURVEY_JSON: toSurveyJs(quickscan) });
  await bundle('floor', 'floor-page.tsx', {
    FIRST_SLIDE: { title: first?.title ?? '', information: first?.information ?? '' },
  });
}
