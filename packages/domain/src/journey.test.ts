import {
  HAND_TICKED_MILESTONES,
  MILESTONE_IDS,
  MILESTONE_OF_ACTION,
  SERVER_FACT_MILESTONES,
  STAGE_NAMES,
  attestedStage,
  buildJourney,
  currentStage,
  isHandTicked,
  milestoneName,
  progressSummary,
  type StoredMilestone,
} from './journey';
import { matchRoute } from './routes';

const completedOf = (stored: StoredMilestone[]) =>
  buildJourney(stored).map((stage) => stage.milestones.map((m) => m.completed));

const stage1Rest = ['update-organisation', 'complete-quickscan', 'view-results', 'invite-team'];
const stage2 = ['view-insights', 'download-actions', 'sign-declaration', 'view-declaration-credential'];
const done = (...ids: string[]) => ids.map((id) => ({ id, completed: true }));

describe('journey shape', () => {
  const journey = buildJourney([]);

  test('five stages in order, linked to /step1../step5', () => {
    expect(journey.map((s) => s.title)).toEqual([...STAGE_NAMES]);
    expect(journey.map((s) => s.link)).toEqual(['/step1', '/step2', '/step3', '/step4', '/step5']);
  });

  test('stages 1 and 2 are unlocked, 3 to 5 locked', () => {
    expect(journey.map((s) => s.unlock)).toEqual([true, true, false, false, false]);
  });

  test.each<[number, Array<[string | undefined, string]>]>([
    [
      0,
      [
        ['sign-up', '/signup'],
        ['update-organisation', '/dashboard/profile'],
        ['complete-quickscan', '/dashboard/assessments'],
        ['view-results', '/dashboard/ready-reckoner'],
        ['invite-team', '/dashboard/users'],
      ],
    ],
    [
      1,
      [
        ['view-insights', '/dashboard/insights'],
        ['download-actions', '/dashboard/insights'],
        ['sign-declaration', '/dashboard/declaration'],
        ['view-declaration-credential', '/dashboard/declaration'],
      ],
    ],
    [
      2,
      [
        [undefined, '/milestone1'],
        [undefined, '/milestone2'],
        [undefined, '/milestone3'],
        [undefined, '/milestone4'],
      ],
    ],
    [
      4,
      [
        [undefined, '/milestone1'],
        [undefined, '/milestone2'],
        [undefined, '/milestone3'],
        [undefined, '/milestone4'],
      ],
    ],
  ])('stage %i milestone ids and links', (index, expected) => {
    expect(journey[index]?.milestones.map((m) => [m.id, m.link])).toEqual(expected);
  });

  test('every stage has copy, an icon and named milestones', () => {
    for (const stage of journey) {
      expect(stage.description.length).toBeGreaterThan(20);
      expect(stage.details.length).toBeGreaterThan(stage.description.length);
      expect(stage.icon).toMatch(/^[a-z-]+$/);
      for (const milestone of stage.milestones) expect(milestone.name).not.toBe('');
    }
  });

  test('every milestone id is listed once and every stage 1-2 link is a route', () => {
    const ids = journey.flatMap((s) => s.milestones.map((m) => m.id)).filter(Boolean);
    expect(ids).toEqual([...MILESTONE_IDS]);
    for (const stage of journey.slice(0, 2)) {
      for (const milestone of stage.milestones) expect(matchRoute(milestone.link)).not.toBeNull();
    }
  });
});

describe('buildJourney (milestones and stages)', () => {
  test.each<[string, StoredMilestone[], boolean[][]]>([
    [
      'defaults: only sign-up is done',
      [],
      [
        [true, false, false, false, false],
        [false, false, false, false],
        ...Array(3).fill([false, false, false, false]),
      ],
    ],
    [
      'stored records are applied by id',
      done('complete-quickscan', 'sign-declaration'),
      [
        [true, false, true, false, false],
        [false, false, true, false],
        ...Array(3).fill([false, false, false, false]),
      ],
    ],
    [
      'a stored record overwrites the sign-up default',
      [{ id: 'sign-up', completed: false }],
      [
        [false, false, false, false, false],
        [false, false, false, false],
        ...Array(3).fill([false, false, false, false]),
      ],
    ],
    [
      'the last record for an id wins',
      [
        { id: 'view-results', completed: true },
        { id: 'view-results', completed: false },
      ],
      [
        [true, false, false, false, false],
        [false, false, false, false],
        ...Array(3).fill([false, false, false, false]),
      ],
    ],
    [
      'unknown ids and malformed records are ignored',
      [{ id: 'milestone1', completed: true }, { id: 'invite-team' } as unknown as StoredMilestone],
      [
        [true, false, false, false, false],
        [false, false, false, false],
        ...Array(3).fill([false, false, false, false]),
      ],
    ],
  ])('%s', (_name, stored, expected) => {
    expect(completedOf(stored)).toEqual(expected);
  });

  test.each<[string, StoredMilestone[], boolean[]]>([
    ['nothing stored', [], [false, false, false, false, false]],
    ['stage 1 complete', done(...stage1Rest), [true, false, false, false, false]],
    ['stage 1 minus one', done(...stage1Rest.slice(1)), [false, false, false, false, false]],
    ['stage 2 complete, stage 1 not', done(...stage2), [false, true, false, false, false]],
    [
      'sign-up revoked undoes stage 1',
      [...done(...stage1Rest), { id: 'sign-up', completed: false }],
      [false, false, false, false, false],
    ],
  ])('stage completion: %s', (_name, stored, expected) => {
    expect(buildJourney(stored).map((s) => s.completed)).toEqual(expected);
  });

  test('each call returns fresh objects', () => {
    const first = buildJourney([]);
    first[0]!.milestones[1]!.completed = true;
    expect(buildJourney([])[0]?.milestones[1]?.completed).toBe(false);
  });
});

