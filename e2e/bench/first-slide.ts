// What a respondent on a phone downloads and waits for before the survey's first question is shown
// and before it can be answered (every request sent until then, compressed bytes on the wire
// including headers), for our survey and, in the same run and through the same harness, two peers:
// the same Quickscan rendered by SurveyJS and a bare React page with that slide alone (the floor).
// Debian Chromium at 390×844 with the CPU slowed 4×, a cold browser cache each run, every page
// served compressed by the same static server as production hosting would, once without network
// emulation and once on a 4G-like network; the three are measured in turn within each round, so a
// noisy moment of the machine falls on all of them. Then the dashboard's first screen after sign-in
// (dashboard-first-screen.ts), so that its growth shows too. Writes e2e/bench/results/first-slide.json.
// Chromium is driven over the DevTools protocol alone (cdp-browser.ts), so nothing but the page runs in it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closeServer, createStaticServer, ensureBuilt, startStack } from '@toolkit/dev-stack';
import {
  askPage,
  CdpBrowser,
  NETWORK_PROFILES,
  phonePage,
  type CdpPage,
  type NetworkProfile,
} from './cdp-browser';
import { measureDashboard } from './dashboard-first-screen';
import { buildPeers, firstQuestion, PEERS_DIR, readQuickscan } from './peers/build';

const root = path.resolve(__dirname, '../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
/** The first slide's budget, and the targets as shares of SurveyJS's figures until answerable. */
const BUDGET = { kilobytes: 200, milliseconds: 850 };
const TARGET_SHARE_OF_SURVEYJS = { kilobytes: 0.4, answerableMs: 0.5 };
const PEERS_PORT = 3210;
const PORTS = {
  shell: 3200,
  survey: 3201,
  dashboard: 3202,
  journey: 3203,
  billing: 3204,
  // Not 9299, the Firebase Eventarc emulator's default, which other work on this machine may hold.
  auth: 9298,
  content: 4200,
  functions: 5201,
  mail: 1280,
  smtp: 1225,
};

const question = firstQuestion(readQuickscan());
const SLIDE_PATH = `/survey/demo-publisher/quickscan/section/${question.sectionId}/slide/${question.slide}`;
/** What the bench types into a text question. */
const TYPED = 'A';

type PageName = 'toolkit' | 'surveyjs' | 'floor';

/**
 * The script each page runs from its start (plain JavaScript, so no compiler helper can leak into
 * it). It notes the first frame at which the question's title is on screen (its element has a size)
 * ("shown"), for the bench to read afterwards, waiting on DOM changes rather than on every
 * frame (polling each frame would have the page render frames that a respondent's browser does
 * not). It notes when the page handles each input, and answers the bench's probe: where the
 * question's control is on screen, whether it shows the answer, and whether the answer is kept.
 *
 * Kept: for ours, the app's own slide shows it (the early slide, `.es`, is gone and the app's root
 * is visible): the app's controls are controlled React inputs, so what they show is the app's state,
 * the answer it saves; an answer given on the early slide counts only once the app has adopted it.
 * For the peers, their control shows it and their model holds it (`__benchAnswer`).
 */
const pageScript = (name: PageName) => `(() => {
  const TITLE = ${JSON.stringify(question.title)};
  const KIND = ${JSON.stringify(question.kind)};
  const PAGE = ${JSON.stringify(name)};
  const QUESTION = ${JSON.stringify(question.id)};
  const TYPED = ${JSON.stringify(TYPED)};
  const inputs = [];
  // 'input' only: it fires for typing and taps alike, while 'change' also fires when a field merely
  // loses focus (ours, as the app takes over from the early slide), which is no input of the respondent's.
  window.addEventListener('input', () => inputs.push(performance.now()), true);
  const sized = (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  // The title's text on screen, whatever element holds it (SurveyJS's question titles are no headings).
  const titled = () => {
    const walker = document.createTreeWalker(document.body ?? document, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (node.data.includes(TITLE) && node.parentElement && sized(node.parentElement)) return true;
    return false;
  };
  let waiting = false;
  const atFrame = () => {
    waiting = false;
    if (!titled()) return;
    observer.disconnect();
    const ms = performance.now();
    window.__benchShown = JSON.stringify({ ms });
  };
  const observer = new MutationObserver(() => {
    if (waiting) return;
    waiting = true;
    requestAnimationFrame(atFrame);
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });

  const SELECTOR = KIND === 'text' ? 'input[type=text],input:not([type]),textarea' : 'input[type=radio]';
  const appRoot = () => {
    const root = document.getElementById('root');
    return root && !root.hidden && !document.querySelector('.es') ? root : null;
  };
  const shows = (control) => (KIND === 'text' ? control.value === TYPED : control.checked);
  const modelHolds = () => {
    const value = window.__benchAnswer?.(QUESTION);
    return KIND === 'text' ? value === TYPED : value !== undefined && value !== null && value !== '';
  };
  window.__benchProbe = () => {
    const region = PAGE === 'toolkit' ? document.querySelector('.es') ?? appRoot() : document.body;
    const control = region && [...region.querySelectorAll(SELECTOR)][0];
    if (!control) return JSON.stringify({ nowMs: performance.now() });
    const target = KIND === 'text' ? control : control.closest('label') ?? control;
    if (!sized(target)) return JSON.stringify({ nowMs: performance.now() });
    let box = target.getBoundingClientRect();
    if (box.top < 0 || box.bottom > innerHeight) {
      target.scrollIntoView({ block: 'center' });
      box = target.getBoundingClientRect();
    }
    const shown = shows(control);
    const kept = shown && (PAGE === 'toolkit' ? region === appRoot() : modelHolds());
    return JSON.stringify({
      x: box.left + box.width / 2,
      y: box.top + box.height / 2,
      shows: shown,
      kept,
      lastInputMs: inputs.at(-1) ?? null,
      nowMs: performance.now(),
      origin: performance.timeOrigin,
    });
  };
})()`;

interface Probe {
  x?: number;
  y?: number;
  shows?: boolean;
  kept?: boolean;
  lastInputMs?: number | null;
  nowMs: number;
  origin?: number;
}

/**
 * Answers the first question as an eager respondent does: taps its control (and types, for text)
 * as soon as it is on screen, again whenever it shows no answer (a control that ignored the tap, or
 * an answer the app did not adopt, is tried again), until the answer is kept. Answerable: when the
 * page handled the input whose answer was kept; kept: when that was first seen (epoch ms and the
 * page's clock).
 */
async function answerFirstQuestion(page: CdpPage, name: PageName) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    let probe: Probe | null = null;
    try {
      const { result } = await page.send<{ result: { value?: unknown } }>('Runtime.evaluate', {
        expression: 'window.__benchProbe?.() ?? null',
        returnByValue: true,
      });
      if (typeof result.value === 'string') probe = JSON.parse(result.value) as Probe;
    } catch {
      // The document was being replaced (the page's own navigation): asked again below.
    }
    if (probe?.kept && probe.origin !== undefined) {
      const ms = probe.lastInputMs ?? probe.nowMs;
      return { at: probe.origin + ms, ms, kept: { at: probe.origin + probe.nowMs, ms: probe.nowMs } };
    }
    if (probe?.x !== undefined && probe.y !== undefined && !probe.shows) {
      const tap = { x: probe.x, y: probe.y, button: 'left', clickCount: 1 };
      await page.send('Input.dispatchMouseEvent', { type: 'mousePressed', ...tap });
      await page.send('Input.dispatchMouseEvent', { type: 'mouseReleased', ...tap });
      if (question.kind === 'text') await page.send('Input.insertText', { text: TYPED });
    }
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  throw new Error(`${name}'s first question could not be answered within 60 s`);
}

