// Every query the Activity listing issues is served by an index Firestore has: the single-field
// index for the whole trail, a composite declared in firestore.indexes.json for one kind. Without
// it production Firestore refuses the filtered listing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AUDIT_KINDS } from '@toolkit/domain';
import { auditPageSpec } from '../../repositories/audit';

interface IndexField {
  fieldPath: string;
  order?: 'ASCENDING' | 'DESCENDING';
}

const declared = (
  JSON.parse(readFileSync(path.join(__dirname, '../../../../../firestore.indexes.json'), 'utf8')) as {
    indexes: { collectionGroup: string; queryScope: string; fields: IndexField[] }[];
  }
).indexes
  .filter((index) => index.collectionGroup === 'audit' && index.queryScope === 'COLLECTION')
  .map((index) => JSON.stringify(index.fields));

/** The equality filters, then the order: the composite index Firestore asks for. */
function composite(kind: (typeof AUDIT_KINDS)[number] | undefined): IndexField[] {
  const { where = [], orderBy = [] } = auditPageSpec({ kind, limit: 10, cursor: 'x' });
  expect(where.every(([, op]) => op === '==')).toBe(true);
  return [
    ...where.map(([fieldPath]): IndexField => ({ fieldPath, order: 'ASCENDING' })),
    ...orderBy.map(([fieldPath, direction]): IndexField => ({
      fieldPath,
      order: direction === 'desc' ? 'DESCENDING' : 'ASCENDING',
    })),
  ];
}

describe('firestore.indexes.json for the audit trail', () => {
  it('needs no composite for the whole trail: one field ordered is served by its own index', () => {
    expect(composite(undefined)).toEqual([{ fieldPath: 'at', order: 'DESCENDING' }]);
  });

  it('declares the composite of the listing of one kind (kind ==, at desc), the same for every kind', () => {
    for (const kind of AUDIT_KINDS) expect(declared).toContain(JSON.stringify(composite(kind)));
  });
});
