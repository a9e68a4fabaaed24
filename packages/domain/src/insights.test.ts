import type { ResultScore } from './survey';
import { isCalendarDay } from './dates';
import {
  AGGREGATE_SHARDS,
  answerKeys,
  benchmark,
  BENCHMARK_MIN_ORGANISATIONS,
  completionCounts,
  distribution,
  emptyAggregate,
  keyValue,
  overallStandingSentence,
  peerPublicationDue,
  periodOf,
  periodsBetween,
  priorityTopics,
  resolveTrendRange,
  trendOf,
  trendRangeProblem,
  dayRangeProblem,
  shardOf,
  standingOf,
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
      // The overall percent in tenths, so the trend's mean stays exact under increments.
      dayPercentTenths: { '2026-11-24': 726 },
      // A comment is counted as answered; its text never enters the aggregate.
      answered: { energy: 1, policy: 1, 'company-name': 1 },
      groups: {},
    });
  });

  it('counts the result in the peer groups its facet answers name, the organisation only on its first', () => {
    const facetQuestions = [
      ...questions,
      { id: 'industry-sector', type: 'dropdown', options: [{ id: 'retail' }, { id: 'creative' }] },
      { id: 'employee-count', type: 'multipleChoice', options: [{ id: '1-4' }] },
      { id: 'business-region', type: 'dropdown', options: [{ id: 'vic' }] },
    ];
    const answers = { 'industry-sector': 'retail', 'employee-count': ['1-4'], 'business-region': 'mars' };
    const first = completionCounts({
      score: score(50.04, [40]),
      answers,
      questions: facetQuestions,
      day: '2026-11-24',
      newOrganisation: true,
    });
    const group = { completed: 1, organisations: 1, overall: { '50': 1 }, sections: { '0': { '40': 1 } } };
    // 'mars' is no option of the region question: no group of it.
    expect(first.groups).toEqual({ 'sector:retail': group, 'size:1-4': group });
    expect(first.dayPercentTenths).toEqual({ '2026-11-24': 500 });
    const retake = completionCounts({
      score: score(50, [40]),
      answers,
      questions: facetQuestions,
      day: '2026-11-24',
      newOrganisation: false,
    });
    expect(retake.groups?.['sector:retail']).toEqual({ ...group, organisations: 0 });
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

describe('distribution', () => {
  it('gives count, mean and nearest-rank quartiles', () => {
    // 10, 20, 30, 40, 50, 60, 70, 80
    const histogram = Object.fromEntries([10, 20, 30, 40, 50, 60, 70, 80].map((v) => [String(v), 1]));
    expect(distribution(histogram)).toEqual({ count: 8, mean: 45, q1: 20, median: 40, q3: 60 });
  });

  it('is null for no results', () => {
    expect(distribution({})).toBeNull();
    expect(distribution({ '40': 0 })).toBeNull();
  });
});

describe('standingOf and overallStandingSentence', () => {
  /** Twelve organisations' results, 10 to 65 in steps of 5. */
  const twelve = Object.fromEntries(
    [10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65].map((v) => [String(v), 1]),
  );

  test.each<[string, Record<string, number>, number, string]>([
    [
      'the lowest, counted among them',
      twelve,
      10,
      'Compared with 12 organisations, your overall score is the lowest.',
    ],
    [
      'the lowest, below every one',
      twelve,
      4,
      'Compared with 12 organisations, your overall score is the lowest.',
    ],
    [
      'the lowest, tied with another',
      { ...twelve, '10': 2 },
      10,
      'Compared with 12 organisations, your overall score is the lowest.',
    ],
    ['the highest', twelve, 65, 'Compared with 12 organisations, your overall score is the highest.'],
    [
      'the highest, above every one',
      twelve,
      99.5,
      'Compared with 12 organisations, your overall score is the highest.',
    ],
    [
      'alone in the group',
      { '42': 1 },
      42.5,
      'Compared with 12 organisations, your overall score is the same as all of theirs.',
    ],
    [
      'level with every one',
      { '50': 12 },
      50,
      'Compared with 12 organisations, your overall score is the same as all of theirs.',
    ],
    [
      'in the middle: ties do not count as lower',
      twelve,
      30,
      'Compared with 12 organisations, your overall score is higher than 33% of theirs.',
    ],
    [
      'second lowest of many: never 0 %',
      { '10': 1, '20': 299, '30': 100 },
      20,
      'Compared with 12 organisations, your overall score is higher than 1% of theirs.',
    ],
    [
      'second highest of many: never 100 %',
      { '10': 300, '20': 1, '30': 1 },
      20,
      'Compared with 12 organisations, your overall score is higher than 99% of theirs.',
    ],
  ])('%s', (_case, histogram, yours, sentence) => {
    expect(overallStandingSentence(standingOf(histogram, yours), '12 organisations')).toBe(sentence);
  });

  it('names the group compared with', () => {
    expect(
      overallStandingSentence(
        { place: 'between', higherThan: 40 },
        '12 organisations like yours (My sector: Retail)',
      ),
    ).toBe(
      'Compared with 12 organisations like yours (My sector: Retail), your overall score is higher than 40% of theirs.',
    );
  });
});

describe('peerPublicationDue', () => {
  const k = BENCHMARK_MIN_ORGANISATIONS;

  it(`publishes a group first at ${BENCHMARK_MIN_ORGANISATIONS} organisations`, () => {
    expect(peerPublicationDue(null, k - 1)).toBe(false);
    expect(peerPublicationDue(null, k)).toBe(true);
  });

  it(`publishes again only once ${BENCHMARK_MIN_ORGANISATIONS} more joined, and never below the threshold`, () => {
    expect(peerPublicationDue(k, k + 1)).toBe(false);
    expect(peerPublicationDue(k, 2 * k - 1)).toBe(false);
    expect(peerPublicationDue(k, 2 * k)).toBe(true);
    expect(peerPublicationDue(k + 3, k - 1)).toBe(false);
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

  it(`shows quartiles and where the score stands from ${BENCHMARK_MIN_ORGANISATIONS} organisations`, () => {
    const shown = benchmark(aggregateOf(BENCHMARK_MIN_ORGANISATIONS), score(60, [30]));
    expect(shown).toEqual({
      status: 'shown',
      organisations: BENCHMARK_MIN_ORGANISATIONS,
      overall: {
        title: 'Overall',
        yours: 60,
        standing: { place: 'highest' },
        peers: { count: 10, mean: 50, q1: 50, median: 50, q3: 50 },
      },
      sections: [
        {
          title: 'Section 1',
          yours: 30,
          standing: { place: 'lowest' },
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

describe('the trend', () => {
  test.each<[string, string, string]>([
    // 2026-11-23 is a Monday: the week runs to Sunday the 29th (UTC).
    ['2026-11-23', 'week', '2026-11-23'],
    ['2026-11-29', 'week', '2026-11-23'],
    ['2026-11-30', 'week', '2026-11-30'],
    // ISO week 53 of 2026 starts on Monday 28 December and holds 1 January 2027.
    ['2027-01-01', 'week', '2026-12-28'],
    ['2026-11-30', 'month', '2026-11'],
    ['2026-12-01', 'month', '2026-12'],
  ])('puts %s in the %s starting %s', (day, granularity, period) => {
    expect(periodOf(day, granularity as 'week' | 'month')).toBe(period);
  });

  it('lists every period a day of the range falls in, across a year end', () => {
    expect(periodsBetween('2026-12-20', '2027-01-05', 'week')).toEqual([
      '2026-12-14',
      '2026-12-21',
      '2026-12-28',
      '2027-01-04',
    ]);
    expect(periodsBetween('2026-11-30', '2027-02-01', 'month')).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
    ]);
  });

  it('zero-fills the periods without completions and gives each one its mean, inside the range only', () => {
    const aggregate = {
      days: { '2026-11-02': 1, '2026-11-05': 2, '2026-11-20': 1, '2026-12-01': 5, 'not-a-day': 3 },
      dayPercentTenths: { '2026-11-02': 400, '2026-11-05': 1105, '2026-11-20': 333, '2026-12-01': 5000 },
    };
    expect(trendOf(aggregate, { from: '2026-11-01', to: '2026-11-30', granularity: 'week' })).toEqual([
      { period: '2026-10-26', completed: 0, meanPercent: null },
      { period: '2026-11-02', completed: 3, meanPercent: 50.2 },
      { period: '2026-11-09', completed: 0, meanPercent: null },
      { period: '2026-11-16', completed: 1, meanPercent: 33.3 },
      { period: '2026-11-23', completed: 0, meanPercent: null },
      { period: '2026-11-30', completed: 0, meanPercent: null },
    ]);
    expect(trendOf(aggregate, { from: '2026-10-01', to: '2026-12-31', granularity: 'month' })).toEqual([
      { period: '2026-10', completed: 0, meanPercent: null },
      { period: '2026-11', completed: 4, meanPercent: 46 },
      { period: '2026-12', completed: 5, meanPercent: 100 },
    ]);
  });

  it('refuses a range that ends before it starts, or is longer than 3 years, saying so', () => {
    expect(trendRangeProblem('2026-11-27', '2026-11-26')).toBe(
      'The range starts (2026-11-27) after it ends (2026-11-26): pick a start on or before the end.',
    );
    expect(trendRangeProblem('2023-11-26', '2026-11-26')).toBe(
      'The range from 2023-11-26 to 2026-11-26 is longer than 3 years: pick a shorter one.',
    );
    expect(trendRangeProblem('2023-11-27', '2026-11-26')).toBeNull();
    expect(trendRangeProblem('2026-11-26', '2026-11-26')).toBeNull();
  });

  it('refuses any range of days that ends before it starts, in the same words, however long', () => {
    expect(dayRangeProblem('2026-11-27', '2026-11-26')).toBe(trendRangeProblem('2026-11-27', '2026-11-26'));
    expect(dayRangeProblem('2016-11-26', '2026-11-26')).toBeNull();
    expect(dayRangeProblem('2026-11-26', '2026-11-26')).toBeNull();
  });

  it('takes only real calendar days', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('2026-2-3')).toBe(false);
  });

  it('defaults to weeks from the first completion (at least 12 weeks back), months beyond half a year', () => {
    expect(resolveTrendRange({}, '2026-11-26', '2026-11-20')).toEqual({
      from: '2026-09-04',
      to: '2026-11-26',
      granularity: 'week',
    });
    expect(resolveTrendRange({}, '2026-11-26', null)).toMatchObject({ from: '2026-09-04' });
    expect(resolveTrendRange({}, '2026-11-26', '2025-01-15')).toEqual({
      from: '2025-01-15',
      to: '2026-11-26',
      granularity: 'month',
    });
    // Never more than 3 years, however old the first completion.
    expect(resolveTrendRange({}, '2026-11-26', '2020-01-01')).toMatchObject({ from: '2023-11-27' });
    expect(resolveTrendRange({ granularity: 'month', to: '2026-06-30' }, '2026-11-26', null)).toMatchObject({
      to: '2026-06-30',
      granularity: 'month',
    });
    expect(resolveTrendRange({ from: '2027-01-01' }, '2026-11-26', null)).toEqual({
      problem: 'The range starts (2027-01-01) after it ends (2026-11-26): pick a start on or before the end.',
    });
  });
});
