// The end of `npm run bench`: every figure of the run in one file (e2e/bench/results.json) and one
// readable summary, each target shown as met or missed. Reads what the benches wrote in results/.
import fs from 'node:fs';
import path from 'node:path';
import type { FirstScreen, Marks, ScreenChange } from './dashboard-figures';

const RESULTS = path.join(__dirname, 'results');

function read<T>(name: string): T | null {
  const file = path.join(RESULTS, `${name}.json`);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : null;
}

interface FirstQuestion {
  median: { shownMs: number; answerableMs: number; kilobytes: number; requests: number };
}
interface FirstSlide {
  targetShareOfSurveyJs: { kilobytes: number; answerableMs: number };
  /** By network profile (unthrottled, 4g). */
  profiles: Record<
    string,
    {
      shareOfSurveyJs: { kilobytes: number; shownMs: number; answerableMs: number };
      toolkit: FirstQuestion;
      surveyjs: FirstQuestion;
    }
  >;
  dashboard: {
    profiles: Record<
      string,
      { median: { shownMs: number; usableMs: number; kilobytes: number; requests: number } }
    >;
  };
}
interface Dashboard {
  /** By persona (business, publisher), then network profile. */
  personas: Record<
    string,
    {
      profiles: Record<
        string,
        {
          firstScreen: { median: FirstScreen; targets: Marks<FirstScreen> };
          screens: { name: string; median: ScreenChange; targets: Marks<ScreenChange> }[];
          slowestChange: { name: string; usableMs: number; inpMs: number };
          cls: { median: number; target: 'met' | 'missed' };
        }
      >;
    }
  >;
}
interface Latency {
  p50: number;
  p95: number;
  p99: number;
}
interface Pace {
  respondents: number;
  everyMs: number;
  offeredPerSecond: number;
  savesPerSecond: number;
  latencyMs: Latency;
}
interface Saves {
  levels: { concurrent: number; savesPerSecond: number; latencyMs: Latency }[];
  paces: Pace[];
  /** Absent from the figures of a run before the bench measured it. */
  coldCrowd?: Pace;
  store: { writers: number; upsertsPerSecond: number }[];
}
interface Insights {
  insights: { results: number; medianMs: number }[];
  largerOverSmaller: number;
  /** Absent from the figures of a run before the bench measured it. */
  workbench?: { results: number; medianMs: number; total: number }[];
  workbenchLargestOverSmallest?: number;
  export: { rows: number; seconds: number; heapGrowthMegabytes: number };
}
interface Startup {
  buildSeconds: number;
  readySeconds: { cold: number; warm: number };
}
interface ColdStart {
  groups: {
    group: string;
    calls: { function: string; coldStartMs: number; rssMegabytes: number; heapUsedMegabytes: number }[];
  }[];
}

const mark = (met: boolean) => (met ? 'met' : 'MISSED');

