import {
  DERIVED_MILESTONES,
  HAND_TICKED_MILESTONES,
  MILESTONE_IDS,
  MILESTONE_OF_ACTION,
  SERVER_FACT_MILESTONES,
  STAGE_NAMES,
  attestedStage,
  buildJourney,
  currentStage,
  derivedMilestones,
  isHandTicked,
  milestoneName,
  progressSummary,
  type OrganisationFacts,
  type StoredMilestone,
} from './journey';
import type { ResultScore } from './survey';
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

  test('stages 1 and 2 are unlocked, 3 to 5 locked, when nothing is done', () => {
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
        ['half-actions-done', '/dashboard/actions'],
        ['second-assessment', '/dashboard/assessments'],
        ['score-rose', '/dashboard/ready-reckoner'],
      ],
    ],
    [
      3,
      [
        ['materiality-assessed', '/dashboard/materiality'],
        ['own-action', '/dashboard/actions'],
        ['team-of-three', '/dashboard/users'],
      ],
    ],
    [
      4,
      [
        ['sections-good', '/dashboard/ready-reckoner'],
        ['declaration-resigned', '/dashboard/declaration'],
        ['leader-credential-shared', '/dashboard/declaration'],
        ['result-verified', '/dashboard/evidence'],
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

  test('every milestone id is listed once, every link is a route, and no name is a placeholder', () => {
    const ids = journey.flatMap((s) => s.milestones.map((m) => m.id));
    expect(ids).toEqual([...MILESTONE_IDS]);
    for (const stage of journey) {
      for (const milestone of stage.milestones) {
        expect(matchRoute(milestone.link)).not.toBeNull();
        expect(milestone.name).not.toMatch(/^Milestone \d/);
      }
    }
  });

  test('stages 3 to 5 are derived by the server, never ticked by hand', () => {
    expect(journey.slice(2).flatMap((s) => s.milestones.map((m) => m.id))).toEqual([...DERIVED_MILESTONES]);
    expect(DERIVED_MILESTONES.filter(isHandTicked)).toEqual([]);
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
        [false, false, false],
        [false, false, false],
        [false, false, false, false],
      ],
    ],
    [
      'stored records are applied by id',
      done('complete-quickscan', 'sign-declaration'),
      [
        [true, false, true, false, false],
        [false, false, true, false],
        [false, false, false],
        [false, false, false],
        [false, false, false, false],
      ],
    ],
    [
      'a stored record overwrites the sign-up default',
      [{ id: 'sign-up', completed: false }],
      [
        [false, false, false, false, false],
        [false, false, false, false],
        [false, false, false],
        [false, false, false],
        [false, false, false, false],
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
        [false, false, false],
        [false, false, false],
        [false, false, false, false],
      ],
    ],
    [
      'unknown ids and malformed records are ignored',
      [{ id: 'milestone1', completed: true }, { id: 'invite-team' } as unknown as StoredMilestone],
      [
        [true, false, false, false, false],
        [false, false, false, false],
        [false, false, false],
        [false, false, false],
        [false, false, false, false],
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

describe('progressSummary: every milestone of the five stages', () => {
  const all = MILESTONE_IDS.length;
  test.each<[string, StoredMilestone[], number, number]>([
    ['nothing stored (sign-up is done by default)', [], 1, 5],
    ['stage 1 done', done(...stage1Rest), 5, 26],
    ['stages 1 and 2 done: far from 100%', done(...stage1Rest, ...stage2), 9, 47],
    ['all but one', done(...MILESTONE_IDS.slice(0, -1)), all - 1, 94],
    ['everything', done(...MILESTONE_IDS), all, 100],
  ])('%s -> %i milestones (%i%)', (_name, stored, completed, percent) => {
    expect(progressSummary(stored)).toEqual({ completed, total: all, percent });
  });

  test('never 100% while a milestone remains', () => {
    for (const left of MILESTONE_IDS) {
      const stored = [...done(...MILESTONE_IDS), { id: left, completed: false }];
      expect(progressSummary(stored).percent).toBeLessThan(100);
    }
  });
});

describe('unlocking and plans', () => {
  test('a later stage opens once every stage before it is completed', () => {
    const unlocked = (stored: StoredMilestone[]) => buildJourney(stored).map((s) => s.unlock);
    expect(unlocked(done(...stage1Rest))).toEqual([true, true, false, false, false]);
    expect(unlocked(done(...stage1Rest, ...stage2))).toEqual([true, true, true, false, false]);
    expect(unlocked(done(...stage2))).toEqual([true, true, false, false, false]);
  });

  test('a milestone outside the plan names the plan that brings it and links to the plans', () => {
    const stage4 = buildJourney([
      { id: 'materiality-assessed', completed: false, outsidePlan: true },
      { id: 'own-action', completed: true, outsidePlan: true },
      { id: 'team-of-three', completed: false, outsidePlan: true },
    ])[3]!;
    expect(stage4.milestones.map((m) => [m.id, m.includedIn, m.link, m.completed])).toEqual([
      ['materiality-assessed', 'Leader', '/dashboard/plans', false],
      // Done before the plan changed: it stays done.
      ['own-action', null, '/dashboard/actions', true],
      // Not a plan's feature: shown as any milestone.
      ['team-of-three', null, '/dashboard/users', false],
    ]);
  });
});

const score = (overall: number, sections: number[]): ResultScore => ({
  overall: { points: overall, max: 100, percent: overall },
  sections: sections.map((percent, sectionIndex) => ({
    sectionIndex,
    title: `S${sectionIndex}`,
    points: percent,
    max: 100,
    percent,
    weight: 1,
  })),
  band: null,
});

const NO_FACTS: OrganisationFacts = {
  completedScores: [],
  plannedStatuses: [],
  materialityRated: false,
  ownActions: 0,
  members: 1,
  credential: null,
  resultVerified: false,
};
const ticked = (facts: Partial<OrganisationFacts>) =>
  derivedMilestones({ ...NO_FACTS, ...facts })
    .filter((m) => m.completed)
    .map((m) => m.id);

describe('derivedMilestones: facts of stages 3 to 5', () => {
  test('nothing done derives every one of them as not done', () => {
    expect(derivedMilestones(NO_FACTS)).toEqual(DERIVED_MILESTONES.map((id) => ({ id, completed: false })));
  });

  test.each<[string, Partial<OrganisationFacts>, string[]]>([
    ['one of three actions done', { plannedStatuses: ['done', 'doing', 'todo'] }, []],
    [
      'two of four actions done',
      { plannedStatuses: ['done', 'done', 'todo', 'doing'] },
      ['half-actions-done'],
    ],
    ['one completed result', { completedScores: [[score(50, [50])]] }, []],
    [
      'a second result with a lower score',
      { completedScores: [[score(50, [50]), score(40, [40])]] },
      ['second-assessment'],
    ],
    [
      'a second result with a higher score',
      { completedScores: [[score(40, [40]), score(50, [50])]] },
      ['second-assessment', 'score-rose'],
    ],
    ['a materiality assessment', { materialityRated: true }, ['materiality-assessed']],
    ['an own action', { ownActions: 1 }, ['own-action']],
    ['two members', { members: 2 }, []],
    ['three members', { members: 3 }, ['team-of-three']],
    ['a section below good in the latest', { completedScores: [[score(80, [90, 69.9])]] }, []],
    [
      'every section good in the latest',
      { completedScores: [[score(40, [10]), score(80, [90, 70])]] },
      ['second-assessment', 'score-rose', 'sections-good'],
    ],
    ['an Explorer credential shared', { credential: { stage: 'Explorer', shared: true } }, []],
    ['a Leader credential', { credential: { stage: 'Leader', shared: false } }, ['declaration-resigned']],
    [
      'a Leader credential shared',
      { credential: { stage: 'Leader', shared: true } },
      ['declaration-resigned', 'leader-credential-shared'],
    ],
    ['a result verified by the publisher', { resultVerified: true }, ['result-verified']],
  ])('%s', (_name, facts, expected) => {
    expect(ticked(facts)).toEqual(expected);
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
