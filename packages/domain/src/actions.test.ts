import {
  answerChange,
  planProgress,
  suggestActions,
  triggers,
  type ActionTrigger,
  type CatalogueAction,
} from './actions';

const trigger = (condition: Partial<ActionTrigger>): ActionTrigger => ({
  questionId: 'q',
  atMost: null,
  anyOf: null,
  noneOf: null,
  ...condition,
});

describe('triggers', () => {
  test.each<[Partial<ActionTrigger>, unknown, boolean]>([
    [{ atMost: 1 }, 0, true],
    [{ atMost: 1 }, 1, true],
    [{ atMost: 1 }, 2, false],
    [{ atMost: 1 }, 'text', false],
    [{ anyOf: ['none', 'some'] }, 'some', true],
    [{ anyOf: ['none', 'some'] }, 'all', false],
    [{ anyOf: ['none'] }, ['none', 'other'], true],
    [{ noneOf: ['led'] }, ['solar'], true],
    [{ noneOf: ['led'] }, ['solar', 'led'], false],
    [{ noneOf: ['led'] }, 'led', false],
    [{ atMost: 1 }, undefined, true],
    [{ anyOf: ['none'] }, null, true],
    [{ noneOf: ['led'] }, '', true],
  ])('%j with answer %j: %s', (condition, answer, expected) => {
    expect(triggers(trigger(condition), answer)).toBe(expected);
  });
});

describe('suggestActions', () => {
  const action = (id: string, addresses: ActionTrigger[]): CatalogueAction => ({
    id,
    title: id,
    summary: '',
    topic: 'CLIMATE',
    effort: 'LOW',
    impact: 'LOW',
    academyArticles: [],
    addresses,
  });
  const CATALOGUE = [
    action('track', [trigger({ questionId: 'tracking', atMost: 1 })]),
    action('recycle', [
      trigger({ questionId: 'rate', atMost: 40 }),
      trigger({ questionId: 'streams', noneOf: ['organics'] }),
    ]),
    action('policy', [trigger({ questionId: 'policy', anyOf: ['no'] })]),
  ];

  it('suggests, in catalogue order, each action with the answers that make it one', () => {
    expect(
      suggestActions(CATALOGUE, { tracking: 0, rate: 80, streams: ['paper'], policy: 'written' }),
    ).toEqual([
      { actionId: 'track', questionIds: ['tracking'] },
      { actionId: 'recycle', questionIds: ['streams'] },
    ]);
  });

  it('suggests nothing for a result that has every step in place', () => {
    expect(
      suggestActions(CATALOGUE, { tracking: 4, rate: 90, streams: ['organics'], policy: 'written' }),
    ).toEqual([]);
  });
});

test.each<[('todo' | 'doing' | 'done')[], number]>([
  [[], 0],
  [['todo', 'doing'], 0],
  [['done', 'todo', 'doing'], 33],
  [['done', 'done'], 100],
])('a plan of %j is %d% done', (statuses, progress) => {
  expect(
    planProgress(statuses.map((status, i) => ({ actionId: `a${i}`, status, owner: null, dueDate: null }))),
  ).toBe(progress);
});

test.each([
  [1, 2, 'improved'],
  [2, 1, 'worsened'],
  [2, 2, 'same'],
] as const)('points %d then %d: %s', (before, after, change) => {
  expect(answerChange(before, after)).toBe(change);
});
