// Every declared query shape is served by firestore.indexes.json, by Firestore's indexing rules:
// - a single-field index (ascending, descending, array-contains) exists for every field unless
//   `fieldOverrides` exempts it (an exemption of a map field holds for its subfields);
// - equality and array-contains filters alone are served by merging single-field indexes, and one
//   field's range or order (nothing else) by its own single-field index;
// - anything else (filters with an order or a range on another field, several order fields) needs
//   composite indexes of the collection's scope: the filtered fields, then the order fields, then
//   the range fields not ordered by. Indexes ending in the same order whose filters are all the
//   query's are merged, so together they may cover its filters (docs/decisions.md, Workbench indexes).
// The store has no collection-group queries, so only indexes of COLLECTION scope serve a shape.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AUDIT_KINDS, type ReceivedResultsQuery } from '@toolkit/domain';
import { auditPageSpec } from '../repositories/audit';
import { workbenchSpec } from '../repositories/results';
import { declaredQueryShapes, everyWorkbenchQuery, shapeKey, shapeOf, type QueryShape } from './query-shapes';

type Order = 'ASCENDING' | 'DESCENDING';

interface IndexField {
  fieldPath: string;
  order?: Order;
  arrayConfig?: 'CONTAINS';
}

interface IndexFile {
  indexes: { collectionGroup: string; queryScope: string; fields: IndexField[] }[];
  fieldOverrides?: {
    collectionGroup: string;
    fieldPath: string;
    indexes: { order?: Order; arrayConfig?: 'CONTAINS'; queryScope?: string }[];
  }[];
}

const INDEX_FILE = path.join(__dirname, '../../../../firestore.indexes.json');
const readIndexFile = (): IndexFile => JSON.parse(readFileSync(INDEX_FILE, 'utf8')) as IndexFile;

const RANGE_OPS = new Set(['<', '<=', '>', '>=']);
const EQUALITY_OPS = new Set(['==', 'in']);

/** What a shape asks of the indexes: the filtered fields, and the order Firestore scans in. */
interface Needs {
  equalities: string[];
  contains: string[];
  order: IndexField[];
}

function needsOf({ where = [], orderBy = [] }: QueryShape): Needs {
  const ordered = new Set(orderBy.map(([field]) => field));
  return {
    equalities: where.filter(([, op]) => EQUALITY_OPS.has(op)).map(([field]) => field),
    contains: where.filter(([, op]) => op === 'array-contains').map(([field]) => field),
    // A range orders by its field: after the explicit order when that names another field.
    order: [
      ...orderBy.map(([fieldPath, direction]): IndexField => ({
        fieldPath,
        order: direction === 'desc' ? 'DESCENDING' : 'ASCENDING',
      })),
      ...where
        .filter(([field, op]) => RANGE_OPS.has(op) && !ordered.has(field))
        .map(([fieldPath]): IndexField => ({ fieldPath, order: 'ASCENDING' })),
    ],
  };
}

/** Whether the field's automatic single-field index of this kind exists, exemptions considered. */
function singleField(file: IndexFile, collection: string, field: string, kind: Order | 'CONTAINS'): boolean {
  const override = (file.fieldOverrides ?? [])
    .filter(
      (entry) =>
        entry.collectionGroup === collection &&
        (entry.fieldPath === field || field.startsWith(`${entry.fieldPath}.`)),
    )
    .sort((a, b) => b.fieldPath.length - a.fieldPath.length)[0];
  if (!override) return true;
  return override.indexes.some(
    (index) =>
      (index.queryScope ?? 'COLLECTION') === 'COLLECTION' && (index.order ?? index.arrayConfig) === kind,
  );
}

const sameField = (a: IndexField, b: IndexField) =>
  a.fieldPath === b.fieldPath && a.order === b.order && a.arrayConfig === b.arrayConfig;