interface Run {
  shownMs: number;
  answerableMs: number;
  /** When the answer was first seen kept (ours: in the app's own slide) and what was sent until then. */
  keptMs: number;
  keptKilobytes: number;
  /** What was downloaded until the first question could be answered. */
  kilobytes: number;
  requests: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

async function measure(
  browser: CdpBrowser,
  profile: NetworkProfile,
  name: PageName,
  url: string,
): Promise<Run> {
  const { page, requests } = await phonePage(browser, profile);
  try {
    await page.send('Page.addScriptToEvaluateOnNewDocument', { source: pageScript(name) });
    await page.send('Page.navigate', { url });
    const answerable = await answerFirstQuestion(page, name);
    const shown = await askPage<{ ms: number }>(
      page,
      'window.__benchShown',
      `${name}'s first question showing`,
      5_000,
    );
    const untilKept = await requests.until(answerable.kept.at);
    const run = {
      shownMs: shown.ms,
      answerableMs: answerable.ms,
      keptMs: answerable.kept.ms,
      keptKilobytes: untilKept.kilobytes,
      ...(await requests.until(answerable.at)),
    };
    if (process.env.BENCH_VERBOSE) console.log(profile.name, name, JSON.stringify(run));
    return run;
  } finally {
    await page.close();
  }
}

const round1 = (value: number) => Number(value.toFixed(1));

function summary(runs: Run[]) {
  const rounded = (run: Run) => ({
    shownMs: Math.round(run.shownMs),
    answerableMs: Math.round(run.answerableMs),
    keptMs: Math.round(run.keptMs),
    keptKilobytes: round1(run.keptKilobytes),
    kilobytes: round1(run.kilobytes),
    requests: run.requests,
  });
  return {
    median: rounded({
      shownMs: median(runs.map((r) => r.shownMs)),
      answerableMs: median(runs.map((r) => r.answerableMs)),
      keptMs: median(runs.map((r) => r.keptMs)),
      keptKilobytes: median(runs.map((r) => r.keptKilobytes)),
      kilobytes: median(runs.map((r) => r.kilobytes)),
      requests: median(runs.map((r) => r.requests)),
    }),
    all: runs.map(rounded),
  };
}

const share = (ours: number, theirs: number) => Number((ours / theirs).toFixed(2));

async function main() {
  execFileSync('bash', [path.join(root, 'scripts/ensure-chromium.sh')], { stdio: 'inherit' });
  await ensureBuilt({ root, log: (line: string) => console.log(line) });
  await buildPeers();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolkit-bench-'));
  const stack = await startStack({ root, ports: PORTS, dataDir, log: () => undefined });
  const peers = createStaticServer({ dist: PEERS_DIR });
  await new Promise<void>((resolve) => peers.listen(PEERS_PORT, '127.0.0.1', resolve));
  const browser = await CdpBrowser.launch();
  try {
    const pages: Record<PageName, string> = {
      toolkit: `${stack.urls.app.replace(/\/$/, '')}${SLIDE_PATH}`,
      surveyjs: `http://127.0.0.1:${PEERS_PORT}/surveyjs/?question=${question.id}`,
      floor: `http://127.0.0.1:${PEERS_PORT}/floor/`,
    };
    const names = Object.keys(pages) as PageName[];
    // Warms each server's compression cache; not counted.
    for (const name of names) await measure(browser, NETWORK_PROFILES[0]!, name, pages[name]);
    const profiles: Record<string, unknown> = {};
    const shares: Record<string, { kilobytes: number; shownMs: number; answerableMs: number }> = {};
    for (const profile of NETWORK_PROFILES) {
      const runs = Object.fromEntries(names.map((name) => [name, [] as Run[]])) as Record<PageName, Run[]>;
      for (let i = 0; i < RUNS; i += 1)
        for (const name of names) runs[name].push(await measure(browser, profile, name, pages[name]));
      const figures = Object.fromEntries(names.map((name) => [name, summary(runs[name])])) as Record<
        PageName,
        ReturnType<typeof summary>
      >;
      const ours = figures.toolkit.median;
      const peer = figures.surveyjs.median;
      const profileShare = {
        kilobytes: share(ours.kilobytes, peer.kilobytes),
        shownMs: share(ours.shownMs, peer.shownMs),
        answerableMs: share(ours.answerableMs, peer.answerableMs),
      };
      shares[profile.name] = profileShare;
      profiles[profile.name] = { conditions: profile.conditions, shareOfSurveyJs: profileShare, ...figures };
      for (const name of names) {
        const { kilobytes, requests, shownMs, answerableMs, keptMs, keptKilobytes } = figures[name].median;
        console.log(
          `first question, ${profile.name.padEnd(11)} ${name.padEnd(8)}: shown at ${shownMs} ms, answerable at ${answerableMs} ms, ${kilobytes} KB in ${requests} requests until then; ` +
            `the answer seen kept at ${keptMs} ms, ${keptKilobytes} KB until then`,
        );
      }
      const met = (value: number, target: number) => (value <= target ? 'met' : 'MISSED');
      console.log(
        `ours as a share of SurveyJS (${profile.name}), until answerable: ${profileShare.answerableMs}× the time (target ${TARGET_SHARE_OF_SURVEYJS.answerableMs}×, ${met(profileShare.answerableMs, TARGET_SHARE_OF_SURVEYJS.answerableMs)}), ` +
          `${profileShare.kilobytes}× the bytes (target ${TARGET_SHARE_OF_SURVEYJS.kilobytes}×, ${met(profileShare.kilobytes, TARGET_SHARE_OF_SURVEYJS.kilobytes)}); shown at ${profileShare.shownMs}× its time`,
      );
    }
    const dashboard = await measureDashboard(browser, stack, RUNS);
    const result = {
      measuredAt: new Date().toISOString(),
      what:
        `cold load of the Quickscan's first question (${question.id}) until it is shown and until it can be answered (an answer given to it is kept): ` +
        `ours at ${SLIDE_PATH}, SurveyJS ${pkgVersion('survey-core')} with the same definition (fetched as JSON), and a bare React page with that slide (fetched as JSON); ` +
        `and the dashboard's first screen after sign-in`,
      conditions:
        'Debian Chromium, 390×844 mobile viewport, CPU throttled 4×, localhost, cache disabled; each network profile in turn',
      runs: RUNS,
      budget: BUDGET,
      targetShareOfSurveyJs: TARGET_SHARE_OF_SURVEYJS,
      shareOfSurveyJs: shares,
      profiles,
      dashboard,
    };
    const out = path.join(__dirname, 'results', 'first-slide.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`written to ${path.relative(root, out)}`);
  } finally {
    await browser.close();
    await closeServer(peers);
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A package's version, read from its package.json file (survey-core exports no ./package.json). */
function pkgVersion(name: string): string {
  const file = path.join(root, 'node_modules', name, 'package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
