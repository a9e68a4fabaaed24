// One visit of the dashboard on a phone, as a signed-in person makes it: /dashboard opened cold,
// then each other section of its menu opened by tapping its link, in the menu's order.
// First screen: usable as dashboard-first-screen.ts defines it, with the largest contentful
// paint the browser reported before the first tap, and what was downloaded until usable.
// A screen change: from the tap until the new screen is usable (another address, its own h1 on
// screen, nothing in the page loading: no spinner, nothing busy or inert), the INP of that tap
// (Event Timing, interactions of 16 ms or more), and what the requests sent meanwhile downloaded.
// Layout shifts without recent input are kept over the whole visit.
import { askPage, phonePage, type CdpBrowser, type CdpPage, type NetworkProfile } from './cdp-browser';
import { cumulativeLayoutShift, type FirstScreen, type ScreenChange, type Shift } from './dashboard-figures';

/** The page's side (plain JavaScript, run from the document's start). */
const watchVisit = (firstName: string) => `(() => {
  const FIRST_NAME = ${JSON.stringify(firstName)};
  const bench = (window.__bench = { lcpMs: null, shifts: [], events: [], tapMs: null, result: null });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.lcpMs = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (!entry.hadRecentInput) bench.shifts.push({ ms: entry.startTime, value: entry.value });
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.interactionId) bench.events.push({ id: entry.interactionId, ms: entry.startTime, duration: entry.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  addEventListener('pointerdown', (event) => { bench.tapMs = event.timeStamp; }, true);

  const sized = (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const loading = (root) =>
    root.querySelector('[role=status] svg, [aria-busy=true], [inert]') ||
    [...root.querySelectorAll('[role=status]')].some((status) => /loading/i.test(status.textContent));
  // What is awaited: the first screen, then each screen change (set by __benchChange).
  let awaited = { first: true };
  const atFrame = () => {
    waiting = false;
    if (!awaited) return;
    const h1 = [...document.querySelectorAll('h1')].find(sized);
    if (!h1) return;
    const ms = performance.now();
    const main = h1.closest('main') ?? document.body;
    if (loading(main) || h1.closest('[inert]')) return;
    const text = h1.textContent.trim();
    if (awaited.first) {
      if (!/^Welcome( back)?(,|$)/.test(text)) return;
      if (!text.includes(FIRST_NAME) || ![...main.querySelectorAll('a[href]')].some(sized)) return;
      bench.result = JSON.stringify({ origin: performance.timeOrigin, usableMs: ms });
    } else {
      if (location.pathname === awaited.path || (h1 === awaited.h1 && text === awaited.text)) return;
      bench.result = JSON.stringify({ usableMs: ms, tapMs: bench.tapMs, path: location.pathname, heading: text });
    }
    awaited = null;
  };
  let waiting = false;
  const check = () => {
    if (waiting) return;
    waiting = true;
    requestAnimationFrame(atFrame);
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });

  /** Before a tap: the screen now shown, which the next usable screen must differ from. */
  window.__benchChange = () => {
    const h1 = [...document.querySelectorAll('h1')].find(sized);
    awaited = { path: location.pathname, h1, text: h1?.textContent.trim() };
    bench.result = null;
    bench.tapMs = null;
    check();
    return '""';
  };
  /** The menu's links (labels and addresses), the current one marked. */
  window.__benchMenu = () => JSON.stringify(
    [...document.querySelectorAll('nav[aria-label=Dashboard] a[href]')].map((link) => ({
      name: link.textContent.trim(),
      href: link.getAttribute('href'),
      current: link.getAttribute('aria-current') === 'page',
    })),
  );
  /** Where to tap the menu's link to \`href\`, scrolled into view as a person scrolls the row to it. */
  window.__benchLink = (href) => {
    const link = document.querySelector('nav[aria-label=Dashboard] a[href="' + href + '"]');
    if (!link) return 'null';
    link.scrollIntoView({ block: 'nearest', inline: 'center' });
    const box = link.getBoundingClientRect();
    return JSON.stringify({ x: box.left + box.width / 2, y: box.top + box.height / 2 });
  };
  /**
   * The INP of the tap at \`tapMs\`: the longest event of its interaction, once the entries are in (they
   * are reported after the frame that follows the event); 0 when none took 16 ms.
   */
  window.__benchInteraction = (tapMs) => new Promise((resolve) =>
    requestAnimationFrame(() => setTimeout(() => {
      const durations = bench.events.filter((event) => event.ms >= tapMs - 1).map((event) => event.duration);
      resolve(JSON.stringify(Math.max(0, ...durations)));
    }, 100)),
  );
  window.__benchShifts = () => JSON.stringify(bench.shifts);
  window.__benchLcp = () => JSON.stringify(bench.lcpMs);
})()`;

