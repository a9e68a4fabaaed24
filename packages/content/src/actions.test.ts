import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadActions } from './actions';
import { DEFAULT_CONTENT_DIR, loadSeedContent } from './seed';

const surveys = loadSeedContent();

/** A content folder holding only the given catalogue (checked against the seed surveys). */
function contentWith(catalogue: unknown): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-actions-'));
  fs.mkdirSync(path.join(dir, 'catalogue'));
  fs.writeFileSync(path.join(dir, 'catalogue', 'actions.json'), JSON.stringify(catalogue));
  return dir;
}

const ACTION = {
  id: 'a1',
  title: 'Do it',
  summary: 'Why',
  topic: 'CLIMATE',
  effort: 'LOW',
  impact: 'HIGH',
  addresses: [{ questionId: 'energy-tracking', atMost: 1 }],
};

it('loads the seed catalogue: at least ten actions over every ESG topic', () => {
  const actions = loadActions(DEFAULT_CONTENT_DIR, surveys);
  expect(actions.length).toBeGreaterThanOrEqual(10);
  expect(new Set(actions.map((action) => action.topic))).toEqual(
    new Set(['CLIMATE', 'CIRCULARITY', 'PEOPLE', 'COMMUNITY', 'GOVERNANCE']),
  );
});

test.each<[string, Record<string, unknown>, RegExp]>([
  [
    'an unknown question',
    { addresses: [{ questionId: 'nope', atMost: 1 }] },
    /no seed survey has a question "nope"/,
  ],
  [
    'an unknown option',
    { addresses: [{ questionId: 'renewable-electricity', anyOf: ['wind'] }] },
    /question "renewable-electricity" has no option "wind"/,
  ],
  [
    'two conditions',
    { addresses: [{ questionId: 'energy-tracking', atMost: 1, anyOf: [] }] },
    /give exactly one condition/,
  ],
  ['an unknown topic', { topic: 'WEATHER' }, /"WEATHER" is not one of CLIMATE/],
])('refuses %s, naming the file and place', (_name, change, message) => {
  const dir = contentWith([{ ...ACTION, ...change }]);
  expect(() => loadActions(dir, surveys)).toThrow(message);
});

it('refuses an action id used twice', () => {
  const dir = contentWith([ACTION, ACTION]);
  expect(() => loadActions(dir, surveys)).toThrow(/action id "a1" is used twice/);
});
