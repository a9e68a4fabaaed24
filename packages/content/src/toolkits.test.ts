import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_CONTENT_DIR, loadSeedContent } from './seed';
import { loadToolkits } from './toolkits';

const surveys = loadSeedContent();

function contentWith(toolkits: unknown): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-toolkits-'));
  fs.mkdirSync(path.join(dir, 'catalogue'));
  fs.writeFileSync(path.join(dir, 'catalogue', 'toolkits.json'), JSON.stringify(toolkits));
  return dir;
}

it('loads the two seed toolkits, each with its publisher’s own surveys', () => {
  const toolkits = loadToolkits(DEFAULT_CONTENT_DIR, surveys);
  expect(toolkits.map((toolkit) => [toolkit.name, toolkit.tenantId, toolkit.assessment.id])).toEqual([
    ['quickscan', 'demo-publisher', 'business-quickscan'],
    ['coastal', 'coastal-council', 'coastal-check'],
  ]);
  // Different branding: each publisher's assessment has its own colours.
  expect(new Set(toolkits.map((toolkit) => toolkit.assessment.primaryColor)).size).toBe(2);
});

test.each<[string, Record<string, unknown>, RegExp]>([
  ['an unknown survey', { assessment: 'nope' }, /no seed survey has the id "nope"/],
  [
    'another publisher’s survey',
    { assessment: 'coastal-check' },
    /belongs to coastal-council, not demo-publisher/,
  ],
])('refuses %s', (_name, change, message) => {
  const toolkit = {
    name: 'x',
    title: 'X',
    tenantId: 'demo-publisher',
    assessment: 'business-quickscan',
    ...change,
  };
  expect(() => loadToolkits(contentWith([toolkit]), surveys)).toThrow(message);
});

interface SeedSurvey {
  id: string;
  primaryLogo?: { url: string };
  intro?: { html: string; videos: { url: string }[] };
}

it('names each toolkit’s publisher and gives each of its surveys a logo, an intro and a video of its own', () => {
  const toolkits = loadToolkits(DEFAULT_CONTENT_DIR, surveys);
  expect(toolkits.map((toolkit) => toolkit.publisher)).toEqual([
    'Demo Publisher Business Network',
    'Coastal Council',
  ]);
  // The loader types a survey by what it checks; the seed's surveys carry the rest.
  const offered = [
    ...new Set(
      toolkits.flatMap((toolkit) => [toolkit.assessment, toolkit.publicSurvey ?? toolkit.assessment]),
    ),
  ] as SeedSurvey[];
  expect(offered.map((survey) => survey.id)).toEqual(['business-quickscan', 'quickscan', 'coastal-check']);
  for (const survey of offered) expect(survey.primaryLogo?.url).toMatch(/^\/assets\/.+\.svg$/);
  const intros = offered.map((survey) => survey.intro?.html);
  expect(new Set(intros).size).toBe(offered.length);
  const videos = offered.map((survey) => survey.intro?.videos[0]?.url);
  expect(videos.every(Boolean)).toBe(true);
  expect(new Set(videos).size).toBe(offered.length);
});
