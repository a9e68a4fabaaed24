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

  /** A fresh page in its own browser context (no cache, cookies or storage from other pages). */
  async newPage(): Promise<CdpPage> {
    const { browserContextId } = await this.command<{ browserContextId: string }>(
      'Target.createBrowserContext',
    );
    const { targetId } = await this.command<{ targetId: string }>('Target.createTarget', {
      url: 'about:blank',
      browserContextId,
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
        await this.command('Target.disposeBrowserContext', { browserContextId });
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
