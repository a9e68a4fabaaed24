import type { AnswerValue } from '@toolkit/domain';
import { forgetOutbox, Outbox, outboxStorageKey, type OutboxEntry, type OutboxOptions } from './outbox';

/** The network edge: a server that keeps the newest seq per question, and can be made to fail. */
class FakeServer {
  stored = new Map<string, { answer: AnswerValue; seq: number }>();
  calls: OutboxEntry[] = [];
  failWith: unknown = null;
  /** Sends resolve only when released, to interleave them with new answers. */
  hold = false;
  private held: (() => void)[] = [];

  send = async (entry: OutboxEntry) => {
    this.calls.push(entry);
    if (this.hold) await new Promise<void>((resolve) => this.held.push(resolve));
    if (this.failWith) throw this.failWith;
    const current = this.stored.get(entry.questionId);
    if (!current || entry.seq > current.seq) this.stored.set(entry.questionId, { ...entry });
  };

  release() {
    this.hold = false;
    this.held.splice(0).forEach((resolve) => resolve());
  }

  answers() {
    return Object.fromEntries([...this.stored].map(([id, { answer }]) => [id, answer]));
  }
}

const KEY = outboxStorageKey('result-1');
let online = true;

function createOutbox(server: FakeServer, options: Partial<OutboxOptions> = {}) {
  return new Outbox({
    send: server.send,
    storage: window.localStorage,
    storageKey: KEY,
    isOnline: () => online,
    onlineEvents: window,
    random: () => 1,
    ...options,
  });
}

beforeEach(() => {
  jest.useFakeTimers();
  window.localStorage.clear();
  online = true;
});

afterEach(() => {
  jest.useRealTimers();
});

