// Survey insights: what each result adds to its survey's aggregate, how the aggregate's shards add
// up, and the statistics the Insights screen shows. The aggregate is kept as AGGREGATE_SHARDS
// documents written with increments, so no single document takes every completion (Firestore
// sustains about one write per second per document) and reading it costs the same at any size.
import type { EsgTopic } from './content';
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
}

export const emptyAggregate = (): AggregateCounts => ({
  started: 0,
  completed: 0,
  organisations: 0,
  overall: {},
  sections: {},
  answers: {},
  days: {},
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

/** A question as the aggregate needs it: only closed answers are counted, never free text. */
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
  for (const question of input.questions) {
    const keys = answerKeys(question, input.answers[question.id]);
    if (keys.length > 0) answers[question.id] = Object.fromEntries(keys.map((key) => [key, 1]));
  }
  return {
    completed: 1,
    ...(input.newOrganisation ? { organisations: 1 } : {}),
    overall: { [percentKey(input.score.overall.percent)]: 1 },
    sections: Object.fromEntries(
      input.score.sections.map((section) => [
        String(section.sectionIndex),
        { [percentKey(section.percent)]: 1 },
      ]),
    ),
    answers,
    days: { [input.day]: 1 },
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

/** The share of counted results scoring below `percent`, ties counting half: 0–100, whole. */
export function percentileOf(histogram: Readonly<Record<string, number>>, percent: number): number {
  const own = Number(percentKey(percent));
  let below = 0;
  let equal = 0;
  let count = 0;
  for (const [value, n] of sortedBuckets(histogram)) {
    count += n;
    if (value < own) below += n;
    else if (value === own) equal += n;
  }
  return count === 0 ? 0 : Math.round(((below + equal / 2) / count) * 100);
}

export interface BenchmarkRow {
  title: string;
  /** The organisation's own percent. */
  yours: number;
  percentile: number;
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
export function benchmark(aggregate: AggregateCounts, own: ResultScore): Benchmark {
  const { organisations } = aggregate;
  if (organisations < BENCHMARK_MIN_ORGANISATIONS) {
    return { status: 'too-few', organisations, needed: BENCHMARK_MIN_ORGANISATIONS };
  }
  const row = (title: string, histogram: Record<string, number> | undefined, yours: number) => {
    const peers = distribution(histogram ?? {});
    return peers ? { title, yours, percentile: percentileOf(histogram ?? {}, yours), peers } : null;
  };
  const overall = row('Overall', aggregate.overall, own.overall.percent);
  if (!overall) return { status: 'too-few', organisations, needed: BENCHMARK_MIN_ORGANISATIONS };
  const sections = own.sections
    .filter((section) => section.weight > 0)
    .map((section) => row(section.title, aggregate.sections[String(section.sectionIndex)], section.percent))
    .filter((section): section is BenchmarkRow => section !== null);
  return { status: 'shown', organisations, overall, sections };
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
