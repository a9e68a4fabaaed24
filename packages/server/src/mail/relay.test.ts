// The relay against a real MailDev (SMTP in, REST API out) and the in-memory PGlite store.
import { openPgliteStore, type EmbeddedStore } from '../store/pglite';
import { freePort } from '@toolkit/local-services';
import { startTestMailDev, type TestInbox } from '../testing/maildev';
import { MAIL_FROM, startMailRelay, type Delivery, type MailRelay, type MailRelayOptions } from './relay';

// One store and one inbox for the file (each takes seconds to start), emptied after each test.
let store: EmbeddedStore;
let inbox: TestInbox;
let relay: MailRelay | undefined;
let clock: Date;

beforeAll(async () => {
  [store, inbox] = await Promise.all([openPgliteStore(), startTestMailDev()]);
});

afterAll(async () => {
  await Promise.all([store.close(), inbox.stop()]);
});

beforeEach(() => {
  clock = new Date('2025-03-01T09:00:00.000Z');
});

afterEach(async () => {
  await relay?.stop();
  relay = undefined;
  // All at once: the store writes them in a few statements (one test leaves 5,000).
  await Promise.all((await store.query('mail')).map((document) => store.delete(document.path)));
  await inbox.clear();
});

function start(port: number, options: Partial<MailRelayOptions> = {}) {
  relay = startMailRelay({
    store,
    smtp: { host: '127.0.0.1', port },
    pollIntervalMs: 60_000,
    retryBaseMs: 1_000,
    // The longest wait of each attempt: the retry times below are exact (backoff.test covers the jitter).
    random: () => 1,
    now: () => clock,
    log: () => {},
    ...options,
  });
  return relay;
}

const mail = (subject: string, to: unknown = ['owner@example.com']) => ({
  to,
  bcc: ['records@example.com'],
  message: { subject, html: `<p>${subject}</p>` },
});

async function delivery(id: string): Promise<Delivery> {
  return (await store.get(`mail/${id}`)).data?.delivery as Delivery;
}

it('sends a subject written with line breaks on one line, adding no header or recipient', async () => {
  await store.add('mail', mail('Acme\r\nBcc: x@evil.example\u2028X-Other: 1'));
  expect(await start(inbox.smtpPort).runOnce()).toBe(1);
  const [message] = await inbox.waitFor((messages) => messages.length > 0);
  expect(message?.subject).toBe('Acme Bcc: x@evil.example X-Other: 1');
  expect(message?.envelope.to.map((recipient) => recipient.address).sort()).toEqual([
    'owner@example.com',
    'records@example.com',
  ]);
});

it('sends a new mail document once and records SUCCESS in the extension shape', async () => {
  const id = await store.add('mail', mail('New self-assessment result'));
  const relay = start(inbox.smtpPort);

  expect(await relay.runOnce()).toBe(1);
  const [message, ...others] = await inbox.waitFor((messages) => messages.length > 0);
  expect(others).toEqual([]);
  expect(message?.subject).toBe('New self-assessment result');
  expect(message?.html).toContain('<p>New self-assessment result</p>');
  expect(message?.from).toEqual([{ address: 'no-reply@toolkit.local', name: 'Sustainability Toolkit' }]);
  expect(MAIL_FROM).toBe('Sustainability Toolkit <no-reply@toolkit.local>');
  expect(message?.envelope.to.map((recipient) => recipient.address).sort()).toEqual([
    'owner@example.com',
    'records@example.com',
  ]);
  expect(await delivery(id)).toMatchObject({
    state: 'SUCCESS',
    attempts: 1,
    error: null,
    startTime: clock.toISOString(),
    endTime: clock.toISOString(),
    messageId: expect.stringMatching(/^<.+>$/),
    leaseExpireTime: null,
  });

  // A second pass, and a pass of a second relay, find nothing left to send.
  expect(await relay.runOnce()).toBe(0);
  const second = startMailRelay({ store, smtp: { host: '127.0.0.1', port: inbox.smtpPort }, log: () => {} });
  expect(await second.runOnce()).toBe(0);
  await second.stop();
  expect(await inbox.messages()).toHaveLength(1);
});

it('never sends one document twice when two relays run at the same time', async () => {
  const ids = await Promise.all(['A', 'B', 'C'].map((subject) => store.add('mail', mail(subject))));
  const first = start(inbox.smtpPort);
  const second = startMailRelay({ store, smtp: { host: '127.0.0.1', port: inbox.smtpPort }, log: () => {} });
  const [sentByFirst, sentBySecond] = await Promise.all([first.runOnce(), second.runOnce()]);
  await second.stop();

  expect(sentByFirst + sentBySecond).toBe(3);
  const messages = await inbox.waitFor((current) => current.length >= 3);
  expect(messages.map((message) => message.subject).sort()).toEqual(['A', 'B', 'C']);
  for (const id of ids) expect(await delivery(id)).toMatchObject({ state: 'SUCCESS', attempts: 1 });
});

