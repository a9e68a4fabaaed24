// Every query shape the results workbench issues is served by the composite indexes declared in
// firestore.indexes.json, as Firestore builds them: equality and array-contains fields, then the
// order fields, then range fields not ordered by. Without one, production Firestore refuses the query.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  WORKBENCH_DIRECTIONS,
  WORKBENCH_FACETS,
  WORKBENCH_SORTS,
  WORKBENCH_STATES,
  type ReceivedResultsQuery,
} from '@toolkit/domain';
import { workbenchSpec } from '../../repositories/results';

interface IndexField {
  fieldPath: string;
  order?: 'ASCENDING' | 'DESCENDING';
  arrayConfig?: 'CONTAINS';
}

const declared = (
  JSON.parse(readFileSync(path.join(__dirname, '../../../../../firestore.indexes.json'), 'utf8')) as {
    indexes: { collectionGroup: string; queryScope: string; fields: IndexField[] }[];
  }
).indexes
  .filter((index) => index.collectionGroup === 'results' && index.queryScope === 'COLLECTION')
  .map((index) => index.fields);

/** The composite index a workbench query needs: its filtered fields, then its order. */
function requiredIndex(query: ReceivedResultsQuery): { filters: IndexField[]; order: IndexField[] } {
  const { where, orderBy } = workbenchSpec(query);
  const ordered = new Set(orderBy.map(([field]) => field));
  return {
    filters: [
      ...where
        .filter(([, op]) => op === '==')
        .map(([fieldPath]): IndexField => ({ fieldPath, order: 'ASCENDING' })),
      ...where
        .filter(([, op]) => op === 'array-contains')
        .map(([fieldPath]): IndexField => ({ fieldPath, arrayConfig: 'CONTAINS' })),
    ],
    order: [
      ...orderBy.map(([fieldPath, direction]): IndexField => ({
        fieldPath,
        order: direction === 'desc' ? 'DESCENDING' : 'ASCENDING',
      })),
      ...where
        .filter(([fieldPath, op]) => ['<', '<=', '>', '>='].includes(op) && !ordered.has(fieldPath))
        .map(([fieldPath]): IndexField => ({ fieldPath, order: 'ASCENDING' })),
    ],
  };
}

const same = (a: IndexField[], b: IndexField[]) => JSON.stringify(a) === JSON.stringify(b);

type Required = ReturnType<typeof requiredIndex>;

/**
 * Whether these indexes serve the query: one holds its fields exactly, or, as Firestore merges
 * indexes for equality filters, those ending in the query's order whose filters are all the query's
 * cover every filter together (docs/decisions.md, Workbench indexes).
 */
function served({ filters, order }: Required, indexes: IndexField[][]): boolean {
  if (indexes.some((fields) => same(fields, [...filters, ...order]))) return true;
  const wanted = new Set(filters.map((field) => JSON.stringify(field)));
  const covered = new Set<string>();
  for (const fields of indexes) {
    const own = fields.slice(0, fields.length - order.length).map((field) => JSON.stringify(field));
    if (same(fields.slice(own.length), order) && own.every((field) => wanted.has(field))) {
      own.forEach((field) => covered.add(field));
    }
  }
  return [...wanted].every((field) => covered.has(field));
}

/** Every combination the workbench request allows: state, sort, direction, filters, search, range. */
function everyShape(): ReceivedResultsQuery[] {
  const filters = ['band', ...WORKBENCH_FACETS, 'search'] as const;
  const filterSets = filters.reduce<Partial<ReceivedResultsQuery>[]>(
    (sets, filter) => [...sets, ...sets.map((set) => ({ ...set, [filter]: 'x' }))],
    [{}],
  );
  const ranges = [{}, { from: '2026-01-01' }, { to: '2026-02-01' }, { from: '2026-01-01', to: '2026-02-01' }];
  return WORKBENCH_STATES.flatMap((state) =>
    WORKBENCH_SORTS.flatMap((sort) =>
      WORKBENCH_DIRECTIONS.flatMap((direction) =>
        filterSets.flatMap((filterSet) =>
          ranges.map((range) => ({ surveyId: 's', state, sort, direction, ...filterSet, ...range })),
        ),
      ),
    ),
  );
}

/** The indexes the shapes need, each once. */
const requiredIndexes = (): Required[] =>
  [...new Set(everyShape().map((query) => JSON.stringify(requiredIndex(query))))].map(
    (json) => JSON.parse(json) as Required,
  );

describe('firestore.indexes.json', () => {
  it('serves every workbench query shape', () => {
    expect(everyShape()).toHaveLength(3 * 3 * 2 * 32 * 4);
    const unserved = requiredIndexes().filter((required) => !served(required, declared));
    expect(unserved.map((required) => JSON.stringify(required))).toEqual([]);
  });

  it('declares no workbench index the others would serve without', () => {
    const required = requiredIndexes();
    const workbench = declared.filter((fields) =>
      required.some(({ filters, order }) => same(fields, [...filters, ...order])),
    );
    const spare = workbench.filter((fields) =>
      required.every((shape) =>
        served(
          shape,
          declared.filter((other) => other !== fields),
        ),
      ),
    );
    expect(spare.map((fields) => JSON.stringify(fields))).toEqual([]);
  });

  it('serves the excluded list and a date range with the same indexes', () => {
    const completed = requiredIndex({ surveyId: 's', sort: 'score', sector: 'retail' });
    expect(requiredIndex({ surveyId: 's', sort: 'score', sector: 'retail', state: 'excluded' })).toEqual(
      completed,
    );
    expect(requiredIndex({ surveyId: 's', sort: 'score', sector: 'retail', from: '2026-01-01' })).toEqual(
      completed,
    );
  });
});