/** Whether the file's indexes serve the shape; the reason when they do not. */
function unserved(file: IndexFile, shape: QueryShape): string | null {
  const { collection } = shape;
  const { equalities, contains, order } = needsOf(shape);
  const filters = equalities.length + contains.length;
  if (filters === 0 && order.length === 0) return null;
  if (filters === 0 && order.length === 1) {
    return singleField(file, collection, order[0]!.fieldPath, order[0]!.order!)
      ? null
      : `${order[0]!.fieldPath} is exempt from single-field indexes`;
  }
  const merged =
    equalities.every(
      (field) =>
        singleField(file, collection, field, 'ASCENDING') ||
        singleField(file, collection, field, 'DESCENDING'),
    ) && contains.every((field) => singleField(file, collection, field, 'CONTAINS'));
  // With an exempt field, filters alone are left to the composite indexes below.
  if (order.length === 0 && merged) return null;
  if (filters === 0 && order.length > 1) {
    const whole = file.indexes.some(
      (index) =>
        index.collectionGroup === collection &&
        index.queryScope === 'COLLECTION' &&
        index.fields.length === order.length &&
        index.fields.every((field, at) => sameField(field, order[at]!)),
    );
    return whole ? null : 'no composite index of its order fields';
  }
  const covers = (field: IndexField) =>
    field.arrayConfig === 'CONTAINS'
      ? contains.includes(field.fieldPath)
      : equalities.includes(field.fieldPath);
  const covered = new Set<string>();
  for (const index of file.indexes) {
    if (index.collectionGroup !== collection || index.queryScope !== 'COLLECTION') continue;
    const prefix = index.fields.slice(0, index.fields.length - order.length);
    const suffix = index.fields.slice(prefix.length);
    if (suffix.length !== order.length || !suffix.every((field, at) => sameField(field, order[at]!)))
      continue;
    if (!prefix.every(covers)) continue;
    prefix.forEach((field) => covered.add(`${field.arrayConfig ?? 'EQ'} ${field.fieldPath}`));
  }
  const missing = [
    ...equalities.filter((field) => !covered.has(`EQ ${field}`)),
    ...contains.filter((field) => !covered.has(`CONTAINS ${field}`)),
  ];
  return missing.length === 0
    ? null
    : `no composite index (or merge of them) ending in its order covers ${missing.join(', ')}`;
}

/** The distinct shapes that reach Firestore (the relay's are the embedded store's only). */
const FIRESTORE_SHAPES: QueryShape[] = [
  ...new Map(
    declaredQueryShapes()
      .filter((shape) => !shape.embeddedOnly)
      .map((shape) => [shapeKey(shape), shape]),
  ).values(),
];

const unservedIn = (file: IndexFile) =>
  FIRESTORE_SHAPES.flatMap((shape) => {
    const reason = unserved(file, shape);
    return reason === null ? [] : [`${shapeKey(shape)}: ${reason}`];
  });

/** The file with the index at `position` left out. */
const without = (file: IndexFile, position: number): IndexFile => ({
  ...file,
  indexes: file.indexes.filter((_, at) => at !== position),
});

const composite = (collection: string, ...fields: IndexField[]) => ({
  collectionGroup: collection,
  queryScope: 'COLLECTION',
  fields,
});
const asc = (fieldPath: string): IndexField => ({ fieldPath, order: 'ASCENDING' });
const desc = (fieldPath: string): IndexField => ({ fieldPath, order: 'DESCENDING' });

