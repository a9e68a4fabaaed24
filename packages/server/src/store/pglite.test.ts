import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describeDocumentStoreContract } from './contract';
import { openPgliteStore } from './pglite';
import { FieldValue, StoreError } from './port';

describeDocumentStoreContract('PGlite in memory', () => openPgliteStore());

// Each test opens its own PGlite, which takes a few seconds.
jest.setTimeout(60_000);

describe('PGlite store', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-store-'));
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the data folder and keeps documents in it across close and reopen', async () => {
    const folder = path.join(dataDir, 'nested', 'db');
    const first = await openPgliteStore({ dataDir: folder });
    await first.set('tenants/t1', { createdBy: 'u1', getStarted: true });
    await first.update('tenants/t1', { visits: FieldValue.increment(1) });
    await first.close();

    const second = await openPgliteStore({ dataDir: folder });
    try {
      expect((await second.get('tenants/t1')).data).toEqual({ createdBy: 'u1', getStarted: true, visits: 1 });
      expect(await second.exportAll()).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('refuses a store call made inside its own transaction instead of waiting forever', async () => {
    const store = await openPgliteStore();
    try {
      const error = await store
        .transaction(async () => {
          await store.get('tenants/t1');
        })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreError);
      expect((error as StoreError).message).toMatch(/use the transaction object/);
      // The store is usable afterwards: the queue moved on.
      await store.set('tenants/t1', { v: 1 });
      expect((await store.get('tenants/t1')).data).toEqual({ v: 1 });
    } finally {
      await store.close();
    }
  });

  const writesDocuments = (sql: unknown) => /INSERT INTO documents|DELETE FROM documents/.test(String(sql));

  /** Counts the statements that write documents. */
  const countWrites = () => {
    const query = jest.spyOn(PGlite.prototype, 'query');
    return {
      count: () => query.mock.calls.filter(([sql]) => writesDocuments(sql)).length,
      restore: () => query.mockRestore(),
    };
  };

  it('stores the commits made while a statement runs together, each answered once stored', async () => {
    const folder = path.join(dataDir, 'group-commit');
    const store = await openPgliteStore({ dataDir: folder });
    const writes = countWrites();
    try {
      await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          i % 2 === 0
            ? store.set(`results/r${i}`, { answer: i })
            : store.transaction(async (tx) => {
                const { data } = await tx.get(`results/r${i - 1}`);
                tx.set(`results/r${i}`, { answer: i, before: data?.answer ?? null });
              }),
        ),
      );
      // One statement per commit would be 60; the queue's commits share a few.
      expect(writes.count()).toBeLessThanOrEqual(5);
    } finally {
      writes.restore();
      await store.close();
    }
    const reopened = await openPgliteStore({ dataDir: folder });
    try {
      const stored = await reopened.exportAll();
      expect(stored).toHaveLength(60);
      // Each transaction read the write queued before it, stored or not yet.
      expect((await reopened.get('results/r7')).data).toEqual({ answer: 7, before: 6 });
    } finally {
      await reopened.close();
    }
  });

  it('a write the database would refuse fails alone; the commits beside it are stored', async () => {
    const store = await openPgliteStore();
    try {
      const outcomes = await Promise.allSettled([
        store.set('results/a', { name: 'Ana' }),
        store.set('results/b', { name: 'B\u0000' }),
        store.set('results/c', { name: 'Cal' }),
      ]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((await store.exportAll()).map((doc) => doc.id)).toEqual(['a', 'c']);
    } finally {
      await store.close();
    }
  });

  it('when a batch cannot be stored, its commits and those that read them fail, and the store goes on', async () => {
    const store = await openPgliteStore();
    try {
      await store.set('results/a', { v: 1 });
      const failure = new Error('disk full');
      // The next statement that writes fails, as on a full disk; everything else reaches PGlite.
      const original = PGlite.prototype.query;
      let failed = false;
      const query = jest.spyOn(PGlite.prototype, 'query').mockImplementation(function (
        this: PGlite,
        ...args: Parameters<PGlite['query']>
      ) {
        if (!failed && writesDocuments(args[0])) {
          failed = true;
          return Promise.reject(failure);
        }
        return original.apply(this, args);
      });
      const update = store.update('results/a', { v: 2 });
      // Reads the unstored v: 2, so its own write cannot stand either.
      const copy = store.transaction(async (tx) => {
        const { data } = await tx.get('results/a');
        tx.set('results/b', { copied: data?.v });
      });
      const outcomes = await Promise.allSettled([update, copy]);
      query.mockRestore();
      expect(outcomes).toEqual([
        { status: 'rejected', reason: failure },
        { status: 'rejected', reason: failure },
      ]);
      expect((await store.get('results/a')).data).toEqual({ v: 1 });
      expect((await store.get('results/b')).data).toBeNull();
      await store.update('results/a', { v: 3 });
      expect((await store.get('results/a')).data).toEqual({ v: 3 });
    } finally {
      await store.close();
    }
  });
});
