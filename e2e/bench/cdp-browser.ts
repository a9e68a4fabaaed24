// Chromium driven over the DevTools protocol alone (a pipe, no client library in the page). The
// benchmarks measure what a respondent's browser does: a test driver attaches worlds and scripts
// to every page it controls, which costs the page main-thread time that no respondent pays.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';

type Params = Record<string, unknown>;
type Listener = (params: Params) => void;

interface Message {
  id?: number;
  method?: string;
  params?: Params;
  sessionId?: string;
  result?: Params;
  error?: { message: string };
}

/** One page's protocol session: commands and events of that page only. */
export interface CdpPage {
  send<T = Params>(method: string, params?: Params): Promise<T>;
  on(method: string, listener: Listener): void;
  close(): Promise<void>;
}

export class CdpBrowser {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (r: Params) => void; reject: (e: Error) => void }>();
  private readonly listeners = new Map<string, Listener[]>();
  private buffer = '';
  /** Set once Chromium has exited or failed to start: no command is answered after that. */
  private gone: Error | undefined;

  private constructor(
    private readonly child: ChildProcess,
    private readonly profileDir: string,
  ) {
    // A browser that dies (or never starts) answers nothing more: fail what waits instead of hanging
    // the bench, and handle the 'error' events (a failed spawn, a write to a closed pipe) so they
    // do not crash it.
    const fail = (error: Error) => {
      this.gone ??= error;
      for (const waiting of this.pending.values()) waiting.reject(this.gone);
      this.pending.clear();
    };
    child.once('exit', (code) => fail(new Error(`Chromium exited (code ${code}) before answering`)));
    child.on('error', (error) => fail(new Error(`Chromium failed: ${error.message}`)));
    const pipeFailed = (error: Error) => fail(new Error(`Chromium's protocol pipe failed: ${error.message}`));
    const input = child.stdio[4] as NodeJS.ReadableStream;
    input.on('error', pipeFailed);
    (child.stdio[3] as NodeJS.WritableStream).on('error', pipeFailed);
    input.setEncoding('utf8');
    input.on('data', (chunk: string) => {
      this.buffer += chunk;
      let end: number;
      while ((end = this.buffer.indexOf('\0')) >= 0) {
        this.dispatch(JSON.parse(this.buffer.slice(0, end)) as Message);
        this.buffer = this.buffer.slice(end + 1);
      }
    });
  }

  static async launch(): Promise<CdpBrowser> {
    const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolkit-cdp-'));
    const child = spawn(
      CHROMIUM_LAUNCH_OPTIONS.executablePath,
      [
        ...CHROMIUM_LAUNCH_OPTIONS.args,
        '--headless',
        '--remote-debugging-pipe',
        `--user-data-dir=${profileDir}`,
        'about:blank',
      ],
      // The protocol pipe: Chromium reads commands on fd 3 and writes replies and events on fd 4.
      { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
    );
    const browser = new CdpBrowser(child, profileDir);
    try {
      await browser.command('Browser.getVersion');
    } catch (error) {
      await browser.close();
      throw error;
    }
    return browser;
  }

  /** A browser context of its own: no cache, cookies or storage from other pages. */
  async newContext(): Promise<string> {
    const { browserContextId } = await this.command<{ browserContextId: string }>(
      'Target.createBrowserContext',
    );
    return browserContextId;
  }

  async disposeContext(browserContextId: string): Promise<void> {
    await this.command('Target.disposeBrowserContext', { browserContextId });
  }

  /**
   * A page in `browserContextId` (one signed in earlier, say), closed alone; without it, a fresh page
   * in a context of its own, which closing it disposes of.
   */
  async newPage(browserContextId?: string): Promise<CdpPage> {
    const context = browserContextId ?? (await this.newContext());
    const { targetId } = await this.command<{ targetId: string }>('Target.createTarget', {
      url: 'about:blank',
      browserContextId: context,
    });
    const { sessionId } = await this.command<{ sessionId: string }>('Target.attachToTarget', {
      targetId,
      flatten: true,
    });
    return {
      send: (method, params) => this.command(method, params, sessionId),
      on: (method, listener) => {
        const key = `${sessionId}:${method}`;
        this.listeners.set(key, [...(this.listeners.get(key) ?? []), listener]);
      },
      close: async () => {
        for (const key of [...this.listeners.keys()])
          if (key.startsWith(`${sessionId}:`)) this.listeners.delete(key);
        if (browserContextId) await this.command('Target.closeTarget', { targetId });
        else await this.disposeContext(context);
      },
    };
  }

  async close(): Promise<void> {
    // Already gone (exited, killed or never started): nothing to ask or wait for.
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      await this.command('Browser.close').catch(() => undefined);
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      this.child.kill();
    }
    fs.rmSync(this.profileDir, { recursive: true, force: true });
  }

  private command<T = Params>(method: string, params: Params = {}, sessionId?: string): Promise<T> {
    if (this.gone) return Promise.reject(this.gone);
    const id = this.nextId++;
    const output = this.child.stdio[3] as NodeJS.WritableStream;
    output.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: (result) => resolve(result as T), reject });
    });
  }

  private dispatch(message: Message): void {
    if (message.id !== undefined) {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiting?.reject(new Error(message.error.message));
      else waiting?.resolve(message.result ?? {});
      return;
    }
    if (message.method && message.sessionId) {
      for (const listener of this.listeners.get(`${message.sessionId}:${message.method}`) ?? [])
        listener(message.params ?? {});
    }
  }
}