describe('progressSummary', () => {
  test.each<[StoredMilestone[], number, number]>([
    [[], 0, 0],
    [done('sign-up', 'invite-team', 'view-insights'), 0, 0],
    [done('update-organisation'), 1, 33],
    [done('update-organisation', 'view-results'), 2, 67],
    [done('update-organisation', 'complete-quickscan', 'view-results'), 3, 100],
    [[...done('complete-quickscan'), { id: 'view-results', completed: false }], 1, 33],
  ])('%j -> %i of 3 (%i%)', (stored, completed, percent) => {
    expect(progressSummary(stored)).toEqual({ completed, total: 3, percent });
  });
});

describe('MILESTONE_OF_ACTION: the milestone each server action sets', () => {
  test.each([
    ['signUp', 'sign-up'],
    ['saveOrganisation', 'update-organisation'],
    ['completeSurvey', 'complete-quickscan'],
    ['openResults', 'view-results'],
    ['inviteTeamMember', 'invite-team'],
  ])('%s sets %s, a stage 1 milestone', (action, milestone) => {
    expect(MILESTONE_OF_ACTION[action as keyof typeof MILESTONE_OF_ACTION]).toBe(milestone);
    expect(MILESTONE_IDS.slice(0, 5)).toContain(milestone);
  });
});

const STAGE_1 = ['sign-up', ...stage1Rest];
const STAGE_2 = stage2;

test.each<[string, StoredMilestone[], string]>([
  ['nothing done', [], 'Initiator'],
  ['stage 1 all but one', done(...STAGE_1.slice(0, -1)), 'Initiator'],
  ['stage 1 done', done(...STAGE_1), 'Explorer'],
  ['stage 2 done but stage 1 not', done(...STAGE_2), 'Initiator'],
  ['stages 1 and 2 done', done(...STAGE_1, ...STAGE_2), 'Implementer'],
  [
    'stage 1 done, one undone again',
    [...done(...STAGE_1), { id: 'invite-team', completed: false }],
    'Initiator',
  ],
])('currentStage: %s -> %s', (_case, stored, expected) => {
  expect(currentStage(stored)).toBe(expected);
});

describe('who sets each milestone', () => {
  test('each milestone is either ticked by hand or a fact the server sets, never both', () => {
    expect([...HAND_TICKED_MILESTONES, ...SERVER_FACT_MILESTONES].sort()).toEqual([...MILESTONE_IDS].sort());
    expect(SERVER_FACT_MILESTONES.filter(isHandTicked)).toEqual([]);
  });

  test.each(Object.entries(MILESTONE_OF_ACTION).filter(([action]) => action !== 'openDeclarationCredential'))(
    '%s records %s, which no one ticks by hand',
    (_action, milestone) => {
      expect(isHandTicked(milestone)).toBe(false);
      expect(SERVER_FACT_MILESTONES).toContain(milestone);
    },
  );

  test('only sharing the credential, which happens outside the product, may be ticked by hand', () => {
    expect(HAND_TICKED_MILESTONES).toEqual(['view-declaration-credential']);
  });

  test('names a milestone as the journey shows it', () => {
    expect(milestoneName('complete-quickscan')).toBe('Complete the Quickscan');
    expect(milestoneName('view-declaration-credential')).toBe('Share your declaration credentials');
  });
});

const recorded = (byHand: boolean, ...ids: string[]) => done(...ids).map((m) => ({ ...m, byHand }));

test.each([
  ['everything recorded by the server', recorded(false, ...STAGE_1, ...STAGE_2), 'Implementer'],
  [
    'the credential shared only by hand',
    [
      ...recorded(false, ...STAGE_1, ...STAGE_2.slice(0, -1)),
      ...recorded(true, 'view-declaration-credential'),
    ],
    'Explorer',
  ],
  [
    'stage 1 by hand (records from before milestones-set was limited)',
    [...recorded(true, ...stage1Rest), ...recorded(false, ...STAGE_2)],
    'Initiator',
  ],
])('attestedStage: %s -> %s', (_case, stored, expected) => {
  expect(attestedStage(stored)).toBe(expected);
});
