// What a respondent on a phone downloads and waits for before the first question (every request
// sent before it is on screen, compressed bytes on the wire including headers, and the time until
// it can be answered), for our survey and,
// in the same run and through the same harness, two peers: the same Quickscan rendered by SurveyJS
// and a bare React page with the first slide alone (the floor). Debian Chromium at 390×844 with the
// CPU slowed 4×, a cold browser cache each run, every page served compressed by the same static
// server as production hosting would; the three are measured in turn within each round, so a noisy
// moment of the machine falls on all of them. Writes e2e/bench/results/first-slide.json. Chromium
// is driven over the DevTools protocol alone (cdp-browser.ts), so nothing but the page runs in it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closeServer, createStaticServer, ensureBuilt, startStack } from '@toolkit/dev-stack';
import { CdpBrowser, type CdpPage } from './cdp-browser';
import { buildPeers, PEERS_DIR } from './peers/build';

const root = path.resolve(__dirname, '../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
/** Issue 4's budget, and issue 18's targets as shares of SurveyJS's figures. */
const BUDGET = { kilobytes: 200, milliseconds: 850 };
const TARGET_SHARE_OF_SURVEYJS = { kilobytes: 0.4, firstSlideMs: 0.5 };
const PEERS_PORT = 3210;
const PORTS = {
  shell: 3200,
  survey: 3201,
  dashboard: 3202,
  journey: 3203,
  billing: 3204,
  auth: 9299,
  content: 4200,
  functions: 5201,
  mail: 1280,
  smtp: 1225,
};
const SLIDE_PATH = '/survey/demo-publisher/quickscan/section/1/slide/1';

const quickscan = JSON.parse(
  fs.readFileSync(path.join(root, 'packages/content/content/quickscan.json'), 'utf8'),
) as { sections: { questions: { title: string }[] }[] };
const firstTitle = quickscan.sections[0]?.questions[0]?.title ?? '';

/** The page's own record of the moment, a promise the bench awaits once the page is there. */
const FIRST_SLIDE_GLOBAL = '__benchFirstSlide';

/**
 * The script the page runs (plain JavaScript, so no compiler helper can leak into it): it notes the
 * first frame at which a level-1 heading titled `title` has a size ("shown"), and the first at
 * which such a heading that is not inert has one ("usable": a page drawn before its scripts may
 * keep its controls inert until they arrive), in epoch ms and in the page's own clock, as a
 * promise the bench reads afterwards. It waits on DOM changes, not on every frame: polling each
 * frame would have the page render frames that a respondent's browser does not, on the same busy
 * thread.
 */
const watchFirstSlide = (title: string) => `(() => {
  let report;
  window.${FIRST_SLIDE_GLOBAL} = new Promise((resolve) => (report = resolve));
  const sized = (h1) => h1.textContent.trim() === ${JSON.stringify(title)} && h1.getBoundingClientRect().height > 0;
  const headings = () => [...document.querySelectorAll('h1')].filter(sized);
  let shown;
  let waiting = false;
  const atFrame = () => {
    waiting = false;
    const found = headings();
    if (found.length === 0) return;
    const ms = performance.now();
    shown ??= { at: performance.timeOrigin + ms, ms };
    if (!found.some((h1) => !h1.closest('[inert]'))) return;
    observer.disconnect();
    report(JSON.stringify({ ...shown, usableMs: ms }));
  };
  const nextFrame = () => {
    if (waiting) return;
    waiting = true;
    requestAnimationFrame(atFrame);
  };
  const observer = new MutationObserver(nextFrame);
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
})()`;

/**
 * Waits for the page's record of the first slide. Until the new document is in, the expression
 * finds nothing (or its context goes away), so it is asked again shortly after.
 */
async function firstSlideShown(page: CdpPage): Promise<{ at: number; ms: number; usableMs: number }> {
  const deadline = Date.now() + 30_000;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const { result } = await page.send<{ result: { value?: unknown } }>('Runtime.evaluate', {
        expression: `window.${FIRST_SLIDE_GLOBAL}`,
        awaitPromise: true,
        returnByValue: true,
      });
      if (typeof result.value === 'string') return JSON.parse(result.value);
    } catch (error) {
      // Usually the document this was asked in was replaced by the survey's page; kept, in case
      // it was something else (the browser gone), for the error below.
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The first question did not show within 30 s', { cause: lastError });
}

interface Run {
  kilobytes: number;
  requests: number;
  firstSlideMs: number;
  /** Until the first question can be answered (the same moment, for a page without an inert first draw). */
  usableMs: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

async function measure(browser: CdpBrowser, url: string): Promise<Run> {
  const page = await browser.newPage();
  await page.send('Emulation.setDeviceMetricsOverride', {
    width: 390,
    height: 844,
    deviceScaleFactor: 1,
    mobile: true,
  });
  await page.send('Network.enable');
  await page.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // Requests by id: when each was sent (epoch ms) and, once finished, its bytes on the wire.
  const sent = new Map<string, { url: string; at: number; bytes?: number }>();
  page.on('Network.requestWillBeSent', (params) => {
    const event = params as { requestId: string; wallTime: number; request: { url: string } };
    if (!sent.has(event.requestId))
      sent.set(event.requestId, { url: event.request.url, at: event.wallTime * 1000 });
  });
  page.on('Network.loadingFinished', (params) => {
    const event = params as { requestId: string; encodedDataLength: number };
    const request = sent.get(event.requestId);
    if (request) request.bytes = event.encodedDataLength;
  });
  page.on('Network.loadingFailed', (params) => {
    const event = params as { requestId: string };
    const request = sent.get(event.requestId);
    if (request) request.bytes = 0;
  });
  // The page notes the moment the first question's heading is on screen itself. Only the Page
  // domain is enabled (scripts for new documents need it): the Runtime domain would have the
  // browser report every context and console message of the throttled page to the bench, work that
  // no respondent's browser does.
  await page.send('Page.enable');
  await page.send('Page.addScriptToEvaluateOnNewDocument', {
    source: watchFirstSlide(firstTitle),
  });
  await page.send('Page.navigate', { url });
  const { at: firstSlideAt, ms: firstSlideMs, usableMs } = await firstSlideShown(page);
  // What was needed to reach the slide: every request sent before it showed (and all of its bytes,
  // even if it finished later). Requests made after it, such as the sign-in session that a survey
  // loads once its first screen is painted, are not counted.
  const needed = () => [...sent.values()].filter((request) => request.at <= firstSlideAt);
  const deadline = Date.now() + 10_000;
  while (needed().some((request) => request.bytes === undefined) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  let bytes = 0;
  for (const request of needed()) {
    bytes += request.bytes ?? 0;
    if (process.env.BENCH_VERBOSE)
      console.log(`${((request.bytes ?? 0) / 1024).toFixed(1).padStart(7)} KB ${request.url}`);
  }
  if (process.env.BENCH_VERBOSE) {
    for (const request of sent.values())
      if (request.at > firstSlideAt) console.log(`  after the slide: ${request.url}`);
  }
  const requests = needed().length;
  const run = { kilobytes: bytes / 1024, requests, firstSlideMs, usableMs };
  await page.close();
  return run;
}

const round1 = (value: number) => Number(value.toFixed(1));

function summary(runs: Run[]) {
  return {
    median: {
      kilobytes: round1(median(runs.map((r) => r.kilobytes))),
      requests: median(runs.map((r) => r.requests)),
      firstSlideMs: Math.round(median(runs.map((r) => r.firstSlideMs))),
      usableMs: Math.round(median(runs.map((r) => r.usableMs))),
    },
    all: runs.map((r) => ({
      ...r,
      kilobytes: round1(r.kilobytes),
      firstSlideMs: Math.round(r.firstSlideMs),
      usableMs: Math.round(r.usableMs),
    })),
  };
}

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
    const pages = {
      toolkit: `${stack.urls.app.replace(/\/$/, '')}${SLIDE_PATH}`,
      surveyjs: `http://127.0.0.1:${PEERS_PORT}/surveyjs/`,
      floor: `http://127.0.0.1:${PEERS_PORT}/floor/`,
    };
    const names = Object.keys(pages) as (keyof typeof pages)[];
    // Warms each server's compression cache; not counted.
    for (const name of names) await measure(browser, pages[name]);
    const runs = Object.fromEntries(names.map((name) => [name, [] as Run[]])) as Record<
      keyof typeof pages,
      Run[]
    >;
    for (let i = 0; i < RUNS; i += 1)
      for (const name of names) runs[name].push(await measure(browser, pages[name]));
    const figures = Object.fromEntries(names.map((name) => [name, summary(runs[name])])) as Record<
      keyof typeof pages,
      ReturnType<typeof summary>
    >;
    const ours = figures.toolkit.median;
    const peer = figures.surveyjs.median;
    const result = {
      measuredAt: new Date().toISOString(),
      what: `cold load of the Quickscan until its first question is visible (and until it can be answered): ours at ${SLIDE_PATH}, SurveyJS ${pkgVersion('survey-core')} with the same definition, and a bare React page`,
      conditions: 'Debian Chromium, 390×844 mobile viewport, CPU throttled 4×, localhost, cache disabled',
      runs: RUNS,
      budget: BUDGET,
      targetShareOfSurveyJs: TARGET_SHARE_OF_SURVEYJS,
      shareOfSurveyJs: {
        kilobytes: Number((ours.kilobytes / peer.kilobytes).toFixed(2)),
        firstSlideMs: Number((ours.firstSlideMs / peer.firstSlideMs).toFixed(2)),
        usableMs: Number((ours.usableMs / peer.usableMs).toFixed(2)),
      },
      ...figures,
    };
    const out = path.join(__dirname, 'results', 'first-slide.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    for (const name of names) {
      const { kilobytes, requests, firstSlideMs, usableMs } = figures[name].median;
      console.log(
        `first slide, ${name.padEnd(8)}: ${kilobytes} KB in ${requests} requests, shown at ${firstSlideMs} ms, usable at ${usableMs} ms`,
      );
    }
    console.log(
      `ours as a share of SurveyJS: ${result.shareOfSurveyJs.kilobytes}× the bytes (target ${TARGET_SHARE_OF_SURVEYJS.kilobytes}×), ` +
        `${result.shareOfSurveyJs.firstSlideMs}× the time (target ${TARGET_SHARE_OF_SURVEYJS.firstSlideMs}×), ` +
        `usable at ${result.shareOfSurveyJs.usableMs}× SurveyJS's time — written to ${path.relative(root, out)}`,
    );
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