/** A network for the phone: none emulated (localhost as it is), or a 4G-like one. */
export interface NetworkProfile {
  name: 'unthrottled' | '4g';
  /** Network.emulateNetworkConditions' figures: latency in ms, throughputs in bytes a second. */
  conditions: { latency: number; downloadThroughput: number; uploadThroughput: number } | null;
}

export const NETWORK_PROFILES: NetworkProfile[] = [
  { name: 'unthrottled', conditions: null },
  // 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up.
  { name: '4g', conditions: { latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 } },
];

interface LoggedRequest {
  url: string;
  /** Epoch ms. */
  sentAt: number;
  /** Bytes of the response as they arrived (epoch ms). */
  chunks: { at: number; bytes: number }[];
  /** Once finished: when, and its bytes on the wire with headers (0 for a failed request). */
  finished?: { at: number; bytes: number };
}

/**
 * Every request a page sent and the bytes it received, with times (epoch ms; the protocol's other
 * events carry a monotonic clock, set against the wall clock by each request's sending).
 */
export class RequestLog {
  private readonly sent = new Map<string, LoggedRequest>();
  /** Epoch ms minus the protocol's monotonic ms. */
  private offsetMs = 0;
  /** When the page last sent a request or received any of an answer (epoch ms, as the bench saw it). */
  private lastActivity = Date.now();

  constructor(page: CdpPage) {
    const epochOf = (timestamp: number) => timestamp * 1000 + this.offsetMs;
    for (const event of ['requestWillBeSent', 'dataReceived', 'loadingFinished', 'loadingFailed'])
      page.on(`Network.${event}`, () => {
        this.lastActivity = Date.now();
      });
    page.on('Network.requestWillBeSent', (params) => {
      const event = params as {
        requestId: string;
        wallTime: number;
        timestamp: number;
        request: { url: string };
      };
      this.offsetMs = event.wallTime * 1000 - event.timestamp * 1000;
      if (!this.sent.has(event.requestId))
        this.sent.set(event.requestId, { url: event.request.url, sentAt: event.wallTime * 1000, chunks: [] });
    });
    page.on('Network.dataReceived', (params) => {
      const event = params as { requestId: string; timestamp: number; encodedDataLength: number };
      this.sent
        .get(event.requestId)
        ?.chunks.push({ at: epochOf(event.timestamp), bytes: event.encodedDataLength });
    });
    page.on('Network.loadingFinished', (params) => {
      const event = params as { requestId: string; timestamp: number; encodedDataLength: number };
      const request = this.sent.get(event.requestId);
      if (request) request.finished = { at: epochOf(event.timestamp), bytes: event.encodedDataLength };
    });
    page.on('Network.loadingFailed', (params) => {
      const event = params as { requestId: string; timestamp: number };
      const request = this.sent.get(event.requestId);
      if (request) request.finished = { at: epochOf(event.timestamp), bytes: 0 };
    });
  }

