// The local stand-in for the Trigger Email extension (docs/architecture.md): delivers `mail` documents
// through SMTP (MailDev locally) and records the extension's `delivery` shape on each document.
import nodemailer from 'nodemailer';
import { backoffDelay } from '@toolkit/domain';
import type { EmbeddedStore } from '../store/pglite';
import type { DocData, DocSnapshot } from '../store/port';
import { singleLine } from '../repositories/mail';
import { paths } from '../repositories/paths';

export const MAIL_FROM = 'Sustainability Toolkit <no-reply@toolkit.local>';

export type DeliveryState = 'PENDING' | 'PROCESSING' | 'SUCCESS' | 'ERROR';

export interface Delivery {
  state: DeliveryState;
  attempts: number;
  error: string | null;
  startTime: string | null;
  endTime: string | null;
  messageId: string | null;
  /** Until when a PROCESSING claim holds; a claim past it was interrupted mid-send. */
  leaseExpireTime: string | null;
  /**
   * When an ERROR is tried again. Absent from a final ERROR (and null in other states), so that
   * the pass's query ordered by it never reads final failures.
   */
  nextAttemptTime?: string | null;
}

/** The delivery as stored: a final ERROR keeps no nextAttemptTime. */
function stored(delivery: Partial<Delivery>): Partial<Delivery> {
  if (delivery.state !== 'ERROR' || delivery.nextAttemptTime) return delivery;
  const { nextAttemptTime: _final, ...rest } = delivery;
  return rest;
}

export interface MailRelayOptions {
  store: EmbeddedStore;
  /** Start a pass as soon as mail is written (the local stack); tests drive passes themselves. */
  wakeOnMail?: boolean;
  smtp: { host: string; port: number };
  from?: string;
  /** How often to look for due retries and new mail (default 2 s). */
  pollIntervalMs?: number;
  /** Sends tried per document before its ERROR is final (default 5). */
  maxAttempts?: number;
  /** Wait before the first retry; doubles with each further attempt (default 2 s), jittered. */
  retryBaseMs?: number;
  /** The jitter's source (tests fix it). */
  random?: () => number;
  /** How long a send may take before its claim counts as interrupted (default 60 s). */
  leaseMs?: number;
  now?: () => Date;
  log?: (line: string) => void;
}

export interface MailRelay {
  /** One pass over the mail collection; resolves with the number of messages sent. */
  runOnce(): Promise<number>;
  /** Stops polling and waits for the pass in progress. */
  stop(): Promise<void>;
}

interface Message {
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  html?: string;
  text?: string;
}

const addresses = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter(
    (entry): entry is string => typeof entry === 'string' && entry.trim() !== '',
  );

/** The extension's document format, or why it cannot be sent (a final error: retrying cannot fix it). */
function readMessage(data: DocData): Message | string {
  const message = (data.message ?? {}) as Record<string, unknown>;
  const to = addresses(data.to);
  if (to.length === 0) return 'The mail document has no recipient in "to".';
  // Documents built elsewhere than mailDocument get the same one-line subject.
  const subject = typeof message.subject === 'string' ? singleLine(message.subject) : '';
  if (subject === '') return 'The mail document has no message.subject.';
  if (typeof message.html !== 'string' && typeof message.text !== 'string')
    return 'The mail document has neither message.html nor message.text.';
  return {
    to,
    cc: addresses(data.cc),
    bcc: addresses(data.bcc),
    subject,
    ...(typeof message.html === 'string' ? { html: message.html } : {}),
    ...(typeof message.text === 'string' ? { text: message.text } : {}),
  };
}

const deliveryOf = (data: DocData | null): Partial<Delivery> | undefined =>
  (data?.delivery ?? undefined) as Partial<Delivery> | undefined;