describe('the answer outbox', () => {
  it('sends answers in the order given, the newest answer of a question only', async () => {
    const server = new FakeServer();
    const outbox = createOutbox(server);
    outbox.put('q1', 'a', { delayMs: 500 });
    outbox.put('q2', 3, { delayMs: 500 });
    outbox.put('q1', 'ab', { delayMs: 500 });
    expect(server.calls).toEqual([]);

    await jest.advanceTimersByTimeAsync(500);

    expect(server.calls).toEqual([
      { questionId: 'q2', answer: 3, seq: 1 },
      { questionId: 'q1', answer: 'ab', seq: 2 },
    ]);
    expect(outbox.status).toBe('saved');
  });

  it('debounces while typing and sends at once on flush', async () => {
    const server = new FakeServer();
    const outbox = createOutbox(server);
    outbox.put('q1', 'H', { delayMs: 1000 });
    await jest.advanceTimersByTimeAsync(600);
    outbox.put('q1', 'Hi', { delayMs: 1000 });
    await jest.advanceTimersByTimeAsync(600);
    expect(server.calls).toEqual([]);
    expect(outbox.status).toBe('saving');

    outbox.flush();
    await jest.advanceTimersByTimeAsync(0);
    expect(server.calls.map((c) => c.answer)).toEqual(['Hi']);
  });

  it('continues the seq of each question from what the server stored', async () => {
    const server = new FakeServer();
    const outbox = createOutbox(server, { seqs: { q1: 7 } });
    outbox.put('q1', 'x');
    outbox.put('q2', 'y');
    await jest.advanceTimersByTimeAsync(0);
    expect(server.calls.map((c) => [c.questionId, c.seq])).toEqual([
      ['q1', 8],
      ['q2', 1],
    ]);
  });

  it('keeps a newer answer queued while an older one of the same question is in flight', async () => {
    const server = new FakeServer();
    server.hold = true;
    const outbox = createOutbox(server);
    outbox.put('q1', 'old');
    await jest.advanceTimersByTimeAsync(0);
    outbox.put('q1', 'new');
    server.release();
    await jest.advanceTimersByTimeAsync(0);

    expect(server.calls.map((c) => [c.answer, c.seq])).toEqual([
      ['old', 1],
      ['new', 2],
    ]);
    expect(server.answers()).toEqual({ q1: 'new' });
    expect(outbox.status).toBe('saved');
  });

  // The jitter is fixed at its longest wait here (createOutbox); packages/domain's backoff.test covers it.
  it('retries a failed save after 0.5 s, 1 s, 2 s … capped at 30 s, and resets after a success', async () => {
    const server = new FakeServer();
    server.failWith = new Error('unavailable');
    const outbox = createOutbox(server);
    const statuses: string[] = [];
    outbox.subscribe((s) => statuses.push(s));
    outbox.put('q1', 1);
    await jest.advanceTimersByTimeAsync(0);
    expect(server.calls).toHaveLength(1);
    expect(outbox.status).toBe('retrying');

    await jest.advanceTimersByTimeAsync(499);
    expect(server.calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(999);
    expect(server.calls).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveLength(3);
    await jest.advanceTimersByTimeAsync(2000);
    expect(server.calls).toHaveLength(4);

    server.failWith = null;
    await jest.advanceTimersByTimeAsync(4000);
    expect(server.calls).toHaveLength(5);
    expect(outbox.status).toBe('saved');
    expect(server.answers()).toEqual({ q1: 1 });
    expect(statuses).toEqual(['saving', 'retrying', 'saved']);

    // The next failure starts the schedule again at 0.5 s.
    server.failWith = new Error('unavailable');
    outbox.put('q1', 2);
    await jest.advanceTimersByTimeAsync(0);
    server.failWith = null;
    await jest.advanceTimersByTimeAsync(500);
    expect(server.answers()).toEqual({ q1: 2 });
  });

  it('says offline while the browser is offline and retries at once on the online event', async () => {
    const server = new FakeServer();
    server.failWith = new Error('unavailable');
    online = false;
    const outbox = createOutbox(server);
    outbox.put('q1', 'kept');
    await jest.advanceTimersByTimeAsync(0);
    expect(outbox.status).toBe('offline');

    server.failWith = null;
    online = true;
    window.dispatchEvent(new Event('online'));
    await jest.advanceTimersByTimeAsync(0);

    expect(server.calls).toHaveLength(2);
    expect(outbox.status).toBe('saved');
    // The back-off timer was replaced by the immediate retry: nothing more is sent.
    await jest.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toHaveLength(2);
  });

  it('keeps unsent answers in local storage across a reload and sends them afterwards', async () => {
    const down = new FakeServer();
    down.failWith = new Error('unavailable');
    const before = createOutbox(down);
    before.put('q1', 'first');
    before.put('q2', ['a', 'b']);
    await jest.advanceTimersByTimeAsync(0);
    expect(JSON.parse(window.localStorage.getItem(KEY)!).entries).toHaveLength(2);
    before.dispose(); // the page goes away

    const server = new FakeServer();
    const after = createOutbox(server);
    expect(after.pendingAnswers()).toEqual({ q1: 'first', q2: ['a', 'b'] });
    after.put('q1', 'second');
    await after.drain();

    expect(server.answers()).toEqual({ q1: 'second', q2: ['a', 'b'] });
    // Acknowledged answers are cleared; the seq kept counting across the reload.
    expect(server.calls.find((c) => c.answer === 'second')?.seq).toBe(2);
    expect(JSON.parse(window.localStorage.getItem(KEY)!).entries).toEqual([]);
  });

  it('keeps counting above answers already sent after a reload, until the result is forgotten', async () => {
    const server = new FakeServer();
    const before = createOutbox(server);
    before.put('q1', 'sent');
    await before.drain();
    before.dispose();

    // Opened again from the device, with the seqs the start answered long before.
    const after = createOutbox(server, { seqs: {} });
    after.put('q1', 'changed offline');
    await after.drain();
    expect(server.answers()).toEqual({ q1: 'changed offline' });
    expect(server.calls.map((call) => call.seq)).toEqual([1, 2]);

    forgetOutbox(window.localStorage, 'result-1');
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it('tells its listeners how many answers wait, as the count changes', async () => {
    online = false;
    const server = new FakeServer();
    server.failWith = new Error('unavailable');
    const outbox = createOutbox(server);
    const told: [string, number][] = [];
    outbox.subscribe((status, unsent) => told.push([status, unsent]));
    outbox.put('q1', 1);
    await jest.advanceTimersByTimeAsync(0);
    outbox.put('q2', 2);
    outbox.put('q2', 3);
    expect(outbox.unsent).toBe(2);
    expect(told).toEqual([
      ['saving', 1],
      ['offline', 1],
      ['offline', 2],
    ]);
  });

  it('ignores unreadable storage', () => {
    window.localStorage.setItem(KEY, '{not json');
    expect(createOutbox(new FakeServer()).pendingAnswers()).toEqual({});
  });

  it('drops an answer the server can never accept and stops on a fatal error', async () => {
    const server = new FakeServer();
    const onFatal = jest.fn();
    const outbox = createOutbox(server, {
      classify: (error) => ((error as Error).message === 'invalid' ? 'drop' : 'fatal'),
      onFatal,
    });
    server.failWith = new Error('invalid');
    outbox.put('q1', 'x');
    await outbox.drain();
    expect(outbox.pendingAnswers()).toEqual({});

    server.failWith = new Error('permission-denied');
    outbox.put('q2', 'y');
    await expect(outbox.drain()).rejects.toThrow('permission-denied');
    expect(onFatal).toHaveBeenCalledTimes(1);
    // The answer stays on the device; nothing is retried.
    expect(outbox.pendingAnswers()).toEqual({ q2: 'y' });
    await jest.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toHaveLength(2);
  });

  it('drains past a running back-off wait', async () => {
    const server = new FakeServer();
    server.failWith = new Error('unavailable');
    const outbox = createOutbox(server);
    outbox.put('q1', 5);
    await jest.advanceTimersByTimeAsync(0);
    server.failWith = null;

    await outbox.drain();
    expect(server.answers()).toEqual({ q1: 5 });
  });
});