function main() {
  const firstSlide = read<FirstSlide>('first-slide');
  const saves = read<Saves>('saves');
  const insights = read<Insights>('insights');
  const startup = read<Startup>('startup');
  const coldStart = read<ColdStart>('cold-start');
  const dashboard = read<Dashboard>('dashboard');
  const lines: string[] = [];
  const targets: Record<string, boolean> = {};

  if (firstSlide) {
    const target = firstSlide.targetShareOfSurveyJs;
    // The targets, on the moment the first question can be answered, in each network profile.
    for (const [profile, figures] of Object.entries(firstSlide.profiles)) {
      const ours = figures.toolkit.median;
      const share = figures.shareOfSurveyJs;
      const bytesMet = (targets[`firstQuestionBytes_${profile}`] = share.kilobytes <= target.kilobytes);
      const timeMet = (targets[`firstQuestionTime_${profile}`] = share.answerableMs <= target.answerableMs);
      lines.push(
        `First question (${profile}): shown at ${ours.shownMs} ms, answerable at ${ours.answerableMs} ms, ${ours.kilobytes} KB in ${ours.requests} requests until then`,
        `  vs SurveyJS until answerable: ${share.answerableMs}× the time (target ${target.answerableMs}×, ${mark(timeMet)}), ` +
          `${share.kilobytes}× the bytes (target ${target.kilobytes}×, ${mark(bytesMet)}); shown at ${share.shownMs}×`,
      );
    }
    for (const [profile, { median }] of Object.entries(firstSlide.dashboard.profiles))
      lines.push(
        `Dashboard's first screen (${profile}, not a target): shown at ${median.shownMs} ms, usable at ${median.usableMs} ms, ${median.kilobytes} KB in ${median.requests} requests`,
      );
  }
  if (saves) {
    const top = saves.levels.reduce((best, level) => (level.concurrent > best.concurrent ? level : best));
    targets.savesPerSecond = top.savesPerSecond >= 1000;
    const store = saves.store.map(
      (ceiling) => `${ceiling.upsertsPerSecond}/s with ${ceiling.writers} writing`,
    );
    lines.push(
      `Saves, ${top.concurrent} senders each waiting for its answer: ${top.savesPerSecond}/s (target 1,000/s, ${mark(targets.savesPerSecond)}), p99 ${top.latencyMs.p99} ms; the store alone ${store.join(', ')}`,
    );
    for (const pace of saves.paces) {
      const met = pace.latencyMs.p99 < 50;
      if (pace.respondents === 200) targets[`savesP99Every${pace.everyMs}ms`] = met;
      lines.push(
        `Saves, ${pace.respondents} respondents each every ${pace.everyMs} ms (${pace.offeredPerSecond}/s offered, ${pace.savesPerSecond}/s answered): ` +
          `p50 ${pace.latencyMs.p50} ms, p99 ${pace.latencyMs.p99} ms (target under 50 ms, ${mark(met)})`,
      );
      // The targets together: 200 respondents at once, 1,000 saves a second answered, p99 under 50 ms.
      if (pace.respondents === 200 && pace.offeredPerSecond >= 1000) {
        targets.saves1000PerSecondAt200 = met && pace.savesPerSecond >= 1000;
        lines.push(
          `  both targets at once (1,000/s answered and p99 under 50 ms, 200 respondents): ${mark(targets.saves1000PerSecondAt200)}`,
        );
      }
    }
    const cold = saves.coldCrowd;
    if (cold)
      lines.push(
        `Saves, the same ${cold.offeredPerSecond}/s from ${cold.respondents} respondents whose tokens the host no longer remembers (not a target): ` +
          `p50 ${cold.latencyMs.p50} ms, p99 ${cold.latencyMs.p99} ms`,
      );
  }
  if (insights) {
    targets.insightsAtScale = insights.largerOverSmaller <= 1.2;
    const [small, large] = insights.insights;
    lines.push(
      `Insights: ${small?.medianMs} ms at ${small?.results} results, ${large?.medianMs} ms at ${large?.results} (${insights.largerOverSmaller}×, target within 1.2×, ${mark(targets.insightsAtScale)}); ` +
        `CSV of ${insights.export.rows} rows in ${insights.export.seconds} s, heap +${insights.export.heapGrowthMegabytes} MB`,
    );
    const workbench = insights.workbench;
    if (workbench && insights.workbenchLargestOverSmallest !== undefined) {
      // The same order of time: within 10× from 100 to 100,000 results.
      targets.workbenchAtScale = insights.workbenchLargestOverSmallest <= 10;
      lines.push(
        `Results workbench, first page of one sector and band by score with its count: ` +
          workbench
            .map((entry) => `${entry.medianMs} ms at ${entry.results} (${entry.total} match)`)
            .join(', ') +
          ` (${insights.workbenchLargestOverSmallest}×, target within 10×, ${mark(targets.workbenchAtScale)})`,
      );
    }
  }
  if (startup) {
    lines.push(
      `Start-up: build ${startup.buildSeconds} s; ready ${startup.readySeconds.cold} s cold, ${startup.readySeconds.warm} s warm`,
    );
  }

  if (coldStart) {
    const calls = coldStart.groups.flatMap((group) => group.calls);
    lines.push(
      `Cold start of the deployed functions, to the first answer: ` +
        calls
          .map((call) => `${call.function} ${call.coldStartMs} ms (rss ${call.rssMegabytes} MB)`)
          .join(', '),
    );
  }

  if (dashboard) {
    for (const [persona, { profiles }] of Object.entries(dashboard.personas))
      for (const [profile, figures] of Object.entries(profiles)) {
        const first = figures.firstScreen;
        // Every figure with a target: the first screen's, each screen change's and the visit's CLS.
        const marks = [
          ...Object.values(first.targets),
          ...figures.screens.flatMap((screen) => Object.values(screen.targets)),
          figures.cls.target,
        ];
        const missed = marks.filter((target) => target === 'missed').length;
        targets[`dashboard_${persona}_${profile}`] = missed === 0;
        const slowest = figures.slowestChange;
        lines.push(
          `Dashboard, ${persona} (${profile}): first screen usable at ${first.median.usableMs} ms, LCP ${first.median.lcpMs} ms, ` +
            `${first.median.kilobytes} KB in ${first.median.requests} requests; slowest screen change ${slowest.name} ${slowest.usableMs} ms (INP ${slowest.inpMs} ms); ` +
            `CLS ${figures.cls.median}; ${marks.length - missed} of ${marks.length} targets met (${mark(missed === 0)})`,
        );
      }
  }

  const out = path.join(__dirname, 'results.json');
  const combined = {
    measuredAt: new Date().toISOString(),
    targets,
    firstSlide,
    saves,
    insights,
    startup,
    coldStart,
    dashboard,
  };
  fs.writeFileSync(out, `${JSON.stringify(combined, null, 2)}\n`);
  console.log(
    ['', 'Benchmark summary', ...lines, `All figures: ${path.relative(process.cwd(), out)}`].join('\n'),
  );
}

main();
