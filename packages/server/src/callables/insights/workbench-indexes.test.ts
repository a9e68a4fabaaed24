// Every query shape the results workbench issues has its composite index declared in
// firestore.indexes.json, built by Firestore's rules: equality fields, then the order fields, then
// range fields not ordered by. Without it, production Firestore refuses the query.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  WORKBENCH_DIRECTIONS,
  WORKBENCH_FACETS,
  WORKBENCH_SORTS,
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
  .map((index) => JSON.stringify(index.fields));

/** The composite index a workbench query needs. */
function requiredIndex(query: ReceivedResultsQuery): IndexField[] {
  const { where, orderBy } = workbenchSpec(query);
  const ordered = new Set(orderBy.map(([field]) => field));
  return [
    ...where
      .filter(([, op]) => op === '==')
      .map(([fieldPath]): IndexField => ({ fieldPath, order: 'ASCENDING' })),
    ...where
      .filter(([, op]) => op === 'array-contains')
      .map(([fieldPath]): IndexField => ({ fieldPath, arrayConfig: 'CONTAINS' })),
    ...orderBy.map(([fieldPath, direction]): IndexField => ({
      fieldPath,
      order: direction === 'desc' ? 'DESCENDING' : 'ASCENDING',
    })),
    ...where
      .filter(([fieldPath, op]) => ['<', '<=', '>', '>='].includes(op) && !ordered.has(fieldPath))
      .map(([fieldPath]): IndexField => ({ fieldPath, order: 'ASCENDING' })),
  ];
}

/**
 * The shapes given their own index: no filter, one filter, two facet filters, or a search, under each
 * sort and direction, with and without a date range. More filters together are served by Firestore
 * merging these (docs/decisions.md).
 */
function indexedShapes(): ReceivedResultsQuery[] {
  const filters = ['band', ...WORKBENCH_FACETS] as const;
  const filterSets: Partial<ReceivedResultsQuery>[] = [
    {},
    { search: 'green' },
    ...filters.map((filter) => ({ [filter]: 'x' })),
    ...filters.flatMap((first, i) => filters.slice(i + 1).map((second) => ({ [first]: 'x', [second]: 'y' }))),
  ];
  const shapes: ReceivedResultsQuery[] = [{ surveyId: 's', state: 'in-progress', from: '2026-01-01' }];
  for (const sort of WORKBENCH_SORTS) {
    for (const direction of WORKBENCH_DIRECTIONS) {
      for (const filterSet of filterSets) {
        for (const range of [{}, { from: '2026-01-01', to: '2026-02-01' }]) {
          shapes.push({ surveyId: 's', sort, direction, ...filterSet, ...range });
        }
      }
    }
  }
  return shapes;
}

describe('firestore.indexes.json', () => {
  it('declares an index for every workbench query shape', () => {
    const missing = indexedShapes()
      .map((query) => JSON.stringify(requiredIndex(query)))
      .filter((fields) => !declared.includes(fields));
    expect([...new Set(missing)]).toEqual([]);
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
