// The behaviour every DocumentStore adapter must have (docs/architecture.md), run by each adapter's test
// file. One store serves the whole suite; every test writes under its own fresh collection.
import {
  FieldValue,
  MissingCursor,
  StoreError,
  type DocumentStore,
  type StoreErrorCode,
  type WhereOp,
} from '../store/port';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const ids = (docs: { id: string }[]) => docs.map((doc) => doc.id);
const sorted = (docs: { id: string }[]) => ids(docs).sort();

async function expectStoreError(promise: Promise<unknown>, code: StoreErrorCode): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StoreError);
  expect((error as StoreError).code).toBe(code);
}

export function describeDocumentStoreContract(name: string, open: () => Promise<DocumentStore>): void {
  describe(`DocumentStore contract: ${name}`, () => {
    let store: DocumentStore;
    let counter = 0;
    /** A collection no other test touches. */
    const fresh = () => `c${Date.now().toString(36)}x${(counter++).toString(36)}`;

    // Starting a backend (PGlite's WASM, an emulator) can take several seconds on a busy machine.
    beforeAll(async () => {
      store = await open();
    }, 120_000);
    afterAll(async () => {
      await store?.close();
    });

    describe('documents', () => {
      it('reads a missing document as null data with its id and path', async () => {
        const path = `${fresh()}/none`;
        expect(await store.get(path)).toEqual({ id: 'none', path, data: null });
      });

      it('round-trips nested maps, arrays and scalars; a Date reads back as an ISO string', async () => {
        const path = `${fresh()}/doc`;
        const data = {
          s: 'text',
          n: 1.5,
          b: false,
          z: null,
          list: [1, 'two', { three: 3 }],
          map: { inner: { deep: 'x' } },
        };
        await store.set(path, { ...data, at: new Date('2024-05-06T07:08:09.010Z') });
        expect(await store.get(path)).toEqual({
          id: 'doc',
          path,
          data: { ...data, at: '2024-05-06T07:08:09.010Z' },
        });
      });

      it('set without merge replaces the whole document', async () => {
        const path = `${fresh()}/doc`;
        await store.set(path, { a: 1, map: { x: 1, y: 2 } });
        await store.set(path, { map: { x: 9 } });
        expect((await store.get(path)).data).toEqual({ map: { x: 9 } });
      });

      it('set with merge deep-merges maps, replaces arrays and scalars, and creates a missing document', async () => {
        const path = `${fresh()}/doc`;
        await store.set(
          path,
          { keep: 1, list: [1, 2], map: { x: 1, nested: { a: 1, b: 2 } } },
          { merge: true },
        );
        await store.set(path, { list: [3], map: { y: 2, nested: { b: 20 } } }, { merge: true });
        expect((await store.get(path)).data).toEqual({
          keep: 1,
          list: [3],
          map: { x: 1, y: 2, nested: { a: 1, b: 20 } },
        });
      });

      it('set keeps dotted keys literal, with or without merge', async () => {
        const path = `${fresh()}/doc`;
        await store.set(path, { 'a.b': 1 });
        await store.set(path, { 'c.d': 2, a: { b: 3 } }, { merge: true });
        expect((await store.get(path)).data).toEqual({ 'a.b': 1, 'c.d': 2, a: { b: 3 } });
      });

      it('set with merge removes fields given FieldValue.delete()', async () => {
        const path = `${fresh()}/doc`;
        await store.set(path, { a: 1, map: { x: 1, y: 2 } });
        await store.set(path, { a: FieldValue.delete(), map: { y: FieldValue.delete() } }, { merge: true });
        expect((await store.get(path)).data).toEqual({ map: { x: 1 } });
      });

      it('update sets dotted field paths, leaves siblings alone, and replaces a map given as a value', async () => {
        const path = `${fresh()}/doc`;
        await store.set(path, { questions: { q1: 'a', q2: 'b' }, profile: { first: 'Ann', last: 'Lee' } });
        await store.update(path, {
          'questions.q1': 'changed',
          'questions.q3': 'new',
          profile: { first: 'Bo' },
        });
        expect((await store.get(path)).data).toEqual({
          questions: { q1: 'changed', q2: 'b', q3: 'new' },
          profile: { first: 'Bo' },
        });
      });

      it('update removes a dotted field given FieldValue.delete()', async () => {
        const path = `${fresh()}/doc`;
        await store.set(path, { questions: { q1: 'a', q2: 'b' } });
        await store.update(path, { 'questions.q1': FieldValue.delete() });
        expect((await store.get(path)).data).toEqual({ questions: { q2: 'b' } });
      });

      it('update of a missing document fails with not-found and creates nothing', async () => {
        const path = `${fresh()}/missing`;
        await expectStoreError(store.update(path, { a: 1 }), 'not-found');
        expect((await store.get(path)).data).toBeNull();
      });

      it('create fails with already-exists when the document exists and leaves it unchanged', async () => {
        const path = `${fresh()}/doc`;
        await store.create(path, { v: 1 });
        await expectStoreError(store.create(path, { v: 2 }), 'already-exists');
        expect((await store.get(path)).data).toEqual({ v: 1 });
      });

      it('add stores the document under a new 20-character id', async () => {
        const collection = fresh();
        const id = await store.add(collection, { v: 1 });
        expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
        expect(await store.get(`${collection}/${id}`)).toEqual({
          id,
          path: `${collection}/${id}`,
          data: { v: 1 },
        });
      });

      it('newId returns distinct 20-character alphanumeric ids', () => {
        const generated = new Set(Array.from({ length: 500 }, () => store.newId()));
        expect(generated.size).toBe(500);
        for (const id of generated) expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
      });

      it('delete removes the document, and deleting a missing one is not an error', async () => {
        const path = `${fresh()}/doc`;
        await store.set(path, { v: 1 });
        await store.delete(path);
        expect((await store.get(path)).data).toBeNull();
        await store.delete(path);
      });

      it('refuses invalid paths, undefined values and misplaced FieldValue.delete() with invalid-argument', async () => {
        const collection = fresh();
        await expectStoreError(store.get(collection), 'invalid-argument');
        await expectStoreError(store.set(`${collection}/doc/sub`, { v: 1 }), 'invalid-argument');
        await expectStoreError(store.query(`${collection}/doc`), 'invalid-argument');
        await expectStoreError(store.set(`${collection}/doc`, { v: undefined }), 'invalid-argument');
        await expectStoreError(
          store.set(`${collection}/doc`, { v: FieldValue.delete() }),
          'invalid-argument',
        );
        await expectStoreError(store.set(`${collection}/doc`, { map: { __name__: 1 } }), 'invalid-argument');
        await expectStoreError(store.update(`${collection}/doc`, { 'map.__proto__': 1 }), 'invalid-argument');
        await expectStoreError(
          store.set(`${collection}/doc`, { list: [FieldValue.serverTimestamp()] }),
          'invalid-argument',
        );
        expect((await store.get(`${collection}/doc`)).data).toBeNull();
      });

      it('refuses NUL and broken Unicode in values, field names and paths, and over-long paths', async () => {
        const collection = fresh();
        const doc = `${collection}/doc`;
        await expectStoreError(store.set(doc, { name: 'a\u0000b' }), 'invalid-argument');
        await expectStoreError(store.set(doc, { nested: { list: ['ok', 'a\uD800'] } }), 'invalid-argument');
        await expectStoreError(store.set(doc, { ['a\uDC00']: 1 }), 'invalid-argument');
        await expectStoreError(
          store.update(doc, { tags: FieldValue.arrayUnion('a\u0000') }),
          'invalid-argument',
        );
        await expectStoreError(store.set(`${collection}/a\u0000b`, { v: 1 }), 'invalid-argument');
        await expectStoreError(store.set(`${collection}/${'x'.repeat(2100)}`, { v: 1 }), 'invalid-argument');
        await expectStoreError(
          store.transaction(async (tx) => tx.set(doc, { name: '\uDFFF' })),
          'invalid-argument',
        );
        // A surrogate pair is a whole character, and is kept.
        await store.set(doc, { name: 'Green 🌱 Cafe' });
        expect((await store.get(doc)).data).toEqual({ name: 'Green 🌱 Cafe' });
      });
    });

    describe('FieldValue transforms', () => {
      /** Every value is an ISO string of a time between `before` and now. */
      const expectServerTimes = (values: unknown[], before: number) => {
        const after = Date.now();
        for (const value of values) {
          expect(value).toMatch(ISO);
          const time = Date.parse(value as string);
          expect(time).toBeGreaterThanOrEqual(before - 1);
          expect(time).toBeLessThanOrEqual(after + 1);
        }
      };

      it('serverTimestamp resolves to the current time as an ISO string in set, merge and update', async () => {
        const path = `${fresh()}/doc`;
        const before = Date.now();
        await store.set(path, { startedAt: FieldValue.serverTimestamp() });
        await store.set(path, { mergedAt: FieldValue.serverTimestamp() }, { merge: true });
        await store.update(path, { updatedAt: FieldValue.serverTimestamp() });
        const data = (await store.get(path)).data!;
        expectServerTimes([data.startedAt, data.mergedAt, data.updatedAt], before);
      });

      it('increment adds to a number and starts a missing field at the operand', async () => {
        const path = `${fresh()}/doc`;
        await store.set(path, { count: 2, total: 10 });
        await store.update(path, { count: FieldValue.increment(3) });
        await store.update(path, { total: FieldValue.increment(-4) });
        await store.update(path, { fresh: FieldValue.increment(1) });
        await store.set(path, { merged: FieldValue.increment(5) }, { merge: true });
        expect((await store.get(path)).data).toEqual({ count: 5, total: 6, fresh: 1, merged: 5 });
      });

      it('transforms apply inside maps and at dotted paths', async () => {
        const path = `${fresh()}/doc`;
        const before = Date.now();
        await store.set(path, { nested: { at: FieldValue.serverTimestamp() }, stats: { total: 10 } });
        await store.update(path, { 'nested.updatedAt': FieldValue.serverTimestamp() });
        await store.update(path, {
          'stats.total': FieldValue.increment(-4),
          'stats.fresh': FieldValue.increment(1),
        });
        await store.set(path, { stats: { merged: FieldValue.increment(2) } }, { merge: true });
        const data = (await store.get(path)).data as { nested: Record<string, unknown>; stats: unknown };
        expectServerTimes([data.nested.at, data.nested.updatedAt], before);
        expect(data.stats).toEqual({ total: 6, fresh: 1, merged: 2 });
      });

      it('arrayUnion adds only values not already present; arrayRemove removes every equal value', async () => {
        const path = `${fresh()}/doc`;
        await store.set(path, { ids: ['a', 'b'], maps: [{ k: 1 }, { k: 2 }], removeFrom: ['x', 'y', 'x'] });
        await store.update(path, { ids: FieldValue.arrayUnion('b', 'c') });
        await store.update(path, { maps: FieldValue.arrayUnion({ k: 1 }, { k: 3 }) });
        await store.set(path, { removeFrom: FieldValue.arrayRemove('x', 'absent') }, { merge: true });
        expect((await store.get(path)).data).toEqual({
          ids: ['a', 'b', 'c'],
          maps: [{ k: 1 }, { k: 2 }, { k: 3 }],
          removeFrom: ['y'],
        });
      });

      it('arrayUnion on a missing field creates the array', async () => {
        const path = `${fresh()}/doc`;
        await store.set(path, { actionPlans: FieldValue.arrayUnion('a1') });
        await store.update(path, { other: FieldValue.arrayUnion('b1') });
        expect((await store.get(path)).data).toEqual({ actionPlans: ['a1'], other: ['b1'] });
      });

      it('one write applies several transforms', async () => {
        const path = `${fresh()}/doc`;
        await store.set(path, { list: ['a'], n: 1 });
        await store.update(path, {
          updatedAt: FieldValue.serverTimestamp(),
          list: FieldValue.arrayUnion('b'),
          n: FieldValue.increment(1),
        });
        const data = (await store.get(path)).data!;
        expect(data.updatedAt).toMatch(ISO);
        expect(data.list).toEqual(['a', 'b']);
        expect(data.n).toBe(2);
      });
    });

    describe('queries', () => {
      /** Seeds a collection with documents a..e and returns its path. */
      async function seed(): Promise<string> {
        const collection = fresh();
        const docs: Record<string, Record<string, unknown>> = {
          a: { surveyId: 's1', startedAt: '2024-01-03T00:00:00.000Z', org: { size: 'small' }, rank: 2 },
          b: { surveyId: 's1', startedAt: '2024-01-01T00:00:00.000Z', org: { size: 'large' }, rank: 1 },
          c: { surveyId: 's2', startedAt: '2024-01-02T00:00:00.000Z', org: { size: 'small' }, rank: 3 },
          d: { surveyId: 's2', startedAt: '2024-01-05T00:00:00.000Z', org: { size: 'medium' }, rank: 1 },
          e: { surveyId: 's3', startedAt: '2024-01-04T00:00:00.000Z', org: { size: 'small' }, rank: 2 },
        };
        for (const [id, data] of Object.entries(docs)) await store.set(`${collection}/${id}`, data);
        // Neither a sub-collection nor a sibling collection with the same prefix is a child.
        await store.set(`${collection}/a/sub/z`, {
          surveyId: 's1',
          rank: 0,
          startedAt: '2023-01-01T00:00:00.000Z',
        });
        await store.set(`${collection}x/y`, {
          surveyId: 's1',
          rank: 0,
          startedAt: '2023-01-01T00:00:00.000Z',
        });
        return collection;
      }

      it('returns the direct children of the collection only, with data', async () => {
        const collection = await seed();
        const docs = await store.query(collection);
        expect(sorted(docs)).toEqual(['a', 'b', 'c', 'd', 'e']);
        expect(docs.find((doc) => doc.id === 'a')).toEqual({
          id: 'a',
          path: `${collection}/a`,
          data: { surveyId: 's1', startedAt: '2024-01-03T00:00:00.000Z', org: { size: 'small' }, rank: 2 },
        });
      });

      it('filters by equality, several filters combined with AND, without type coercion', async () => {
        const collection = await seed();
        expect(sorted(await store.query(collection, { where: [['surveyId', '==', 's1']] }))).toEqual([
          'a',
          'b',
        ]);
        const both = await store.query(collection, {
          where: [
            ['surveyId', '==', 's1'],
            ['rank', '==', 2],
          ],
        });
        expect(ids(both)).toEqual(['a']);
        expect(await store.query(collection, { where: [['rank', '==', '2']] })).toEqual([]);
      });

      it('filters and orders by dotted nested fields', async () => {
        const collection = await seed();
        expect(sorted(await store.query(collection, { where: [['org.size', '==', 'small']] }))).toEqual([
          'a',
          'c',
          'e',
        ]);
        const ordered = await store.query(collection, {
          orderBy: [
            ['surveyId', 'desc'],
            ['org.size', 'asc'],
          ],
          limit: 3,
        });
        expect(ids(ordered)).toEqual(['e', 'd', 'c']);
      });

      it('filters with in', async () => {
        const collection = await seed();
        const docs = await store.query(collection, { where: [['surveyId', 'in', ['s2', 's3', 'nope']]] });
        expect(sorted(docs)).toEqual(['c', 'd', 'e']);
        await expectStoreError(
          store.query(collection, { where: [['surveyId', 'in', []]] }),
          'invalid-argument',
        );
      });

      it('filters by range within the operand type only, leaving out documents without the field', async () => {
        const collection = fresh();
        await store.set(`${collection}/one`, { n: 1 });
        await store.set(`${collection}/two`, { n: 2 });
        await store.set(`${collection}/three`, { n: 3 });
        await store.set(`${collection}/text`, { n: '2' });
        await store.set(`${collection}/null`, { n: null });
        await store.set(`${collection}/lacks`, {});
        const where = (op: WhereOp, value: unknown) =>
          store.query(collection, { where: [['n', op, value]], orderBy: [['n', 'asc']] }).then(ids);
        expect(await where('<', 2)).toEqual(['one']);
        expect(await where('<=', 2)).toEqual(['one', 'two']);
        expect(await where('>', 2)).toEqual(['three']);
        expect(await where('>=', 2)).toEqual(['two', 'three']);
        expect(await where('>=', '0')).toEqual(['text']);
        const between = await store.query(collection, {
          where: [
            ['n', '>', 1],
            ['n', '<', 3],
          ],
        });
        expect(ids(between)).toEqual(['two']);
      });

      it('compares a Date bound with stored timestamps', async () => {
        const collection = fresh();
        await store.set(`${collection}/early`, { at: new Date('2024-01-01T00:00:00.000Z') });
        await store.set(`${collection}/late`, { at: new Date('2024-06-01T00:00:00.000Z') });
        const after = await store.query(collection, {
          where: [['at', '>=', new Date('2024-03-01T00:00:00.000Z')]],
        });
        expect(ids(after)).toEqual(['late']);
      });

      it('filters by array-contains: arrays holding the value, nothing else', async () => {
        const collection = fresh();
        await store.set(`${collection}/both`, { tags: ['gr', 'gre', 'le'] });
        await store.set(`${collection}/one`, { tags: ['gr'] });
        await store.set(`${collection}/scalar`, { tags: 'gr' });
        await store.set(`${collection}/map`, { tags: { gr: 'gr' } });
        await store.set(`${collection}/lacks`, {});
        const found = await store.query(collection, { where: [['tags', 'array-contains', 'gr']] });
        expect(sorted(found)).toEqual(['both', 'one']);
        const paged = await store.query(collection, {
          where: [['tags', 'array-contains', 'gr']],
          orderBy: [['tags', 'asc']],
          startAfter: 'one',
        });
        expect(ids(paged)).toEqual(['both']);
      });

      it('counts what a query matches, its limit and cursor applied', async () => {
        const collection = await seed();
        expect(await store.count(collection)).toBe(5);
        expect(await store.count(collection, { where: [['surveyId', '==', 's1']] })).toBe(2);
        expect(await store.count(collection, { where: [['rank', '>=', 2]] })).toBe(3);
        expect(await store.count(collection, { orderBy: [['rank', 'desc']], limit: 2 })).toBe(2);
        expect(await store.count(collection, { orderBy: [['rank', 'desc']], startAfter: 'e' })).toBe(3);
        expect(await store.count(`${collection}x`)).toBe(1);
        expect(await store.count(fresh())).toBe(0);
      });

      it('orders by several fields ascending and descending, and limits', async () => {
        const collection = await seed();
        expect(ids(await store.query(collection, { orderBy: [['startedAt', 'desc']] }))).toEqual([
          'd',
          'e',
          'a',
          'c',
          'b',
        ]);
        expect(
          ids(
            await store.query(collection, {
              orderBy: [
                ['rank', 'asc'],
                ['startedAt', 'desc'],
              ],
            }),
          ),
        ).toEqual(['d', 'b', 'e', 'a', 'c']);
        expect(ids(await store.query(collection, { orderBy: [['startedAt', 'asc']], limit: 2 }))).toEqual([
          'b',
          'c',
        ]);
      });

      it('breaks ties by document id, in the direction of the last orderBy', async () => {
        const collection = await seed();
        expect(ids(await store.query(collection, { orderBy: [['rank', 'desc']] }))).toEqual([
          'c',
          'e',
          'a',
          'd',
          'b',
        ]);
        expect(ids(await store.query(collection, { orderBy: [['rank', 'asc']], limit: 3 }))).toEqual([
          'b',
          'd',
          'a',
        ]);
      });

      it('takes the newest match with where + orderBy desc + limit 1', async () => {
        const collection = await seed();
        const latest = await store.query(collection, {
          where: [['surveyId', '==', 's2']],
          orderBy: [['startedAt', 'desc']],
          limit: 1,
        });
        expect(ids(latest)).toEqual(['d']);
      });

      it('orderBy leaves out documents without the field; null sorts first', async () => {
        const collection = fresh();
        await store.set(`${collection}/has`, { n: 2 });
        await store.set(`${collection}/null`, { n: null });
        await store.set(`${collection}/lacks`, { other: 1 });
        expect(ids(await store.query(collection, { orderBy: [['n', 'asc']] }))).toEqual(['null', 'has']);
      });

      it('continues after a document in the query order, page by page', async () => {
        const collection = await seed();
        const query = { orderBy: [['rank', 'desc']] as const, limit: 2 };
        const first = ids(await store.query(collection, query));
        const second = ids(await store.query(collection, { ...query, startAfter: first.at(-1)! }));
        const third = ids(await store.query(collection, { ...query, startAfter: second.at(-1)! }));
        expect([first, second, third]).toEqual([['c', 'e'], ['a', 'd'], ['b']]);
        const filtered = await store.query(collection, {
          where: [['org.size', '==', 'small']],
          orderBy: [['startedAt', 'asc']],
          startAfter: 'c',
        });
        expect(ids(filtered)).toEqual(['a', 'e']);
        const inTransaction = await store.transaction((tx) =>
          tx.query(collection, { orderBy: [['rank', 'asc']], startAfter: 'a' }),
        );
        expect(ids(inTransaction)).toEqual(['e', 'c']);
      });

      it('pages one at a time through ties, nulls, mixed types and mixed directions in the full order', async () => {
        const collection = await seed();
        await store.set(`${collection}/f`, { rank: null, startedAt: '2024-01-06T00:00:00.000Z' });
        await store.set(`${collection}/g`, { rank: 'two', startedAt: '2024-01-07T00:00:00.000Z' });
        for (const orderBy of [
          [['rank', 'desc']],
          [['rank', 'asc']],
          [
            ['rank', 'asc'],
            ['startedAt', 'desc'],
          ],
        ] as const) {
          const whole = ids(await store.query(collection, { orderBy }));
          const paged: string[] = [];
          for (let page = await store.query(collection, { orderBy, limit: 1 }); page.length > 0;) {
            paged.push(page[0]!.id);
            page = await store.query(collection, { orderBy, limit: 1, startAfter: page[0]!.id });
          }
          expect(paged).toEqual(whole);
          expect(whole).toHaveLength(7);
        }
      });

      it('refuses to start after a document that does not exist', async () => {
        const collection = await seed();
        await expectStoreError(
          store.query(collection, { orderBy: [['rank', 'asc']], startAfter: 'gone' }),
          'invalid-argument',
        );
        // Recognisable, so a caller tells its user the page is gone without reading the cursor first.
        await expect(
          store.query(collection, { orderBy: [['rank', 'asc']], startAfter: 'gone' }),
        ).rejects.toBeInstanceOf(MissingCursor);
      });

      it('equality with null matches only fields holding null', async () => {
        const collection = fresh();
        await store.set(`${collection}/null`, { v: null });
        await store.set(`${collection}/value`, { v: 1 });
        await store.set(`${collection}/lacks`, {});
        expect(ids(await store.query(collection, { where: [['v', '==', null]] }))).toEqual(['null']);
      });
    });

    describe('transactions', () => {
      it('reads and writes atomically, applying transforms at commit', async () => {
        const collection = fresh();
        await store.set(`${collection}/counter`, { value: 1 });
        const result = await store.transaction(async (tx) => {
          const current = (await tx.get(`${collection}/counter`)).data!.value as number;
          const others = await tx.query(collection);
          tx.set(`${collection}/counter`, { value: current + 1, at: FieldValue.serverTimestamp() });
          tx.update(`${collection}/counter`, { bumped: FieldValue.increment(1) });
          tx.create(`${collection}/log`, { seen: others.length });
          return current;
        });
        expect(result).toBe(1);
        const counter = (await store.get(`${collection}/counter`)).data!;
        expect(counter).toEqual({ value: 2, at: expect.stringMatching(ISO), bumped: 1 });
        expect((await store.get(`${collection}/log`)).data).toEqual({ seen: 1 });
      });

      it('applies nothing when the work throws, and rejects with its error', async () => {
        const path = `${fresh()}/doc`;
        await store.set(path, { v: 1 });
        const failure = new Error('work failed');
        await expect(
          store.transaction(async (tx) => {
            await tx.get(path);
            tx.set(path, { v: 2 });
            tx.delete(path);
            throw failure;
          }),
        ).rejects.toBe(failure);
        expect((await store.get(path)).data).toEqual({ v: 1 });
      });

      it('fails with not-found when it updates a missing document', async () => {
        const path = `${fresh()}/missing`;
        await expectStoreError(
          store.transaction(async (tx) => tx.update(path, { v: 1 })),
          'not-found',
        );
        expect((await store.get(path)).data).toBeNull();
      });

      it('fails with already-exists when it creates an existing document', async () => {
        const path = `${fresh()}/taken`;
        await store.set(path, { v: 1 });
        await expectStoreError(
          store.transaction(async (tx) => tx.create(path, { v: 2 })),
          'already-exists',
        );
        expect((await store.get(path)).data).toEqual({ v: 1 });
      });

      it('a commit that fails applies none of its writes', async () => {
        const collection = fresh();
        await store.set(`${collection}/taken`, { v: 1 });
        await expectStoreError(
          store.transaction(async (tx) => {
            tx.set(`${collection}/written`, { v: 1 });
            tx.update(`${collection}/missing`, { v: 1 });
          }),
          'not-found',
        );
        await expectStoreError(
          store.transaction(async (tx) => {
            tx.set(`${collection}/written`, { v: 1 });
            tx.create(`${collection}/taken`, { v: 2 });
          }),
          'already-exists',
        );
        expect(ids(await store.query(collection))).toEqual(['taken']);
        expect((await store.get(`${collection}/taken`)).data).toEqual({ v: 1 });
      });

      it('getAll reads several documents in the order asked, a missing one as null', async () => {
        const collection = fresh();
        await store.set(`${collection}/b`, { v: 'b' });
        await store.set(`${collection}/a`, { v: 'a' });
        const read = await store.transaction((tx) =>
          tx.getAll([`${collection}/b`, `${collection}/missing`, `${collection}/a`]),
        );
        expect(read).toEqual([
          { id: 'b', path: `${collection}/b`, data: { v: 'b' } },
          { id: 'missing', path: `${collection}/missing`, data: null },
          { id: 'a', path: `${collection}/a`, data: { v: 'a' } },
        ]);
        expect(await store.transaction((tx) => tx.getAll([]))).toEqual([]);
      });

      it('several writes to one document, and deletes beside sets, commit in order', async () => {
        const collection = fresh();
        await store.set(`${collection}/gone`, { v: 1 });
        await store.set(`${collection}/back`, { v: 1 });
        await store.transaction(async (tx) => {
          const [doc] = await tx.getAll([`${collection}/doc`]);
          expect(doc?.data).toBeNull();
          tx.create(`${collection}/doc`, { v: 1, list: ['a'] });
          tx.update(`${collection}/doc`, { v: FieldValue.increment(2), list: FieldValue.arrayUnion('b') });
          tx.set(`${collection}/doc`, { extra: true }, { merge: true });
          tx.delete(`${collection}/gone`);
          tx.delete(`${collection}/back`);
          tx.set(`${collection}/back`, { v: 2 });
        });
        expect(ids(await store.query(collection))).toEqual(['back', 'doc']);
        expect((await store.get(`${collection}/doc`)).data).toEqual({ v: 3, list: ['a', 'b'], extra: true });
        expect((await store.get(`${collection}/back`)).data).toEqual({ v: 2 });
      });

      it("a change to a read snapshot's data is not stored by the transaction's update", async () => {
        const path = `${fresh()}/doc`;
        await store.set(path, { kept: 'yes', nested: { a: 1 } });
        await store.transaction(async (tx) => {
          const [snapshot] = await tx.getAll([path]);
          (snapshot!.data!.nested as { a: number }).a = 2;
          snapshot!.data!.kept = 'changed in memory';
          tx.update(path, { added: true });
        });
        expect((await store.get(path)).data).toEqual({ kept: 'yes', nested: { a: 1 }, added: true });
      });

      it('refuses a read after a write', async () => {
        const path = `${fresh()}/doc`;
        await expectStoreError(
          store.transaction(async (tx) => {
            tx.set(path, { v: 1 });
            await tx.get(path);
          }),
          'invalid-argument',
        );
        await expectStoreError(
          store.transaction(async (tx) => {
            tx.set(path, { v: 1 });
            await tx.getAll([path]);
          }),
          'invalid-argument',
        );
        expect((await store.get(path)).data).toBeNull();
      });

      it(
        '20 concurrent read-modify-write transactions lose no update',
        async () => {
          const path = `${fresh()}/counter`;
          await store.set(path, { value: 0 });
          await Promise.all(
            Array.from({ length: 20 }, () =>
              store.transaction(async (tx) => {
                const value = (await tx.get(path)).data!.value as number;
                // Yield so that the transactions really overlap.
                await new Promise((resolve) => setTimeout(resolve, 1));
                tx.update(path, { value: value + 1 });
              }),
            ),
          );
          expect((await store.get(path)).data).toEqual({ value: 20 });
        },
        // Firestore retries contended transactions with back-off: a real server needs more than 5 s.
        60_000,
      );
    });

    describe('watch', () => {
      /** Waits until the watcher's last report holds `data` (a store may coalesce reports). */
      async function lastReport(seen: unknown[], data: unknown) {
        const deadline = Date.now() + 10_000;
        while (JSON.stringify(seen.at(-1)) !== JSON.stringify(data)) {
          if (Date.now() > deadline)
            throw new Error(`No report of ${JSON.stringify(data)}: ${JSON.stringify(seen)}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }

      it('reports the document now and after each committed change, until stopped', async () => {
        const path = `${fresh()}/doc`;
        const other = `${path.split('/')[0]}/other`;
        await store.set(path, { v: 1 });
        const seen: unknown[] = [];
        const stop = store.watch(path, (snapshot) => seen.push(snapshot.data));
        await lastReport(seen, { v: 1 });
        await store.update(path, { v: 2 });
        await lastReport(seen, { v: 2 });
        await store.transaction(async (tx) => {
          tx.set(path, { v: 3 }, { merge: true });
          tx.set(other, { v: 0 });
        });
        await lastReport(seen, { v: 3 });
        await expectStoreError(
          store.transaction(async (tx) => {
            tx.set(path, { v: 99 });
            tx.create(other, { v: 1 });
          }),
          'already-exists',
        );
        await store.delete(path);
        await lastReport(seen, null);
        expect(seen).not.toContainEqual({ v: 99 });

        stop();
        await store.set(path, { v: 4 });
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(seen.at(-1)).toBeNull();
      });
    });

    it('exportAll returns every document sorted by path, also below missing documents', async () => {
      const collection = fresh();
      await store.set(`${collection}/b`, { v: 2 });
      await store.set(`${collection}/a`, { v: 1 });
      // Below a document that does not exist, as tenants/{t}/assessments/{s}/results/{id}.
      await store.set(`${collection}/ghost/results/r1`, { v: 3 });
      const mine = (await store.exportAll()).filter((doc) => doc.path.startsWith(`${collection}/`));
      expect(mine).toEqual([
        { id: 'a', path: `${collection}/a`, data: { v: 1 } },
        { id: 'b', path: `${collection}/b`, data: { v: 2 } },
        { id: 'r1', path: `${collection}/ghost/results/r1`, data: { v: 3 } },
      ]);
    });
  });
}
