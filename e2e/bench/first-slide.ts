// Budget of issue 4: what a respondent on a phone downloads and waits for before the first
// question (every request sent before it is on screen, compressed bytes on the wire including
// headers). Debian Chromium at 390×844 with the CPU slowed 4×, a cold browser cache each run, the
// local stack on its own ports (compressed as production hosting serves it). Writes the figures
// to e2e/bench/results/first-slide.json. Chromium is driven over the DevTools protocol alone
// (cdp-browser.ts), so nothing but the product runs in the page.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, startStack } from '@toolkit/dev-stack';
import { CdpBrowser, type CdpPage } from './cdp-browser';

const root = path.resolve(__dirname, '../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const BUDGET = { kilobytes: 200, milliseconds: 850 };
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
 * first frame at which the heading titled `title` has a size, in epoch ms and in the page's own
 * clock, as a promise the bench reads afterwards. It waits on DOM changes, not on every frame:
 * polling each frame would have the page render frames that a respondent's browser does not, on
 * the same busy thread.
 */
const watchFirstSlide = (title: string) => `(() => {
  let report;
  window.${FIRST_SLIDE_GLOBAL} = new Promise((resolve) => (report = resolve));
  const shown = () => {
    const heading = document.querySelector('h1');
    return heading !== null && heading.textContent.trim() === ${JSON.stringify(title)};
  };
  let waiting = false;
  const atFrame = () => {
    waiting = false;
    if (!shown()) return;
    if (document.querySelector('h1').getBoundingClientRect().height === 0) return nextFrame();
    observer.disconnect();
    const ms = performance.now();
    report(JSON.stringify({ at: performance.timeOrigin + ms, ms }));
  };
  const nextFrame = () => {
    if (waiting) return;
    waiting = true;
    requestAnimationFrame(atFrame);
  };
  const observer = new MutationObserver(() => shown() && nextFrame());
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})()`;

/**
 * Waits for the page's record of the first slide. Until the new document is in, the expression
 * finds nothing (or its context goes away), so it is asked again shortly after.
 */
async function firstSlideShown(page: CdpPage): Promise<{ at: number; ms: number }> {
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
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

async function measure(browser: CdpBrowser, base: string): Promise<Run> {
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
  await page.send('Page.navigate', { url: `${base}${SLIDE_PATH}` });
  const { at: firstSlideAt, ms: firstSlideMs } = await firstSlideShown(page);
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
  const run = { kilobytes: bytes / 1024, requests, firstSlideMs };
  await page.close();
  return run;
}

async function main() {
  execFileSync('bash', [path.join(root, 'scripts/ensure-chromium.sh')], { stdio: 'inherit' });
  await ensureBuilt({ root, log: (line: string) => console.log(line) });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolkit-bench-'));
  const stack = await startStack({ root, ports: PORTS, dataDir, log: () => undefined });
  const browser = await CdpBrowser.launch();
  try {
    const base = stack.urls.app.replace(/\/$/, '');
    await measure(browser, base); // warms the server's compression cache; not counted
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await measure(browser, base));
    const result = {
      measuredAt: new Date().toISOString(),
      what: `cold load of ${SLIDE_PATH} until its first question is visible`,
      conditions: 'Debian Chromium, 390×844 mobile viewport, CPU throttled 4×, localhost, cache disabled',
      runs: runs.length,
      budget: BUDGET,
      median: {
        kilobytes: Number(median(runs.map((r) => r.kilobytes)).toFixed(1)),
        requests: median(runs.map((r) => r.requests)),
        firstSlideMs: Math.round(median(runs.map((r) => r.firstSlideMs))),
      },
      all: runs.map((r) => ({
        ...r,
        kilobytes: Number(r.kilobytes.toFixed(1)),
        firstSlideMs: Math.round(r.firstSlideMs),
      })),
    };
    const out = path.join(__dirname, 'results', 'first-slide.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify(result.median));
    console.log(
      `first slide: ${result.median.kilobytes} KB (budget ${BUDGET.kilobytes}), ` +
        `${result.median.firstSlideMs} ms (budget ${BUDGET.milliseconds}) — written to ${path.relative(root, out)}`,
    );
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
