// Survey insights: what each result adds to its survey's aggregate, how the aggregate's shards add
// up, and the statistics the Insights screen shows. The aggregate is kept as AGGREGATE_SHARDS
// documents written with increments, so no single document takes every completion (Firestore
// sustains about one write per second per document) and reading it costs the same at any size.
import type { EsgTopic } from './content';
import { isCalendarDay } from './dates';
import { PEER_FACETS, peerGroupKey, type PeerFacet } from './peer-groups';
import type { ResultScore } from './survey';

export const AGGREGATE_SHARDS = 10;

/** The peer benchmark is shown only when this many distinct organisations completed the survey. */
export const BENCHMARK_MIN_ORGANISATIONS = 10;

/** A survey's counts; histograms count completed results per whole percent (0–100). */
export interface AggregateCounts {
  started: number;
  completed: number;
  /** Distinct organisations among the completed results (respondents without one are not counted). */
  organisations: number;
  overall: Record<string, number>;
  /** Per section index. */
  sections: Record<string, Record<string, number>>;
  /** Per question id: how often each option (or slider value, see valueKey) was answered. */
  answers: Record<string, Record<string, number>>;
  /** Completed results per UTC day, YYYY-MM-DD. */
  days: Record<string, number>;
  /**
   * Per UTC day, the sum of its completed results' overall percents in tenths: whole numbers, so
   * increments and their negation stay exact. With `days`, the trend's mean per period.
   */
  dayPercentTenths: Record<string, number>;
  /** Per question id: completed results that answered it (the base of each option's share; comments). */
  answered: Record<string, number>;
  /** Per peer group key (domain peer-groups.ts, e.g. 'sector:retail'). */
  groups: Record<string, PeerGroupCounts>;
  /**
   * Per peer group key: how often a business's latest result entered or left the group, only ever
   * increased. A group's published figures are looked at again only when this moved.
   */
  peerChanges: Record<string, number>;
}

/**
 * A peer group's part of the aggregate. `organisations` counts an organisation in the groups its
 * first counted result names (docs/decisions.md: a later result naming another group adds its
 * scores there, not the organisation).
 */
export interface PeerGroupCounts {
  completed: number;
  organisations: number;
  overall: Record<string, number>;
  sections: Record<string, Record<string, number>>;
}

export const emptyAggregate = (): AggregateCounts => ({
  started: 0,
  completed: 0,
  organisations: 0,
  overall: {},
  sections: {},
  answers: {},
  days: {},
  dayPercentTenths: {},
  answered: {},
  groups: {},
  peerChanges: {},
});

/** The shard a result's counts go to: FNV-1a of its id, so a retried write lands on the same one. */
export function shardOf(resultId: string, shards = AGGREGATE_SHARDS): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < resultId.length; i++) {
    hash ^= resultId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % shards;
}

/** A slider value as a map key: field names may not hold a dot. */
export const valueKey = (value: number): string => String(value).replace('.', '_');
export const keyValue = (key: string): number => Number(key.replace('_', '.'));

const percentKey = (percent: number) => String(Math.min(100, Math.max(0, Math.floor(percent))));

/** A peer group key as a request names it: a facet and an option id, e.g. 'sector:retail'. */
export const PEER_GROUP_PATTERN = new RegExp(
  `^(?:${PEER_FACETS.map(({ facet }) => facet).join('|')}):[A-Za-z0-9_-]{1,100}$`,
);

/** The facet of a peer group key. */
export const facetOfGroup = (key: string): PeerFacet => key.slice(0, key.indexOf(':')) as PeerFacet;

/** A question as the aggregate needs it: closed answers are counted by key, free text only as answered. */
export interface CountedQuestion {
  id: string;
  type: string;
  options: readonly { id: string }[] | null;
}