export function startMailRelay({
  store,
  smtp,
  from = MAIL_FROM,
  pollIntervalMs = 2_000,
  maxAttempts = 5,
  retryBaseMs = 2_000,
  random = Math.random,
  leaseMs = 60_000,
  now = () => new Date(),
  log = (line) => console.log(line),
  wakeOnMail = false,
}: MailRelayOptions): MailRelay {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: false,
    // MailDev offers no TLS; in production the extension, not this relay, sends mail.
    ignoreTLS: true,
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 15_000,
  });
  const iso = (offsetMs = 0) => new Date(now().getTime() + offsetMs).toISOString();

  /** Why a document needs work now, or null. */
  function due(delivery: Partial<Delivery> | undefined): 'new' | 'send' | 'interrupted' | null {
    if (!delivery?.state) return 'new';
    const at = now().toISOString();
    switch (delivery.state) {
      case 'PENDING':
        return 'send';
      case 'ERROR':
        return delivery.nextAttemptTime && delivery.nextAttemptTime <= at ? 'send' : null;
      case 'PROCESSING':
        return delivery.leaseExpireTime && delivery.leaseExpireTime <= at ? 'interrupted' : null;
      default:
        return null;
    }
  }

  /**
   * Moves one document to its next state inside a transaction, so that two passes (or two relays)
   * never both claim it. Returns the claimed delivery when this caller should send it.
   */
  async function claim(path: string): Promise<Delivery | null> {
    return store.transaction(async (tx) => {
      const snapshot = await tx.get(path);
      const delivery = deliveryOf(snapshot.data);
      const reason = snapshot.data ? due(delivery) : null;
      if (reason === null) return null;
      const attempts = delivery?.attempts ?? 0;
      if (reason === 'interrupted') {
        // The message may or may not have left: not sending twice wins over delivering.
        tx.update(path, {
          delivery: stored({
            ...delivery,
            state: 'ERROR',
            error: 'Delivery was interrupted before it was recorded; not retried so it is never sent twice.',
            endTime: iso(),
            leaseExpireTime: null,
            nextAttemptTime: null,
          }),
        });
        return null;
      }
      const claimed: Delivery = {
        state: 'PROCESSING',
        attempts: attempts + 1,
        error: delivery?.error ?? null,
        startTime: iso(),
        endTime: null,
        messageId: null,
        leaseExpireTime: iso(leaseMs),
        nextAttemptTime: null,
      };
      tx.update(path, { delivery: claimed });
      return claimed;
    });
  }

  /** Records the outcome over the delivery this caller claimed (its lease keeps others off it). */
  async function finish(path: string, claimed: Delivery, outcome: Partial<Delivery>) {
    await store.update(path, { delivery: stored({ ...claimed, ...outcome, leaseExpireTime: null }) });
  }

  async function deliver(path: string, data: DocData): Promise<boolean> {
    const message = readMessage(data);
    if (typeof message === 'string') {
      // Claimed only to record the reason; retrying cannot fix the document.
      const claimed = await claim(path);
      if (claimed === null) return false;
      await finish(path, claimed, { state: 'ERROR', error: message, endTime: iso(), nextAttemptTime: null });
      log(`[mail] ${path}: ${message}`);
      return false;
    }
    const claimed = await claim(path);
    if (claimed === null) return false;
    const attempt = claimed.attempts;
    try {
      const info = await transport.sendMail({ from, ...message });
      await finish(path, claimed, {
        state: 'SUCCESS',
        error: null,
        endTime: iso(),
        messageId: info.messageId,
      });
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const final = attempt >= maxAttempts;
      await finish(path, claimed, {
        state: 'ERROR',
        error: reason,
        endTime: iso(),
        nextAttemptTime: final
          ? null
          : iso(
              backoffDelay(
                attempt,
                { initialMs: retryBaseMs, maxMs: retryBaseMs * 2 ** maxAttempts },
                random,
              ),
            ),
      });
      log(
        `[mail] sending ${path} to ${message.to.join(', ')} failed (attempt ${attempt} of ${maxAttempts}): ${reason}` +
          (final ? '; giving up.' : '; will retry.'),
      );
      return false;
    }
  }

  /** Mail documents written since the last pass: new ones have no delivery state to query by. */
  const written = new Set<string>();
  let scanned = false;

  /**
   * The documents that may need work, without reading delivered ones: open states and retries by
   * query, documents written since the last pass by path, and everything once, at the first pass,
   * for mail written while no relay ran. So a pass costs the same however much mail was delivered.
   */
  async function candidates(): Promise<DocSnapshot[]> {
    const found = new Map<string, DocSnapshot>();
    const add = (documents: DocSnapshot[]) =>
      documents.forEach((document) => found.set(document.path, document));
    if (!scanned) {
      add(await store.query(paths.mail()));
      scanned = true;
    }
    add(await store.query(paths.mail(), { where: [['delivery.state', 'in', ['PENDING', 'PROCESSING']]] }));
    // A final ERROR has no nextAttemptTime, so ordering by it leaves final failures out.
    add(
      await store.query(paths.mail(), {
        where: [['delivery.state', '==', 'ERROR']],
        orderBy: [['delivery.nextAttemptTime', 'asc']],
      }),
    );
    const fresh = [...written].filter((path) => !found.has(path));
    written.clear();
    add(await Promise.all(fresh.map((path) => store.get(path))));
    return [...found.values()];
  }

  async function pass(): Promise<number> {
    let sent = 0;
    for (const document of await candidates()) {
      if (stopped) break;
      if (
        document.data &&
        due(deliveryOf(document.data)) !== null &&
        (await deliver(document.path, document.data))
      )
        sent += 1;
    }
    return sent;
  }

  let stopped = false;
  let running: Promise<number> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    clearTimeout(timer);
    running = pass()
      .catch((error: unknown) => {
        log(`[mail] relay pass failed: ${error instanceof Error ? error.message : String(error)}`);
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (stopped) return;
        if (again) {
          again = false;
          void runOnce();
        } else schedule();
      });
    return running;
  }

  function schedule() {
    timer = setTimeout(() => void runOnce(), pollIntervalMs);
    timer.unref();
  }

  schedule();
  const unsubscribe = store.onCollectionWrite(paths.mail(), (paths) => {
    paths.forEach((path) => written.add(path));
    if (wakeOnMail) void runOnce();
  });

  return {
    runOnce,
    async stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
