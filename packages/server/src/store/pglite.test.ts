import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { describeDocumentStoreContract } from '../testing/store-contract';
import { openPgliteStore } from './pglite';
import { workbenchSpec } from '../repositories/results';
import { FieldValue, StoreError } from './port';

// The contract's queries are the port's own, not the server's declared shapes.
describeDocumentStoreContract('PGlite in memory', () =>
  openPgliteStore({ undeclaredQueries: 'allow', schemaDumpCache: os.tmpdir() }),
);

describe('in-memory stores opened from the schema dump cache', () => {
  let cache: string;
  beforeEach(() => {
    cache = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-dump-'));
  });
  afterEach(() => fs.rmSync(cache, { recursive: true, force: true }));

  it('keep one dump of the empty schema, and each store starts empty with its own documents', async () => {
    const first = await openPgliteStore({ schemaDumpCache: cache });
    await first.set('tenants/t1', { name: 'First' });
    const [dump] = fs.readdirSync(cache);
    expect(dump).toMatch(/^toolkit-pglite-schema-[0-9a-f]{16}\.tar$/);
    const dumped = fs.statSync(path.join(cache, dump!)).mtimeMs;
    const second = await openPgliteStore({ schemaDumpCache: cache });
    try {
      expect(fs.readdirSync(cache)).toEqual([dump]);
      expect(fs.statSync(path.join(cache, dump!)).mtimeMs).toBe(dumped);
      expect((await second.get('tenants/t1')).data).toBeNull();
      await second.set('tenants/t2', { name: 'Second' });
      expect((await second.get('tenants/t2')).data).toEqual({ name: 'Second' });
      expect((await first.get('tenants/t2')).data).toBeNull();
      expect((await first.get('tenants/t1')).data).toEqual({ name: 'First' });
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('make the dump again when the kept one cannot be loaded', async () => {
    await (await openPgliteStore({ schemaDumpCache: cache })).close();
    const [dump] = fs.readdirSync(cache);
    fs.writeFileSync(path.join(cache, dump!), 'not a data folder');
    const store = await openPgliteStore({ schemaDumpCache: cache });
    try {
      await store.set('tenants/t1', { name: 'Kept' });
      expect((await store.get('tenants/t1')).data).toEqual({ name: 'Kept' });
      expect(fs.statSync(path.join(cache, dump!)).size).toBeGreaterThan(1024);
    } finally {
      await store.close();
    }
  });
});

describe('a query of a shape query-shapes.ts does not declare', () => {
  it('is refused under jest, so the server suite issues only declared queries', async () => {
    const store = await openPgliteStore();
    try {
      await store.set('tenants/t1/users/u1', { email: 'a@example.com', role: 'owner' });
      expect(await store.query('tenants/t1/users', { orderBy: [['email', 'asc']] })).toHaveLength(1);
      const undeclared = { where: [['role', '==', 'owner']], orderBy: [['email', 'asc']] } as const;
      const refusal = /^Undeclared Firestore query: users where \[role ==\] orderBy \[email asc\]/;
      await expect(store.query('tenants/t1/users', undeclared)).rejects.toThrow(refusal);
      await expect(store.count('tenants/t1/users', undeclared)).rejects.toThrow(refusal);
      await expect(store.transaction((tx) => tx.query('tenants/t1/users', undeclared))).rejects.toThrow(
        refusal,
      );
    } finally {
      await store.close();
    }
  });

  it('answers a workbench request, whose family is added at the first results query', async () => {
    const store = await openPgliteStore();
    try {
      const results = 'tenants/t1/assessments/s1/results';
      const undeclared = { where: [['score', '==', 1]], orderBy: [['startedAt', 'asc']] } as const;
      await expect(store.query(results, undeclared)).rejects.toThrow(/^Undeclared Firestore query: results/);
      expect(
        await store.query(results, workbenchSpec({ surveyId: 's1', sort: 'score', region: 'north' })),
      ).toEqual([]);
      await expect(store.count(results, undeclared)).rejects.toThrow(/^Undeclared Firestore query: results/);
    } finally {
      await store.close();
    }
  });

  it("answers the local mail relay, whose shapes are the embedded store's only", async () => {
    const store = await openPgliteStore();
    try {
      expect(await store.query('mail', { where: [['delivery.state', 'in', ['PENDING']]] })).toEqual([]);
    } finally {
      await store.close();
    }
  });
});

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

  it('reads a document it keeps in memory as the database gives it back, key order and numbers alike', async () => {
    const key = fc.string({
      unit: fc.constantFrom('a', 'b', 'z', 'A', '0', '1', '9', 'é', 'Ω', '日', '😀'),
      minLength: 1,
      maxLength: 4,
    });
    const scalar = fc.oneof(
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.string(),
      fc.boolean(),
      fc.constant(null),
    );
    const { map } = fc.letrec<{ map: Record<string, unknown> }>((tie) => ({
      map: fc.dictionary(
        key,
        fc.oneof(
          { depthSize: 'small' },
          scalar,
          tie('map'),
          fc.array(fc.oneof(scalar, tie('map')), { maxLength: 3 }),
        ),
        { minKeys: 1, maxKeys: 6 },
      ),
    }));
    const docs = [
      // jsonb orders keys shorter first, then by their bytes; JS puts integer-like keys first.
      { zz: 1, a: { é: 1, z: 2, '10': 3, '9': 4, Ω: 5, '😀': 6, 日: 7 } },
      ...fc.sample(map, { numRuns: 120, seed: 18 }),
    ];
    const folder = path.join(dataDir, 'as-jsonb-keeps');
    const store = await openPgliteStore({ dataDir: folder });
    const kept: string[] = [];
    for (const [n, data] of docs.entries()) {
      await store.set(`docs/d${n}`, data);
      kept.push(JSON.stringify((await store.get(`docs/d${n}`)).data));
    }
    await store.close();
    const reopened = await openPgliteStore({ dataDir: folder });
    try {
      for (const n of docs.keys())
        expect(JSON.stringify((await reopened.get(`docs/d${n}`)).data)).toBe(kept[n]);
      expect(kept[0]).toBe('{"a":{"9":4,"10":3,"z":2,"é":1,"Ω":5,"日":7,"😀":6},"zz":1}');
    } finally {
      await reopened.close();
    }
  });

  it('writes field paths into its SQL safely, whatever characters the names hold', async () => {
    const store = await openPgliteStore({ undeclaredQueries: 'allow' });
    try {
      const name = `it's "a\\b" {c,d}`;
      await store.set('c/one', { [name]: { n: 2 } });
      await store.set('c/two', { [name]: { n: 1 } });
      await store.set('c/three', { other: 1 });
      const paged = { orderBy: [[`${name}.n`, 'asc']] as const, limit: 5 };
      expect((await store.query('c', paged)).map((doc) => doc.id)).toEqual(['two', 'one']);
      expect(await store.count('c', { where: [[`${name}.n`, '==', 2]] })).toBe(1);
      await expect(store.query('c', { where: [['bad\0name', '==', 1]], limit: 1 })).rejects.toBeInstanceOf(
        StoreError,
      );
    } finally {
      await store.close();
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

  it('a document too large to keep in memory is read back whole, before and after it is stored', async () => {
    const store = await openPgliteStore();
    try {
      const big = { html: 'x'.repeat(600_000) };
      const [, early] = await Promise.all([store.set('mail/big', big), store.get('mail/big')]);
      expect(early.data).toEqual(big);
      expect((await store.get('mail/big')).data).toEqual(big);
      await store.update('mail/big', { sent: true });
      expect((await store.get('mail/big')).data).toEqual({ ...big, sent: true });
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

  it('operations issued together or in turn end as if run one at a time, in the order issued', async () => {
    // What each operation does to a plain map, run in order: the store must agree, whatever its
    // batches, unstored states and cache do underneath.
    type Op =
      | { kind: 'set'; doc: number; v: number }
      | { kind: 'increment'; doc: number }
      | { kind: 'delete'; doc: number }
      | { kind: 'sum'; into: number; from: number }
      | { kind: 'get'; doc: number };
    const doc = fc.integer({ min: 0, max: 4 });
    // `after`: issued only once every earlier operation is answered, so that it meets stored states
    // and the cache, not only unstored ones.
    const op: fc.Arbitrary<Op & { after?: true }> = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), doc, v: fc.integer({ min: 0, max: 9 }) }),
      fc.record({ kind: fc.constant('increment' as const), doc }),
      fc.record({ kind: fc.constant('delete' as const), doc }),
      fc.record({ kind: fc.constant('sum' as const), into: doc, from: doc }),
      fc.record({ kind: fc.constant('get' as const), doc }),
      fc.record({ kind: fc.constant('get' as const), doc, after: fc.constant(true as const) }),
      fc.record({ kind: fc.constant('increment' as const), doc, after: fc.constant(true as const) }),
    );
    const store = await openPgliteStore({ undeclaredQueries: 'allow' });
    let run = 0;
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 40 }), async (ops) => {
          const collection = `runs/r${run++}/docs`;
          const at = (n: number) => `${collection}/d${n}`;
          const model = new Map<string, number>();
          const expected: (number | null | 'not-found')[] = [];
          for (const o of ops) {
            if (o.kind === 'set') model.set(at(o.doc), o.v);
            else if (o.kind === 'delete') model.delete(at(o.doc));
            else if (o.kind === 'increment') {
              if (!model.has(at(o.doc))) {
                expected.push('not-found');
                continue;
              }
              model.set(at(o.doc), (model.get(at(o.doc)) ?? 0) + 1);
            } else if (o.kind === 'sum')
              model.set(at(o.into), (model.get(at(o.into)) ?? 0) + (model.get(at(o.from)) ?? 0));
            else {
              expected.push(model.get(at(o.doc)) ?? null);
              continue;
            }
            expected.push(null);
          }
          const issue = (o: Op): Promise<number | null | 'not-found'> => {
            if (o.kind === 'set') return store.set(at(o.doc), { v: o.v }).then(() => null);
            if (o.kind === 'delete') return store.delete(at(o.doc)).then(() => null);
            if (o.kind === 'increment')
              return store.update(at(o.doc), { v: FieldValue.increment(1) }).then(
                () => null,
                (error: unknown) => {
                  if (error instanceof StoreError && error.code === 'not-found') return 'not-found';
                  throw error;
                },
              );
            if (o.kind === 'sum')
              return store
                .transaction(async (tx) => {
                  const [into, from] = await tx.getAll([at(o.into), at(o.from)]);
                  const value = (n: typeof into) => (typeof n?.data?.v === 'number' ? n.data.v : 0);
                  tx.set(at(o.into), { v: value(into) + value(from) });
                })
                .then(() => null);
            return store.get(at(o.doc)).then((snapshot) => (snapshot.data?.v as number | undefined) ?? null);
          };
          const issued: Promise<number | null | 'not-found'>[] = [];
          for (const o of ops) {
            if (o.after) await Promise.all(issued);
            issued.push(issue(o));
          }
          expect(await Promise.all(issued)).toEqual(expected);
          const stored = await store.query(collection);
          expect(new Map(stored.map((snapshot) => [snapshot.path, snapshot.data?.v]))).toEqual(model);
        }),
        { numRuns: 60 },
      );
    } finally {
      await store.close();
    }
  });
});