/** The keys a question's answer counts under: option ids that exist, or the slider value. */
export function answerKeys(question: CountedQuestion, answer: unknown): string[] {
  const options = new Set((question.options ?? []).map((option) => option.id));
  if (question.type === 'slider') {
    return typeof answer === 'number' && Number.isFinite(answer) ? [valueKey(answer)] : [];
  }
  if (question.type === 'dropdown' || question.type === 'multipleChoice') {
    const chosen = Array.isArray(answer) ? answer : [answer];
    return [...new Set(chosen.filter((id): id is string => typeof id === 'string' && options.has(id)))];
  }
  return [];
}

/** Whether a comment (free-text answer) says something. */
export const isComment = (answer: unknown): answer is string =>
  typeof answer === 'string' && answer.trim() !== '';

/** The peer groups a result counts in: its facet answers that are options of the facet's question. */
export function peerGroupsIn(
  questions: readonly CountedQuestion[],
  answers: Readonly<Record<string, unknown>>,
): string[] {
  return PEER_FACETS.flatMap(({ facet, questionId }) => {
    const question = questions.find((candidate) => candidate.id === questionId);
    const [value] = question ? answerKeys(question, answers[questionId]) : [];
    return value === undefined ? [] : [peerGroupKey(facet, value)];
  });
}

/** What one completion adds: every leaf is 1, for the store to apply as increments. */
export function completionCounts(input: {
  score: ResultScore;
  answers: Readonly<Record<string, unknown>>;
  questions: readonly CountedQuestion[];
  /** The completion's UTC day, YYYY-MM-DD. */
  day: string;
  /** The first completed result of its organisation for this survey. */
  newOrganisation: boolean;
}): Partial<AggregateCounts> {
  const answers: Record<string, Record<string, number>> = {};
  const answered: Record<string, number> = {};
  for (const question of input.questions) {
    const answer = input.answers[question.id];
    const keys = answerKeys(question, answer);
    if (keys.length > 0) answers[question.id] = Object.fromEntries(keys.map((key) => [key, 1]));
    if (keys.length > 0 || isComment(answer)) answered[question.id] = 1;
  }
  const scores = {
    overall: { [percentKey(input.score.overall.percent)]: 1 },
    sections: Object.fromEntries(
      input.score.sections.map((section) => [
        String(section.sectionIndex),
        { [percentKey(section.percent)]: 1 },
      ]),
    ),
  };
  const group = { completed: 1, organisations: input.newOrganisation ? 1 : 0, ...scores };
  return {
    completed: 1,
    ...(input.newOrganisation ? { organisations: 1 } : {}),
    ...scores,
    answers,
    days: { [input.day]: 1 },
    dayPercentTenths: { [input.day]: Math.round(input.score.overall.percent * 10) },
    answered,
    groups: Object.fromEntries(peerGroupsIn(input.questions, input.answers).map((key) => [key, group])),
  };
}

type Tree = { [key: string]: number | Tree };

function addInto(into: Tree, from: unknown): void {
  if (typeof from !== 'object' || from === null || Array.isArray(from)) return;
  for (const [key, value] of Object.entries(from)) {
    if (typeof value === 'number' && Number.isFinite(value)) {
      const current = into[key];
      into[key] = (typeof current === 'number' ? current : 0) + value;
    } else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const current = into[key];
      const child: Tree = typeof current === 'object' ? current : {};
      into[key] = child;
      addInto(child, value);
    }
  }
}

/** The survey's counts: its shards added up (fields that are not counts are ignored). */
export function sumShards(shards: readonly unknown[]): AggregateCounts {
  const total = emptyAggregate() as unknown as Tree;
  for (const shard of shards) addInto(total, shard);
  return total as unknown as AggregateCounts;
}

export interface Distribution {
  count: number;
  mean: number;
  q1: number;
  median: number;
  q3: number;
}

const sortedBuckets = (histogram: Readonly<Record<string, number>>) =>
  Object.entries(histogram)
    .map(([key, count]) => [Number(key), count] as const)
    .filter(([value, count]) => Number.isFinite(value) && count > 0)
    .sort((a, b) => a[0] - b[0]);

