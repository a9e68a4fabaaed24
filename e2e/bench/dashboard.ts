// Is the dashboard as quick as the survey? For a new business's owner and for a publisher's owner
// (the seeded demo publisher, its two surveys completed by a dozen respondents through the callables),
// each signed in through the portal's form and the inbox, on the phone of first-slide.ts (390×844,
// CPU slowed 4×, no cache) without network emulation and on a 4G-like network: the first screen
// after sign-in, each other section of the menu tapped in turn, and CLS over the visit
// (dashboard-visit.ts). Medians of BENCH_RUNS visits (3 by default), each figure
// marked against its target (dashboard-figures.ts). Writes e2e/bench/results/dashboard.json, and
// fails when a screen's bytes grew by more than 10 % over the figures committed there before.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, signUpProven, startStack } from '@toolkit/dev-stack';
import { API, type ApiResponses } from '@toolkit/domain';
import { PUBLISHERS } from '@toolkit/server/local';
import { CdpBrowser, NETWORK_PROFILES } from './cdp-browser';
import {
  bytesGrown,
  clsMark,
  describeGrowth,
  firstScreenMarks,
  median,
  screenChangeMarks,
  TARGETS,
  type DashboardBytes,
  type FirstScreen,
  type Marks,
  type ProfileName,
  type ScreenChange,
} from './dashboard-figures';
import {
  callApi,
  FIRST_NAME,
  signInThroughPortal,
  signUpBusinessOwner,
  stackAuthEmulator,
  type Stack,
} from './dashboard-first-screen';
import { visitDashboard, type Visit } from './dashboard-visit';