const evaluate = async <T>(page: CdpPage, expression: string): Promise<T> => {
  const { result } = await page.send<{ result: { value?: unknown } }>('Runtime.evaluate', {
    expression,
    awaitPromise: true,
    returnByValue: true,
  });
  if (typeof result.value !== 'string') throw new Error(`The page answered nothing to ${expression}`);
  return JSON.parse(result.value) as T;
};

interface MenuLink {
  name: string;
  href: string;
  current: boolean;
}

export interface Visit {
  firstScreen: FirstScreen;
  screens: (ScreenChange & { name: string; path: string; heading: string })[];
  /** CLS over the whole visit. */
  cls: number;
}

/** A tap, as a phone's browser gets it (mouse events: the page is not in touch emulation). */
async function tap(page: CdpPage, point: { x: number; y: number }) {
  const at = { ...point, button: 'left', clickCount: 1 };
  await page.send('Input.dispatchMouseEvent', { type: 'mousePressed', ...at });
  await page.send('Input.dispatchMouseEvent', { type: 'mouseReleased', ...at });
}

/** One visit by the person signed in within `context`, whose greeting names `firstName`. */
export async function visitDashboard(
  browser: CdpBrowser,
  profile: NetworkProfile,
  context: string,
  dashboardUrl: string,
  firstName: string,
): Promise<Visit> {
  const { page, requests } = await phonePage(browser, profile, context);
  try {
    await page.send('Page.addScriptToEvaluateOnNewDocument', { source: watchVisit(firstName) });
    await page.send('Page.navigate', { url: dashboardUrl });
    const first = await askPage<{ origin: number; usableMs: number }>(
      page,
      'window.__bench?.result',
      "The dashboard's first screen",
      60_000,
    );
    const epoch = (ms: number) => first.origin + ms;
    const untilUsable = await requests.between(-Infinity, epoch(first.usableMs));
    const firstScreen = {
      lcpMs: Math.round((await evaluate<number | null>(page, '__benchLcp()')) ?? NaN),
      usableMs: Math.round(first.usableMs),
      kilobytes: Number(untilUsable.kilobytes.toFixed(1)),
      requests: untilUsable.requests,
    };
    const menu = await evaluate<MenuLink[]>(page, '__benchMenu()');
    const taps: number[] = [];
    /** When a screen was left other than by the next tap (going back), by its index. */
    const leftAt: number[] = [];
    const screens: Visit['screens'] = [];
    for (const link of menu.filter((entry) => !entry.current)) {
      // A person reads a screen before tapping on (here until the page has been quiet for 1.5 s):
      // what it fetches meanwhile (the next sections, read ahead) is in by then, rather than counted
      // in whichever tap it overlapped.
      await requests.quiet();
      await evaluate(page, '__benchChange()');
      const point = await evaluate<{ x: number; y: number } | null>(
        page,
        `__benchLink(${JSON.stringify(link.href)})`,
      );
      if (!point) throw new Error(`The menu has no link to ${link.name} (${link.href}) any more`);
      await tap(page, point);
      const change = await askPage<{ usableMs: number; tapMs: number | null; path: string; heading: string }>(
        page,
        'window.__bench.result',
        `${link.name} after tapping its link`,
        30_000,
      );
      if (change.tapMs === null) throw new Error(`The tap on ${link.name} reached no page`);
      const inpMs = await evaluate<number>(page, `__benchInteraction(${change.tapMs})`);
      const downloaded = await requests.between(epoch(change.tapMs), epoch(change.usableMs));
      taps.push(change.tapMs);
      // A section drawn by another remote (Plans) has no dashboard menu: back, as a person goes, unmeasured.
      if ((await evaluate<MenuLink[]>(page, '__benchMenu()')).length === 0) {
        await evaluate(page, '__benchChange()');
        leftAt[taps.length - 1] = await evaluate<number>(page, 'history.back(), String(performance.now())');
        await askPage(page, 'window.__bench.result', `The screen before ${link.name}, gone back to`, 30_000);
      }
      screens.push({
        name: link.name,
        path: change.path,
        heading: change.heading,
        usableMs: Math.round(change.usableMs - change.tapMs),
        inpMs: Math.round(inpMs),
        kilobytes: Number(downloaded.kilobytes.toFixed(1)),
        requests: downloaded.requests,
        cls: 0,
      });
    }
    const shifts = await evaluate<Shift[]>(page, '__benchShifts()');
    // Each screen's shifts: from its tap (the first screen's: from the start) until it is left.
    const shiftsBetween = (from: number, to = Infinity) =>
      cumulativeLayoutShift(shifts.filter((shift) => shift.ms >= from && shift.ms < to));
    screens.forEach((screen, i) => {
      screen.cls = shiftsBetween(taps[i]!, leftAt[i] ?? taps[i + 1]);
    });
    return {
      firstScreen: { ...firstScreen, cls: shiftsBetween(0, taps[0]) },
      screens,
      cls: cumulativeLayoutShift(shifts),
    };
  } finally {
    await page.close();
  }
}
