// Builds the first-slide bench's peer pages into .bench/peers/<name>/ (index.html, main.js,
// main.css, and the JSON each fetches: survey.json, slide.json): minified production bundles made by
// esbuild, the same for both.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { FloorSlide } from './floor-page';
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

/** Where a survey's first question that takes an answer is (one item a slide, 1-based), and what it asks. */
export interface FirstQuestion {
  sectionId: number;
  slide: number;
  id: string;
  title: string;
  helperText: string;
  kind: FloorSlide['kind'];
  options: string[];
}

/**
 * The first question a respondent can answer (a content slide asks nothing). The bench answers a
 * text field (typing) or single-choice options (a tap) only; any other first question is an error
 * to fix here, not a figure to skip.
 */
export function firstQuestion(survey: OurSurvey): FirstQuestion {
  for (const section of survey.sections) {
    for (const [index, item] of section.questions.entries()) {
      if (item.type === 'content') continue;
      const kind = item.type === 'comment' ? 'text' : item.type === 'multipleChoice' ? 'options' : null;
      if (!kind)
        throw new Error(
          `The first question (${item.id}) is a ${item.type}: the bench answers text and options`,
        );
      return {
        sectionId: section.id,
        slide: index + 1,
        id: item.id,
        title: item.title,
        helperText: item.helperText ?? '',
        kind,
        options: (item.options ?? []).map((option) => option.label),
      };
    }
  }
  throw new Error('The survey asks no question');
}

async function bundle(name: string, entry: string, data: Record<string, unknown>): Promise<void> {
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
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  for (const [file, value] of Object.entries(data))
    fs.writeFileSync(path.join(outdir, file), JSON.stringify(value));
  const css = fs.existsSync(path.join(outdir, 'main.css'));
  fs.writeFileSync(path.join(outdir, 'index.html'), page(name, css));
}

export async function buildPeers(): Promise<void> {
  const quickscan = readQuickscan();
  const { id, title, helperText, kind, options } = firstQuestion(quickscan);
  // A text answer enters SurveyJS's model as it is typed (its default waits for the field to lose
  // focus), as ours enters the app's state: "answered" then means the same for both.
  const surveyJs = { ...toSurveyJs(quickscan), textUpdateMode: 'onTyping' };
  await bundle('surveyjs', 'surveyjs-page.tsx', { 'survey.json': surveyJs });
  const slide: FloorSlide = { id, title, helperText, kind, options };
  await bundle('floor', 'floor-page.tsx', { 'slide.json': slide });
}