describe('firestore.indexes.json', () => {
  it('serves every declared query shape', () => {
    expect(FIRESTORE_SHAPES.length).toBeGreaterThan(50);
    expect(unservedIn(readIndexFile())).toEqual([]);
  });

  it('declares no index that no shape needs: without any one of them a shape is refused', () => {
    const file = readIndexFile();
    const spare = file.indexes.filter((index, position) => {
      const rest = without(file, position);
      return FIRESTORE_SHAPES.every(
        (shape) => shape.collection !== index.collectionGroup || unserved(rest, shape) === null,
      );
    });
    expect(spare.map((index) => JSON.stringify(index))).toEqual([]);
  });

  it('fails for a shape whose index is removed from a copy of the file', () => {
    const file = readIndexFile();
    const audit = file.indexes.findIndex(
      (index) => JSON.stringify(index.fields) === JSON.stringify([asc('kind'), desc('at')]),
    );
    expect(audit).toBeGreaterThanOrEqual(0);
    expect(unservedIn(without(file, audit))).toEqual([
      expect.stringContaining('audit where [kind ==] orderBy [at desc]: no composite index'),
    ]);
  });

  it('fails for a field whose single-field indexes an exemption switches off', () => {
    const file = readIndexFile();
    const exempt = (collectionGroup: string, fieldPath: string): IndexFile => ({
      ...file,
      fieldOverrides: [...(file.fieldOverrides ?? []), { collectionGroup, fieldPath, indexes: [] }],
    });
    expect(unservedIn(exempt('users', 'email'))).toEqual([
      expect.stringContaining('users where [] orderBy [email asc]: email is exempt'),
      expect.stringContaining('users where [email ==] orderBy []: no composite index'),
    ]);
    // Exempting a map exempts its subfields: the purge's due organisations are found by range.
    expect(unservedIn(exempt('tenants', 'deletion'))).toEqual([
      expect.stringContaining(
        'tenants where [deletion.purgeAfter <=] orderBy []: deletion.purgeAfter is exempt',
      ),
    ]);
  });

  it('applies the rules: merges, exact composites, directions and scope', () => {
    const file: IndexFile = {
      indexes: [
        composite('c', asc('a'), desc('t')),
        composite('c', asc('b'), desc('t')),
        composite('c', { fieldPath: 'tags', arrayConfig: 'CONTAINS' }, desc('t')),
        composite('c', asc('x'), asc('y')),
        { ...composite('g', asc('a'), desc('t')), queryScope: 'COLLECTION_GROUP' },
      ],
    };
    const shape = (where: QueryShape['where'], orderBy: QueryShape['orderBy'] = []): QueryShape => ({
      collection: 'c',
      where,
      orderBy,
    });
    expect(
      unserved(
        file,
        shape([
          ['a', '=='],
          ['b', '=='],
          ['z', 'array-contains'],
        ]),
      ),
    ).toBeNull();
    expect(unserved(file, shape([['z', '<']]))).toBeNull();
    expect(unserved(file, shape([], [['z', 'desc']]))).toBeNull();
    expect(
      unserved(
        file,
        shape(
          [
            ['a', '=='],
            ['b', '=='],
          ],
          [['t', 'desc']],
        ),
      ),
    ).toBeNull();
    expect(
      unserved(
        file,
        shape(
          [
            ['a', '=='],
            ['tags', 'array-contains'],
          ],
          [['t', 'desc']],
        ),
      ),
    ).toBeNull();
    expect(unserved(file, shape([['a', '==']], [['t', 'asc']]))).not.toBeNull();
    expect(
      unserved(
        file,
        shape(
          [
            ['a', '=='],
            ['z', '=='],
          ],
          [['t', 'desc']],
        ),
      ),
    ).toContain('covers z');
    expect(
      unserved(
        file,
        shape([
          ['a', '=='],
          ['t', '>'],
        ]),
      ),
    ).not.toBeNull();
    expect(
      unserved(
        file,
        shape(
          [],
          [
            ['x', 'asc'],
            ['y', 'asc'],
          ],
        ),
      ),
    ).toBeNull();
    expect(
      unserved(
        file,
        shape(
          [],
          [
            ['x', 'asc'],
            ['y', 'desc'],
          ],
        ),
      ),
    ).not.toBeNull();
    expect(
      unserved(file, { collection: 'g', where: [['a', '==']], orderBy: [['t', 'desc']] }),
    ).not.toBeNull();
  });

  describe('the workbench (repositories/results.ts, workbenchSpec)', () => {
    it('declares every request the domain allows', () => {
      expect(everyWorkbenchQuery()).toHaveLength(3 * 3 * 2 * 32 * 4);
      const declared = new Set(declaredQueryShapes().map(shapeKey));
      const undeclared = everyWorkbenchQuery().filter(
        (query) => !declared.has(shapeKey(shapeOf('results', workbenchSpec(query)))),
      );
      expect(undeclared).toEqual([]);
    });

    it('serves the excluded list and a date range with the same indexes', () => {
      const needs = (query: ReceivedResultsQuery) => needsOf(shapeOf('results', workbenchSpec(query)));
      const completed = needs({ surveyId: 's', sort: 'score', sector: 'retail' });
      expect(needs({ surveyId: 's', sort: 'score', sector: 'retail', state: 'excluded' })).toEqual(completed);
      expect(needs({ surveyId: 's', sort: 'score', sector: 'retail', from: '2026-01-01' })).toEqual(
        completed,
      );
    });
  });

  describe('the audit trail (repositories/audit.ts, auditPageSpec)', () => {
    it('needs no composite for the whole trail: one field ordered is served by its own index', () => {
      const whole = shapeOf('audit', auditPageSpec({ limit: 10, cursor: 'x' }));
      expect(needsOf(whole)).toEqual({ equalities: [], contains: [], order: [desc('at')] });
      expect(unserved({ indexes: [] }, whole)).toBeNull();
    });

    it('declares the composite of the listing of one kind (kind ==, at desc), the same for every kind', () => {
      const declared = readIndexFile()
        .indexes.filter((index) => index.collectionGroup === 'audit' && index.queryScope === 'COLLECTION')
        .map((index) => JSON.stringify(index.fields));
      for (const kind of AUDIT_KINDS) {
        const { equalities, order } = needsOf(
          shapeOf('audit', auditPageSpec({ kind, limit: 10, cursor: 'x' })),
        );
        expect(declared).toContain(JSON.stringify([...equalities.map(asc), ...order]));
      }
    });
  });
});
