// A real MailDev inbox inside a jest test, read through its REST API (test-only helper).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@toolkit/local-services';

interface MailServer {
  listen(): Promise<void>;
  close(callback: (error?: Error) => void): void;
}
type MailDevConstructor = new (config: Record<string, unknown>) => MailServer;

export interface InboxMessage {
  id: string;
  subject: string;
  html: string;
  from: { address: string; name: string }[];
  to: { address: string }[];
  envelope: { to: { address: string }[] };
}

export interface TestInbox {
  smtpPort: number;
  webUrl: string;
  messages(): Promise<InboxMessage[]>;
  clear(): Promise<void>;
  /** Resolves with the messages once `predicate` holds, polling the REST API. */
  waitFor(predicate: (messages: InboxMessage[]) => boolean, timeoutMs?: number): Promise<InboxMessage[]>;
  stop(): Promise<void>;
}

export async function startTestMailDev(smtpPort?: number): Promise<TestInbox> {
  const smtp = smtpPort ?? (await freePort());
  const web = await freePort();
  const mailDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'maildev-test-'));
  // maildev 2 keeps its servers in module state: a fresh module registry gives each inbox its own.
  let MailDev: MailDevConstructor | undefined;
  jest.isolateModules(() => {
    MailDev = jest.requireActual<MailDevConstructor>('maildev');
  });
  const signalHandlers = (['SIGINT', 'SIGTERM'] as const).map(
    (signal) => [signal, process.listeners(signal)] as const,
  );
  const server = new (MailDev as MailDevConstructor)({
    smtp,
    web,
    ip: '127.0.0.1',
    mailDirectory,
    silent: true,
  });
  // It installs handlers that call process.exit on SIGINT/SIGTERM; a test process keeps its own.
  for (const [signal, before] of signalHandlers)
    for (const listener of process.listeners(signal))
      if (!before.includes(listener)) process.off(signal, listener);
  await server.listen();

  const webUrl = `http://127.0.0.1:${web}`;
  // MailDev's server closes idle connections after Node's default 5 s, so a request sent on a pooled
  // connection just then fails (ECONNRESET). Its reads and deletes are idempotent: tried again.
  const request = async (url: string, init?: RequestInit): Promise<Response> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await fetch(url, init);
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  };
  const messages = async () => (await (await request(`${webUrl}/email`)).json()) as InboxMessage[];
  const deadline = Date.now() + 10_000;
  for (;;) {
    const ready = await fetch(`${webUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`MailDev's web API did not start on ${webUrl}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    smtpPort: smtp,
    webUrl,
    messages,
    async clear() {
      await request(`${webUrl}/email/all`, { method: 'DELETE' });
      // It empties its folder after answering; removing the folder before that would crash it.
      while (fs.readdirSync(mailDirectory).length > 0)
        await new Promise((resolve) => setTimeout(resolve, 10));
    },
    async waitFor(predicate, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const current = await messages();
        if (predicate(current)) return current;
        if (Date.now() > until)
          throw new Error(
            `The inbox did not get the expected mail in time; it has: ${JSON.stringify(current.map((m) => m.subject))}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      await new Promise((resolve) => server.close(() => resolve(undefined)));
      fs.rmSync(mailDirectory, { recursive: true, force: true });
    },
  };
}