it('records ERROR with attempts while SMTP is down, backs off, then delivers once MailDev is up', async () => {
  const port = await freePort();
  const id = await store.add('mail', mail('Sign in to the Sustainability Toolkit'));
  const relay = start(port);

  expect(await relay.runOnce()).toBe(0);
  const failed = await delivery(id);
  expect(failed).toMatchObject({ state: 'ERROR', attempts: 1, nextAttemptTime: '2025-03-01T09:00:01.000Z' });
  expect(failed.error).toMatch(/ECONNREFUSED/);

  // Not due yet: nothing is tried.
  expect(await relay.runOnce()).toBe(0);
  expect((await delivery(id)).attempts).toBe(1);

  clock = new Date('2025-03-01T09:00:01.000Z');
  expect(await relay.runOnce()).toBe(0);
  // The wait doubles with each attempt.
  expect(await delivery(id)).toMatchObject({
    state: 'ERROR',
    attempts: 2,
    nextAttemptTime: '2025-03-01T09:00:03.000Z',
  });

  // A second inbox, on the port that was closed: maildev's state is per module registry.
  const late = await startTestMailDev(port);
  try {
    clock = new Date('2025-03-01T09:00:03.000Z');
    expect(await relay.runOnce()).toBe(1);
    expect(await delivery(id)).toMatchObject({
      state: 'SUCCESS',
      attempts: 3,
      error: null,
      nextAttemptTime: null,
    });
    const messages = await late.waitFor((current) => current.length > 0);
    expect(messages.map((message) => message.subject)).toEqual(['Sign in to the Sustainability Toolkit']);
  } finally {
    await late.stop();
  }
});

it('gives up after the last attempt', async () => {
  const port = await freePort();
  const id = await store.add('mail', mail('Unlucky'));
  const relay = start(port, { maxAttempts: 2 });
  await relay.runOnce();
  clock = new Date(clock.getTime() + 1_000);
  await relay.runOnce();
  expect(await delivery(id)).toMatchObject({ state: 'ERROR', attempts: 2 });
  // Final: no next attempt is recorded, so no pass reads it again.
  expect(await delivery(id)).not.toHaveProperty('nextAttemptTime');
  clock = new Date(clock.getTime() + 3_600_000);
  await relay.runOnce();
  expect((await delivery(id)).attempts).toBe(2);
});

it('marks a document it cannot send as a final ERROR that says why', async () => {
  const id = await store.add('mail', mail('No recipient', []));
  const relay = start(await freePort());
  expect(await relay.runOnce()).toBe(0);
  expect(await delivery(id)).toMatchObject({
    state: 'ERROR',
    error: 'The mail document has no recipient in "to".',
  });
  expect(await delivery(id)).not.toHaveProperty('nextAttemptTime');
});

it('does not resend a mail whose send was interrupted (a claim past its lease)', async () => {
  await store.set('mail/interrupted', {
    ...mail('Maybe sent'),
    delivery: {
      state: 'PROCESSING',
      attempts: 1,
      error: null,
      startTime: '2025-03-01T08:00:00.000Z',
      endTime: null,
      messageId: null,
      leaseExpireTime: '2025-03-01T08:01:00.000Z',
      nextAttemptTime: null,
    },
  });
  const relay = start(inbox.smtpPort);
  expect(await relay.runOnce()).toBe(0);
  expect(await delivery('interrupted')).toMatchObject({ state: 'ERROR', attempts: 1 });
  expect(await delivery('interrupted')).not.toHaveProperty('nextAttemptTime');
  expect((await delivery('interrupted')).error).toMatch(/interrupted/);
  expect(await relay.runOnce()).toBe(0);
  expect(await inbox.messages()).toEqual([]);
});

it('reads no delivered mail in a pass, however much was sent, and wakes when mail is written', async () => {
  // Five thousand delivered mails, as an old local stack holds.
  for (let batch = 0; batch < 50; batch += 1) {
    await store.transaction(async (tx) => {
      for (let i = 0; i < 100; i += 1) {
        tx.create(`mail/delivered-${batch}-${i}`, {
          ...mail(`Old ${batch}-${i}`),
          delivery: {
            state: 'SUCCESS',
            attempts: 1,
            error: null,
            startTime: null,
            endTime: null,
            messageId: 'x',
            leaseExpireTime: null,
          },
        });
      }
    });
  }
  const relay = start(inbox.smtpPort, { wakeOnMail: true });
  await relay.runOnce(); // The first pass looks at everything once.

  const read: string[] = [];
  const get = store.get.bind(store);
  const query = store.query.bind(store);
  store.get = async (path) => {
    read.push(path);
    return get(path);
  };
  store.query = async (collection, spec) => {
    const found = await query(collection, spec);
    read.push(...found.map((document) => document.path));
    return found;
  };
  try {
    const id = await store.add('mail', mail('Woken by its own write'));
    // No runOnce: the write itself starts the pass.
    await inbox.waitFor((messages) =>
      messages.some((message) => message.subject === 'Woken by its own write'),
    );
    expect(read.filter((path) => path.startsWith('mail/delivered-'))).toEqual([]);
    expect((await delivery(id)).state).toBe('SUCCESS');
  } finally {
    store.get = get;
    store.query = query;
  }
}, 60_000);