/** The value below which a share q of the counted results lie (nearest rank). */
function quantile(buckets: readonly (readonly [number, number])[], count: number, q: number): number {
  const rank = Math.max(1, Math.ceil(q * count));
  let seen = 0;
  for (const [value, n] of buckets) {
    seen += n;
    if (seen >= rank) return value;
  }
  return buckets[buckets.length - 1]?.[0] ?? 0;
}

/** Count, mean and quartiles of a whole-percent histogram; null when it is empty. */
export function distribution(histogram: Readonly<Record<string, number>>): Distribution | null {
  const buckets = sortedBuckets(histogram);
  const count = buckets.reduce((sum, [, n]) => sum + n, 0);
  if (count === 0) return null;
  const mean = buckets.reduce((sum, [value, n]) => sum + value * n, 0) / count;
  return {
    count,
    mean: Math.round(mean * 10) / 10,
    q1: quantile(buckets, count, 0.25),
    median: quantile(buckets, count, 0.5),
    q3: quantile(buckets, count, 0.75),
  };
}

/**
 * Where a score stands among the counted results, as a sentence may say it: lowest, highest, level
 * with every one, or higher than a share of them (strictly lower scores only, ties not counting).
 */
export type Standing =
  { place: 'lowest' } | { place: 'highest' } | { place: 'level' } | { place: 'between'; higherThan: number };

/** The standing of `percent` among a whole-percent histogram's results (which may include it). */
export function standingOf(histogram: Readonly<Record<string, number>>, percent: number): Standing {
  const own = Number(percentKey(percent));
  let below = 0;
  let above = 0;
  let count = 0;
  for (const [value, n] of sortedBuckets(histogram)) {
    count += n;
    if (value < own) below += n;
    else if (value > own) above += n;
  }
  if (below === 0 && above === 0) return { place: 'level' };
  if (below === 0) return { place: 'lowest' };
  if (above === 0) return { place: 'highest' };
  // Between the two, so never "0 %" nor "100 %" however many results there are.
  return { place: 'between', higherThan: Math.min(99, Math.max(1, Math.round((below / count) * 100))) };
}

/**
 * The benchmark's sentence about the overall score, `among` naming who it is compared with
 * ("12 organisations"): the lowest and the highest are said as such, never "higher than 0 %".
 */
export function overallStandingSentence(standing: Standing, among: string): string {
  return `Compared with ${among}, your overall score is ${standingWords(standing)}.`;
}

