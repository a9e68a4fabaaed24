import type { ResultScore } from './survey';
import {
  AGGREGATE_SHARDS,
  answerKeys,
  benchmark,
  BENCHMARK_MIN_ORGANISATIONS,
  completionCounts,
  distribution,
  emptyAggregate,
  keyValue,
  percentileOf,
  priorityTopics,
  shardOf,
  sumShards,
  valueKey,
  type AggregateCounts,
} from './insights';

const score = (overall: number, sections: number[]): ResultScore => ({
  overall: { points: overall, max: 100, percent: overall },
  sections: sections.map((percent, sectionIndex) => ({
    sectionIndex,
    title: `Section ${sectionIndex + 1}`,
    points: percent,
    max: 100,
    percent,
    weight: 1,
  })),
  band: null,
});

describe('shardOf', () => {
  it('is stable and spreads ids over every shard', () => {
    expect(shardOf('result-1')).toBe(shardOf('result-1'));
    const used = new Set(Array.from({ length: 200 }, (_, i) => shardOf(`result-${i}`)));
    expect(used.size).toBe(AGGREGATE_SHARDS);
    for (const shard of used) expect(shard).toBeGreaterThanOrEqual(0);
  });
});

describe('answerKeys', () => {
  const options = [{ id: 'yes' }, { id: 'no' }];
  test.each<[string, unknown, string[]]>([
    ['slider', 3, ['3']],
    ['slider', 2.5, ['2_5']],
    ['slider', 'three', []],
    ['dropdown', 'yes', ['yes']],
    ['dropdown', 'maybe', []],
    ['multipleChoice', ['yes', 'no', 'yes', 'other'], ['yes', 'no']],
    ['comment', 'free text is never counted', []],
    ['content', null, []],
  ])('%s answered %j counts under %j', (type, answer, keys) => {
    expect(answerKeys({ id: 'q', type, options }, answer)).toEqual(keys);
  });

  it('round-trips slider values through their keys', () => {
    for (const value of [0, 1, 2.5, -1, 10]) expect(keyValue(valueKey(value))).toBe(value);
  });
});

describe('completionCounts and sumShards', () => {
  const questions = [
    { id: 'energy', type: 'slider', options: null },
    { id: 'policy', type: 'dropdown', options: [{ id: 'yes' }, { id: 'no' }] },
    { id: 'company-name', type: 'comment', options: null },
  ];

  it('adds one completion per histogram, question and day, and nothing from free text', () => {
    const counts = completionCounts({
      score: score(72.6, [40, 100]),
      answers: { energy: 4, policy: 'yes', 'company-name': 'Acme' },
      questions,
      day: '2026-11-24',
      newOrganisation: true,
    });
    expect(counts).toEqual({
      completed: 1,
      organisations: 1,
      overall: { '72': 1 },
      sections: { '0': { '40': 1 }, '1': { '100': 1 } },
      answers: { energy: { '4': 1 }, policy: { yes: 1 } },
      days: { '2026-11-24': 1 },
    });
  });

  it('counts an organisation only on its first completion', () => {
    const counts = completionCounts({
      score: score(10, []),
      answers: {},
      questions,
      day: '2026-11-24',
      newOrganisation: false,
    });
    expect(counts.organisations).toBeUndefined();
  });

  it('adds shards up leaf by leaf and ignores fields that are not counts', () => {
    const total = sumShards([
      { started: 3, completed: 2, overall: { '50': 2 }, updatedAt: '2026-11-24T00:00:00Z' },
      { started: 1, completed: 1, overall: { '50': 1, '70': 1 }, answers: { q: { yes: 1 } } },
      null,
    ]);
    expect(total).toEqual({
      ...emptyAggregate(),
      started: 4,
      completed: 3,
      overall: { '50': 3, '70': 1 },
      answers: { q: { yes: 1 } },
    });
  });
});

describe('distribution and percentileOf', () => {
  it('gives count, mean and nearest-rank quartiles', () => {
    // 10, 20, 30, 40, 50, 60, 70, 80
    const histogram = Object.fromEntries([10, 20, 30, 40, 50, 60, 70, 80].map((v) => [String(v), 1]));
    expect(distribution(histogram)).toEqual({ count: 8, mean: 45, q1: 20, median: 40, q3: 60 });
  });

  it('is null for no results', () => {
    expect(distribution({})).toBeNull();
    expect(distribution({ '40': 0 })).toBeNull();
  });

  test.each<[number, number]>([
    [5, 0],
    [10, 5],
    [45, 40],
    [80, 75],
    [95, 90],
    [100, 95],
  ])('a score of %d lies at percentile %d', (percent, expected) => {
    const histogram = Object.fromEntries(
      [10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((v) => [String(v), 1]),
    );
    expect(percentileOf(histogram, percent)).toBe(expected);
  });
});

describe('benchmark', () => {
  const aggregateOf = (organisations: number): AggregateCounts => ({
    ...emptyAggregate(),
    completed: organisations,
    organisations,
    overall: { '50': organisations },
    sections: { '0': { '40': organisations } },
  });

  it(`gives only the count below ${BENCHMARK_MIN_ORGANISATIONS} organisations`, () => {
    expect(benchmark(aggregateOf(BENCHMARK_MIN_ORGANISATIONS - 1), score(60, [30]))).toEqual({
      status: 'too-few',
      organisations: BENCHMARK_MIN_ORGANISATIONS - 1,
      needed: BENCHMARK_MIN_ORGANISATIONS,
    });
  });

  it(`shows quartiles and the percentile from ${BENCHMARK_MIN_ORGANISATIONS} organisations`, () => {
    const shown = benchmark(aggregateOf(BENCHMARK_MIN_ORGANISATIONS), score(60, [30]));
    expect(shown).toEqual({
      status: 'shown',
      organisations: BENCHMARK_MIN_ORGANISATIONS,
      overall: {
        title: 'Overall',
        yours: 60,
        percentile: 100,
        peers: { count: 10, mean: 50, q1: 50, median: 50, q3: 50 },
      },
      sections: [
        {
          title: 'Section 1',
          yours: 30,
          percentile: 0,
          peers: { count: 10, mean: 40, q1: 40, median: 40, q3: 40 },
        },
      ],
    });
  });

  it('leaves out sections of weight 0', () => {
    const own = score(60, [30]);
    own.sections[0]!.weight = 0;
    const shown = benchmark(aggregateOf(12), own);
    expect(shown.status === 'shown' && shown.sections).toEqual([]);
  });
});

describe('priorityTopics', () => {
  it('lists the lowest-scoring tagged topics first, one per topic, at most three', () => {
    const result = score(50, [10, 40, 20, 90, 15, 30]);
    result.sections[5]!.weight = 0;
    expect(
      priorityTopics(result, [null, 'CLIMATE', 'CIRCULARITY', 'PEOPLE', 'CLIMATE', 'GOVERNANCE']),
    ).toEqual([
      { topic: 'CLIMATE', title: 'Section 5', percent: 15 },
      { topic: 'CIRCULARITY', title: 'Section 3', percent: 20 },
      { topic: 'PEOPLE', title: 'Section 4', percent: 90 },
    ]);
  });

  it('is empty when no section has a topic', () => {
    expect(priorityTopics(score(50, [10, 20]), [])).toEqual([]);
  });
});