  /**
   * What the page had downloaded by `at` (epoch ms): a request finished by then counts in full, with
   * headers; one still arriving counts the bytes received by then. Requests counted: those that had
   * received anything by then. Waits (up to 10 s) for the requests sent by then to finish, so that
   * no event about them is still on its way.
   */
  async until(at: number): Promise<{ kilobytes: number; requests: number }> {
    const sentBy = () => [...this.sent.values()].filter((request) => request.sentAt <= at);
    const deadline = Date.now() + 10_000;
    while (sentBy().some((request) => !request.finished) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const received = RequestLog.receivedBy(sentBy(), at);
    if (process.env.BENCH_VERBOSE)
      for (const request of this.sent.values())
        if (request.sentAt > at) console.log(`  after: ${request.url}`);
    return received;
  }

  /**
   * What the requests sent from `from` until `to` (epoch ms) had received by `to`, as `until` counts
   * it, for a part of a visit (a screen change). It waits `settleMs` at most for those requests to
   * finish, not `until`'s 10 s: a page that keeps a stream open would otherwise cost every call that.
   */
  async between(from: number, to: number, settleMs = 500): Promise<{ kilobytes: number; requests: number }> {
    const sentIn = () =>
      [...this.sent.values()].filter((request) => request.sentAt >= from && request.sentAt <= to);
    const deadline = Date.now() + settleMs;
    while (sentIn().some((request) => !request.finished) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    return RequestLog.receivedBy(sentIn(), to);
  }

  /**
   * Until the page has sent and received nothing for `quietMs` (at most `maxMs`: a live stream may
   * keep talking): what it downloads in the background is then in before the next measured step.
   */
  async quiet(quietMs = 1_500, maxMs = 15_000): Promise<void> {
    const deadline = Date.now() + maxMs;
    while (Date.now() - this.lastActivity < quietMs && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
  }

  /** The bytes `requests` had received by `at`, and how many had received any. */
  private static receivedBy(requests: LoggedRequest[], at: number) {
    let bytes = 0;
    let count = 0;
    // Verbose lines give each request's send and finish times from the first request's send.
    const start = Math.min(...requests.map((request) => request.sentAt));
    const since = (ms: number) => `+${Math.round(ms - start)}`.padStart(6);
    for (const request of requests) {
      const received =
        request.finished && request.finished.at <= at
          ? request.finished.bytes
          : request.chunks.filter((chunk) => chunk.at <= at).reduce((sum, chunk) => sum + chunk.bytes, 0);
      bytes += received;
      if (received > 0 || (request.finished && request.finished.at <= at)) count += 1;
      if (process.env.BENCH_VERBOSE)
        console.log(
          `${(received / 1024).toFixed(1).padStart(7)} KB sent ${since(request.sentAt)} ms, done ${request.finished ? since(request.finished.at) : '     -'} ms: ${request.url}`,
        );
    }
    return { kilobytes: bytes / 1024, requests: count };
  }
}

/**
 * A page as a respondent's phone shows it: 390×844, the CPU slowed 4×, no cache, the network of
 * `profile`; the requests it sends recorded. `browserContextId`: a context set up before (signed in).
 */
export async function phonePage(
  browser: CdpBrowser,
  profile: NetworkProfile,
  browserContextId?: string,
): Promise<{ page: CdpPage; requests: RequestLog }> {
  const page = await browser.newPage(browserContextId);
  await page.send('Emulation.setDeviceMetricsOverride', {
    width: 390,
    height: 844,
    deviceScaleFactor: 1,
    mobile: true,
  });
  const requests = new RequestLog(page);
  await page.send('Network.enable');
  await page.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (profile.conditions)
    await page.send('Network.emulateNetworkConditions', { offline: false, ...profile.conditions });
  await page.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // Only the Page domain besides (scripts for new documents need it): the Runtime domain would have
  // the browser report every context and console message of the throttled page to the bench, work
  // that no respondent's browser does.
  await page.send('Page.enable');
  return { page, requests };
}

/**
 * Asks the page `expression` until it answers a string (JSON): what the page has noted so far, as
 * its document may not be in yet (or is replaced meanwhile: asked again shortly after).
 */
export async function askPage<T>(
  page: CdpPage,
  expression: string,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const { result } = await page.send<{ result: { value?: unknown } }>('Runtime.evaluate', {
        expression,
        returnByValue: true,
      });
      if (typeof result.value === 'string') return JSON.parse(result.value) as T;
    } catch (error) {
      // Usually the document this was asked in was replaced; kept, in case it was something else
      // (the browser gone), for the error below.
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`, { cause: lastError });
}