/** Where a score stands, as a table's cell says it ("Lowest", "Higher than 40%"). */
export function standingCell(standing: Standing): string {
  const words = standingWords(standing);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function standingWords(standing: Standing): string {
  switch (standing.place) {
    case 'lowest':
      return 'the lowest';
    case 'highest':
      return 'the highest';
    case 'level':
      return 'the same as all of theirs';
    case 'between':
      return `higher than ${standing.higherThan}% of theirs`;
  }
}

export interface BenchmarkRow {
  title: string;
  /** The organisation's own percent. */
  yours: number;
  standing: Standing;
  peers: Distribution;
}

export type Benchmark =
  | { status: 'too-few'; organisations: number; needed: number }
  | { status: 'shown'; organisations: number; overall: BenchmarkRow; sections: BenchmarkRow[] };

/**
 * An organisation's scores beside the distribution of every completed result of the survey. Below
 * BENCHMARK_MIN_ORGANISATIONS distinct organisations nothing but their number is given: a small
 * group's quartiles could point at one organisation.
 */
export function benchmark(
  aggregate: Pick<AggregateCounts, 'organisations' | 'overall' | 'sections'>,
  own: ResultScore,
): Benchmark {
  const { organisations } = aggregate;
  if (organisations < BENCHMARK_MIN_ORGANISATIONS) {
    return { status: 'too-few', organisations, needed: BENCHMARK_MIN_ORGANISATIONS };
  }
  const row = (title: string, histogram: Record<string, number> | undefined, yours: number) => {
    const peers = distribution(histogram ?? {});
    if (!peers) return null;
    return { title, yours, standing: standingOf(histogram ?? {}, yours), peers };
  };
  const overall = row('Overall', aggregate.overall, own.overall.percent);
  if (!overall) return { status: 'too-few', organisations, needed: BENCHMARK_MIN_ORGANISATIONS };
  const sections = own.sections
    .filter((section) => section.weight > 0)
    .map((section) => row(section.title, aggregate.sections[String(section.sectionIndex)], section.percent))
    .filter((section): section is BenchmarkRow => section !== null);
  return { status: 'shown', organisations, overall, sections };
}

/**
 * Whether a peer group's figures are published anew, now that `organisations` proven organisations
 * are in it: first from BENCHMARK_MIN_ORGANISATIONS, then only once as many more joined since the
 * last publication (`published` of them), so the difference between two publications always
 * spreads over at least that many organisations and never gives away one newcomer's score.
 */
export function peerPublicationDue(published: number | null, organisations: number): boolean {
  if (organisations < BENCHMARK_MIN_ORGANISATIONS) return false;
  return published === null || organisations >= published + BENCHMARK_MIN_ORGANISATIONS;
}

export interface PriorityTopic {
  topic: EsgTopic;
  /** The section that measures it. */
  title: string;
  percent: number;
}

/** How many priority topics a business is shown. */
export const PRIORITY_TOPICS = 3;

/**
 * The ESG topics where the result scores lowest: scored sections tagged with a topic, lowest
 * first, one entry per topic (its lowest section), at most PRIORITY_TOPICS.
 */
export function priorityTopics(
  score: ResultScore,
  topicOfSection: readonly (EsgTopic | null)[],
): PriorityTopic[] {
  const lowest = new Map<EsgTopic, PriorityTopic>();
  for (const section of score.sections) {
    const topic = topicOfSection[section.sectionIndex];
    if (!topic || section.weight <= 0 || section.max <= 0) continue;
    const known = lowest.get(topic);
    if (!known || section.percent < known.percent) {
      lowest.set(topic, { topic, title: section.title, percent: section.percent });
    }
  }
  return [...lowest.values()].sort((a, b) => a.percent - b.percent).slice(0, PRIORITY_TOPICS);
}

/** How the insights trend groups completions: ISO weeks (Monday to Sunday, UTC) or calendar months. */
export const TREND_GRANULARITIES = ['week', 'month'] as const;
export type TrendGranularity = (typeof TREND_GRANULARITIES)[number];

/** The longest range the trend covers: its periods are zero-filled, so the range bounds the answer. */
export const TREND_MAX_YEARS = 3;

const dayTime = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/** Why a range of days is refused (it ends before it starts), or null when it is taken. */
export function dayRangeProblem(from: string, to: string): string | null {
  return from > to
    ? `The range starts (${from}) after it ends (${to}): pick a start on or before the end.`
    : null;
}

/** Why a trend range is refused, or null when it is taken. */
export function trendRangeProblem(from: string, to: string): string | null {
  const order = dayRangeProblem(from, to);
  if (order) return order;
  const limit = new Date(dayTime(from));
  limit.setUTCFullYear(limit.getUTCFullYear() + TREND_MAX_YEARS);
  if (dayTime(to) >= limit.getTime()) {
    return `The range from ${from} to ${to} is longer than ${TREND_MAX_YEARS} years: pick a shorter one.`;
  }
  return null;
}

/** The period a UTC day falls in: its ISO week's Monday (YYYY-MM-DD) or its month (YYYY-MM). */
export function periodOf(day: string, granularity: TrendGranularity): string {
  if (granularity === 'month') return day.slice(0, 7);
  const time = dayTime(day);
  const sinceMonday = (new Date(time).getUTCDay() + 6) % 7;
  return dayOf(time - sinceMonday * DAY_MS);
}

/** Every period that a day of the range falls in, oldest first. */
export function periodsBetween(from: string, to: string, granularity: TrendGranularity): string[] {
  const periods: string[] = [];
  let period = periodOf(from, granularity);
  const last = periodOf(to, granularity);
  while (period <= last) {
    periods.push(period);
    if (granularity === 'week') {
      period = dayOf(dayTime(period) + 7 * DAY_MS);
    } else {
      const next = new Date(dayTime(`${period}-01`));
      next.setUTCMonth(next.getUTCMonth() + 1);
      period = dayOf(next.getTime()).slice(0, 7);
    }
  }
  return periods;
}

/** A period of the trend: completed results and their mean overall percent (one decimal; null when none). */
export interface TrendPoint {
  period: string;
  completed: number;
  meanPercent: number | null;
}

/**
 * Completions and mean overall percent per period of [from, to], every period listed (zero-filled),
 * from the aggregate's per-day counts and per-day sums of overall percents (in tenths).
 */
export function trendOf(
  aggregate: Pick<AggregateCounts, 'days' | 'dayPercentTenths'>,
  range: { from: string; to: string; granularity: TrendGranularity },
): TrendPoint[] {
  const sums = new Map(
    periodsBetween(range.from, range.to, range.granularity).map((period) => [
      period,
      { completed: 0, tenths: 0 },
    ]),
  );
  for (const [day, completed] of Object.entries(aggregate.days)) {
    if (!isCalendarDay(day) || day < range.from || day > range.to || completed <= 0) continue;
    const sum = sums.get(periodOf(day, range.granularity))!;
    sum.completed += completed;
    sum.tenths += aggregate.dayPercentTenths[day] ?? 0;
  }
  return [...sums].map(([period, { completed, tenths }]) => ({
    period,
    completed,
    meanPercent: completed > 0 ? Math.round(tenths / completed) / 10 : null,
  }));
}

/** The shortest default range, so a new survey's first results show as weeks, not one bar. */
const DEFAULT_TREND_WEEKS = 12;
/** Ranges up to about half a year default to weeks, longer ones to months. */
const WEEKLY_UP_TO_DAYS = 183;

/**
 * The trend's range as asked, each part defaulted: up to `today`, from the first completion (at
 * least 12 weeks back, at most TREND_MAX_YEARS), by week up to half a year and by month beyond.
 * A refused range gives its problem instead.
 */
export function resolveTrendRange(
  asked: { from?: string; to?: string; granularity?: TrendGranularity },
  today: string,
  firstDay: string | null,
): { from: string; to: string; granularity: TrendGranularity } | { problem: string } {
  const to = asked.to ?? today;
  let from = asked.from;
  if (from === undefined) {
    const earliest = new Date(dayTime(to));
    earliest.setUTCFullYear(earliest.getUTCFullYear() - TREND_MAX_YEARS);
    const shortest = dayOf(dayTime(to) - (DEFAULT_TREND_WEEKS * 7 - 1) * DAY_MS);
    const first = firstDay !== null && firstDay < shortest ? firstDay : shortest;
    from = first > dayOf(earliest.getTime()) ? first : dayOf(earliest.getTime() + DAY_MS);
  }
  const problem = trendRangeProblem(from, to);
  if (problem) return { problem };
  const days = (dayTime(to) - dayTime(from)) / DAY_MS + 1;
  return { from, to, granularity: asked.granularity ?? (days <= WEEKLY_UP_TO_DAYS ? 'week' : 'month') };
}

/** The first UTC day with a completion still counted, or null. */
export const firstCompletionDay = (days: Readonly<Record<string, number>>): string | null =>
  Object.keys(days)
    .filter((day) => isCalendarDay(day) && (days[day] ?? 0) > 0)
    .sort()[0] ?? null;