const root = path.resolve(__dirname, '../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const OUT = path.join(__dirname, 'results', 'dashboard.json');
// Apart from the other benches' and the e2e suite's ports, so that none of them holds one.
const PORTS = {
  shell: 3230,
  survey: 3231,
  dashboard: 3232,
  journey: 3233,
  billing: 3234,
  auth: 9296,
  content: 4230,
  functions: 5231,
  mail: 1290,
  smtp: 1235,
};

interface Persona {
  name: 'business' | 'publisher';
  who: string;
  firstName: string;
  /** Makes the account if need be; answers its address. */
  account(stack: Stack): Promise<string>;
}

const publisher = PUBLISHERS[0]!;
/** How many completed results the publisher has received before its owner's visits. */
const RECEIVED = 12;
const SECTORS = ['hospitality', 'retail', 'professional-services', 'construction'];

/**
 * RECEIVED results completed through the callables, half of them the Quickscan by anonymous
 * respondents (as a survey link's visitors), half the business Quickscan (which needs an account)
 * by new businesses' owners, so that the publisher's screens show results for both its surveys
 * rather than their empty states.
 */
async function receiveResults(stack: Stack) {
  const emulator = stackAuthEmulator(stack);
  for (let i = 0; i < RECEIVED; i += 1) {
    const company = `Bench Business ${i + 1}`;
    const anonymous = i % 2 === 0;
    const { idToken } = anonymous
      ? await emulator.identity<{ idToken: string }>('signUp', {})
      : await signUpProven(emulator, `bench-respondent-${Date.now()}-${i}@example.com`, (first: string) =>
          callApi<ApiResponses[typeof API.completeSignup]>(
            stack,
            API.completeSignup,
            { toolkit: 'quickscan', organisationName: company, firstName: 'Sam', lastName: 'Harbour' },
            first,
          ),
        );
    const survey = { tenantId: publisher.tenantId, surveyId: anonymous ? 'quickscan' : 'business-quickscan' };
    const { resultId } = await callApi<{ resultId: string }>(
      stack,
      API.startResult,
      { ...survey, ...(anonymous ? { prefill: { answers: { 'company-name': company } } } : {}) },
      idToken,
    );
    const answers = { 'industry-sector': SECTORS[i % SECTORS.length], 'energy-tracking': i % 5 };
    let seq = 0;
    for (const [questionId, answer] of Object.entries(answers))
      await callApi(stack, API.saveAnswer, { ...survey, resultId, questionId, answer, seq: ++seq }, idToken);
    await callApi(stack, API.completeResult, { ...survey, resultId }, idToken);
  }
}

const PERSONAS: Persona[] = [
  {
    name: 'business',
    who: "a new business's owner (signed up for the Quickscan, free plan, no result yet)",
    firstName: FIRST_NAME,
    account: signUpBusinessOwner,
  },
  {
    name: 'publisher',
    who: `the owner of the seeded publisher ${publisher.name}, who has received ${RECEIVED} completed results, half for each of its two surveys`,
    firstName: publisher.owner.firstName,
    account: async (stack) => {
      await receiveResults(stack);
      return publisher.owner.email;
    },
  },
];

type Figures<T> = { median: T; targets: Marks<T>; all: T[] };

function summarise<T extends object>(all: T[], marks: (median: T) => Marks<T>): Figures<T> {
  const keys = Object.keys(all[0]!) as (keyof T)[];
  const middle = Object.fromEntries(
    keys.map((key) => [key, median(all.map((run) => run[key] as number))]),
  ) as T;
  return { median: middle, targets: marks(middle), all };
}

/** A figure as printed, with its target's mark where it has one. */
const shown = (value: number, unit: string, target?: string) =>
  `${value}${unit}${target ? ` (${target === 'met' ? 'met' : 'MISSED'})` : ''}`;

function profileFigures(profile: ProfileName, visits: Visit[]) {
  const firstScreen = summarise<FirstScreen>(
    visits.map((visit) => visit.firstScreen),
    (figures) => firstScreenMarks(profile, figures),
  );
  const names = visits[0]!.screens.map((screen) => screen.name);
  const screens = names.map((name) => {
    const runs = visits.map((visit) => visit.screens.find((screen) => screen.name === name));
    if (runs.some((run) => !run)) throw new Error(`${name} was not in every visit's menu`);
    const { path: address, heading } = runs[0]!;
    const figures = summarise<ScreenChange>(
      runs.map((run) => ({
        usableMs: run!.usableMs,
        inpMs: run!.inpMs,
        kilobytes: run!.kilobytes,
        requests: run!.requests,
        cls: run!.cls,
      })),
      screenChangeMarks,
    );
    return { name, path: address, heading, ...figures };
  });
  const cls = median(visits.map((visit) => visit.cls));
  const slowest = screens.reduce((a, b) => (b.median.usableMs > a.median.usableMs ? b : a));
  return {
    firstScreen,
    screens,
    slowestChange: { name: slowest.name, usableMs: slowest.median.usableMs, inpMs: slowest.median.inpMs },
    cls: { median: cls, target: clsMark(cls), all: visits.map((visit) => visit.cls) },
  };
}

function print(persona: Persona, profile: ProfileName, figures: ReturnType<typeof profileFigures>) {
  const { median: first, targets } = figures.firstScreen;
  console.log(
    `dashboard, ${persona.name}, ${profile}: first screen usable at ${shown(first.usableMs, ' ms', targets.usableMs)}, ` +
      `LCP ${first.lcpMs} ms, ${shown(first.kilobytes, ' KB', targets.kilobytes)} in ${shown(first.requests, ' requests', targets.requests)} until then, ` +
      `CLS ${shown(first.cls, '', targets.cls)}`,
  );
  for (const { name, median: change, targets: marks } of figures.screens)
    console.log(
      `  tap ${name}: usable after ${shown(change.usableMs, ' ms', marks.usableMs)}, INP ${shown(change.inpMs, ' ms', marks.inpMs)}, ` +
        `${change.kilobytes} KB in ${change.requests} requests, CLS ${shown(change.cls, '', marks.cls)}`,
    );
  console.log(`  CLS over the visit ${shown(figures.cls.median, '', figures.cls.target)}`);
}

/** The figures committed before this run (the bytes check's baseline), if any. */
function committedFigures(): DashboardBytes | null {
  try {
    const text = execFileSync('git', ['show', `HEAD:${path.relative(root, OUT)}`], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return JSON.parse(text) as DashboardBytes;
  } catch {
    return null;
  }
}

async function main() {
  const committed = committedFigures();
  const loadAtStart = os.loadavg()[0]!;
  execFileSync('bash', [path.join(root, 'scripts/ensure-chromium.sh')], { stdio: 'inherit' });
  await ensureBuilt({ root, log: (line: string) => console.log(line) });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolkit-bench-dashboard-'));
  const stack = await startStack({ root, ports: PORTS, dataDir, log: () => undefined });
  const browser = await CdpBrowser.launch();
  const started = performance.now();
  try {
    const url = `${stack.urls.app.replace(/\/$/, '')}/dashboard`;
    const personas: Record<
      string,
      { who: string; profiles: Record<string, ReturnType<typeof profileFigures>> }
    > = {};
    for (const persona of PERSONAS) {
      const context = await browser.newContext();
      try {
        await signInThroughPortal(browser, context, stack, await persona.account(stack));
        // Warms the servers' compression caches and the API's first reads; not counted.
        await visitDashboard(browser, NETWORK_PROFILES[0]!, context, url, persona.firstName);
        const profiles: Record<string, ReturnType<typeof profileFigures>> = {};
        for (const profile of NETWORK_PROFILES) {
          const visits: Visit[] = [];
          for (let i = 0; i < RUNS; i += 1)
            visits.push(await visitDashboard(browser, profile, context, url, persona.firstName));
          profiles[profile.name] = profileFigures(profile.name, visits);
          print(persona, profile.name, profiles[profile.name]!);
        }
        personas[persona.name] = { who: persona.who, profiles };
      } finally {
        await browser.disposeContext(context);
      }
    }
    const loadAtEnd = os.loadavg()[0]!;
    const result = {
      measuredAt: new Date().toISOString(),
      what: "the dashboard after sign-in on a phone: the first screen (LCP, usable, bytes and requests until usable), each other section of the menu tapped in turn (from the tap until usable, the tap's INP, the bytes its requests downloaded until then) and CLS (until the first tap, per screen until the next tap, and over the visit); medians of the runs",
      conditions:
        'Debian Chromium, 390×844 mobile viewport, CPU throttled 4×, localhost, cache disabled; each network profile in turn',
      load: {
        averageAtStart: Number(loadAtStart.toFixed(2)),
        averageAtEnd: Number(loadAtEnd.toFixed(2)),
        cpus: os.cpus().length,
        note: 'a machine shared with other builds and tests: times move with its load, bytes and requests do not',
      },
      runs: RUNS,
      seconds: Math.round((performance.now() - started) / 1000),
      targets: TARGETS,
      personas,
    };
    const grown = bytesGrown(committed, result);
    fs.mkdirSync(path.dirname(OUT), { recursive: true });
    fs.writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`written to ${path.relative(root, OUT)} (${result.seconds} s of visits)`);
    if (grown.length > 0) {
      console.error(
        ['The dashboard downloads more than the committed figures allow:', ...grown.map(describeGrowth)].join(
          '\n  ',
        ),
      );
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
