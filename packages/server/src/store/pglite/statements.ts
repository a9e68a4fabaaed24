// The SQL the embedded store runs: its schema, the statements that read and store documents, and
// the builder that turns a Firestore-shaped query into one parameterised SELECT (with the index a
// paged shape reads in order). Pure: nothing here touches the database.
import { createHash } from 'node:crypto';
import { isStorable } from '@toolkit/domain';
import { toStored } from '../apply';
import { fieldSegments, isMap } from '../fields';
import { StoreError, type DocData, type QuerySpec, type WhereOp } from '../port';

export const SCHEMA = `
  CREATE TABLE IF NOT EXISTS documents (
    path   text PRIMARY KEY,
    parent text NOT NULL,
    id     text NOT NULL,
    data   jsonb NOT NULL
  );
  CREATE INDEX IF NOT EXISTS documents_parent_id ON documents (parent, id);
`;

export const SELECT_MANY = 'SELECT path, data FROM documents WHERE path = ANY($1::text[])';
// A batch is stored by one statement. The four forms cost PGlite differently (on this machine a
// lone row by VALUES about 0.12 ms, by the JSON array 0.18 ms, with the deleting CTE 0.25 ms): a
// batch uses the cheapest that covers it. None returns the rows: what jsonb keeps is computed here
// (asJsonbKeeps), and returning them cost PGlite a quarter to a third of the statement.
const UPSERT_ONE = `INSERT INTO documents (path, parent, id, data) VALUES ($1, $2, $3, $4::jsonb)
  ON CONFLICT (path) DO UPDATE SET data = EXCLUDED.data`;
/** The rows come as one JSON array of {path, parent, id, data}. */
const UPSERT_MANY = `INSERT INTO documents (path, parent, id, data)
  SELECT row->>'path', row->>'parent', row->>'id', row->'data' FROM jsonb_array_elements($1::jsonb) AS row
  ON CONFLICT (path) DO UPDATE SET data = EXCLUDED.data`;
const DELETE_MANY = 'DELETE FROM documents WHERE path = ANY($1::text[])';
const DELETE_AND_UPSERT = `WITH removed AS (DELETE FROM documents WHERE path = ANY($2::text[])) ${UPSERT_MANY}`;

export const EXPORT_ALL = 'SELECT path, id, data FROM documents ORDER BY path';

const isAscii = (text: string) => /^[\0-\x7f]*$/.test(text);

/** jsonb's order of an object's keys: the shorter first (in UTF-8 bytes), then by those bytes. */
function jsonbKeyOrder(a: string, b: string): number {
  if (isAscii(a) && isAscii(b)) return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  const [bytesA, bytesB] = [Buffer.from(a), Buffer.from(b)];
  return bytesA.length - bytesB.length || Buffer.compare(bytesA, bytesB);
}

/**
 * A parsed JSON value as PGlite reads it back from jsonb, which keeps object keys in its own order:
 * what the store keeps in memory must read the same as what it would read from the database.
 */
export function asJsonbKeeps(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asJsonbKeeps);
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  const kept: Record<string, unknown> = {};
  for (const key of Object.keys(object).sort(jsonbKeyOrder)) kept[key] = asJsonbKeeps(object[key]);
  return kept;
}

/** A document to store, its data already JSON. */
export type Row = { path: string; parent: string; id: string; json: string };

/** A document as a query reads it. */
export type Found = { path: string; id: string; data: DocData };

/** The statement that stores these rows and deletes these paths. */
export function storeStatement(rows: Row[], deleted: string[]): [string, unknown[]] {
  if (rows.length === 0) return [DELETE_MANY, [deleted]];
  const [row] = rows;
  if (rows.length === 1 && row && deleted.length === 0)
    return [UPSERT_ONE, [row.path, row.parent, row.id, row.json]];
  // The JSON array of rows, each document's JSON written once.
  const array = `[${rows
    .map(
      ({ path, parent, id, json }) =>
        `{"path":${JSON.stringify(path)},"parent":${JSON.stringify(parent)},"id":${JSON.stringify(id)},"data":${json}}`,
    )
    .join(',')}]`;
  return deleted.length > 0 ? [DELETE_AND_UPSERT, [array, deleted]] : [UPSERT_MANY, [array]];
}

// Firestore orders values of different types null < boolean < number < string < array < map
// (timestamps are ISO strings here); jsonb's own order differs, so the type rank sorts first.
const typeRank = (field: string) =>
  `CASE jsonb_typeof(${field}) WHEN 'null' THEN 0 WHEN 'boolean' THEN 1 WHEN 'number' THEN 2 ` +
  `WHEN 'string' THEN 3 WHEN 'array' THEN 4 ELSE 5 END`;

function whereCondition(column: string, op: WhereOp, operand: string): string {
  switch (op) {
    case '==':
      return `${column} = ${operand}`;
    case 'in':
      return `${column} IN (SELECT jsonb_array_elements(${operand}))`;
    case 'array-contains':
      // Guarded: jsonb_array_elements fails on anything but an array.
      return `CASE WHEN jsonb_typeof(${column}) = 'array' THEN EXISTS (SELECT 1 FROM jsonb_array_elements(${column}) AS element WHERE element = ${operand}) ELSE false END`;
    default:
      // jsonb compares across types in its own order; Firestore only within the operand's type.
      return `jsonb_typeof(${column}) = jsonb_typeof(${operand}) AND ${column} ${op} ${operand}`;
  }
}

/**
 * A field as a SQL expression with its path written out, not a parameter: only then can Postgres
 * match it to an expression index (see indexFor).
 */
function fieldColumn(field: string): string {
  const segments = fieldSegments(field);
  if (!segments.every(isStorable)) {
    throw new StoreError('invalid-argument', `Field "${field}": a name cannot hold NUL or broken Unicode.`);
  }
  const array = `{${segments.map((segment) => `"${segment.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  return `(data #> '${array.replace(/'/g, "''")}'::text[])`;
}

/**
 * The keys a query orders by, as SQL: each field's type rank, then its value, then the document id
 * in the last field's direction. A query's ORDER BY and its index (indexFor) are built from the same
 * terms, so Postgres can read the one in the order of the other.
 */
function orderTerms(orderBy: QuerySpec['orderBy'] = []): string[] {
  const terms: string[] = [];
  for (const [field, direction] of orderBy) {
    const column = fieldColumn(field);
    const dir = direction === 'desc' ? 'DESC' : 'ASC';
    terms.push(`(${typeRank(column)}) ${dir}`, `${column} ${dir}`);
  }
  terms.push(`id ${orderBy.at(-1)?.[1] === 'desc' ? 'DESC' : 'ASC'}`);
  return terms;
}

/** As in Firestore, `orderBy` leaves out documents without the field. */
const orderedFieldsPresent = (orderBy: QuerySpec['orderBy'] = []) =>
  orderBy.map(([field]) => `${fieldColumn(field)} IS NOT NULL`);

/**
 * The index a paged query (orderBy and limit) reads in order: the collection, its equality fields,
 * then its order, so a page costs what it returns rather than what the collection holds, as with
 * Firestore's composite indexes. Made the first time the shape is queried. Partial: a document
 * without an ordered field (another collection's, a result not yet listed for a sort by score) is
 * never in it, so writing one costs no more than before the shape was asked.
 */
export function indexFor(spec: QuerySpec): { name: string; sql: string } | null {
  if (!spec.orderBy?.length || spec.limit === undefined) return null;
  const columns = [
    'parent',
    ...(spec.where ?? []).filter(([, op]) => op === '==').map(([field]) => fieldColumn(field)),
    ...orderTerms(spec.orderBy),
  ];
  const definition = `(${columns.join(', ')}) WHERE ${orderedFieldsPresent(spec.orderBy).join(' AND ')}`;
  const name = `query_${createHash('sha256').update(definition).digest('hex').slice(0, 24)}`;
  return { name, sql: `CREATE INDEX IF NOT EXISTS ${name} ON documents ${definition}` };
}

/**
 * The rows after the cursor document in the query's order, as one row comparison of the order's
 * keys, which Postgres reads from the shape's index (indexFor) starting at the cursor: a later page
 * costs what the first does. Null when the order mixes directions or the cursor lacks an ordered
 * field: the caller then numbers the rows instead.
 */
function keysetAfter(
  orderBy: NonNullable<QuerySpec['orderBy']>,
  cursor: { id: string; data: DocData },
  param: (value: unknown) => string,
): string | null {
  const direction = orderBy.at(-1)?.[1] ?? 'asc';
  if (orderBy.some(([, fieldDirection]) => fieldDirection !== direction)) return null;
  const keys: string[] = [];
  const values: string[] = [];
  for (const [field] of orderBy) {
    let value: unknown = cursor.data;
    for (const segment of fieldSegments(field)) value = isMap(value) ? value[segment] : undefined;
    if (value === undefined) return null;
    const column = fieldColumn(field);
    const operand = `${param(JSON.stringify(value))}::jsonb`;
    keys.push(`(${typeRank(column)})`, column);
    values.push(`(${typeRank(operand)})`, operand);
  }
  keys.push('id');
  values.push(param(cursor.id));
  return `(${keys.join(', ')}) ${direction === 'desc' ? '<' : '>'} (${values.join(', ')})`;
}

/**
 * One parameterised SELECT for a query. As in Firestore: `orderBy` leaves out documents that do
 * not have the field (a field holding null is kept and sorts first); ties are broken by document
 * id in the direction of the last `orderBy`. The database collation is C, so strings sort by
 * code point like Firestore's; arrays and maps of one field compare as jsonb does (size first).
 */
export function buildQuery(
  collectionPath: string,
  spec: QuerySpec,
  /** The stored data of the `startAfter` document. */
  cursorData?: DocData,
): { sql: string; params: unknown[]; matching: string } {
  const params: unknown[] = [collectionPath];
  const param = (value: unknown) => `$${params.push(value)}`;
  const conditions = ['parent = $1'];
  for (const [field, op, value] of spec.where ?? []) {
    const operand = `${param(JSON.stringify(toStored(value)))}::jsonb`;
    conditions.push(whereCondition(fieldColumn(field), op, operand));
  }
  conditions.push(...orderedFieldsPresent(spec.orderBy));
  const order = orderTerms(spec.orderBy);
  const limit = spec.limit === undefined ? '' : ` LIMIT ${param(spec.limit)}`;
  const matching = `FROM documents WHERE ${conditions.join(' AND ')}`;
  if (spec.startAfter === undefined) {
    return {
      sql: `SELECT path, id, data ${matching} ORDER BY ${order.join(', ')}${limit}`,
      params,
      matching,
    };
  }
  const after =
    cursorData && keysetAfter(spec.orderBy ?? [], { id: spec.startAfter, data: cursorData }, param);
  if (after) {
    return {
      sql: `SELECT path, id, data ${matching} AND ${after} ORDER BY ${order.join(', ')}${limit}`,
      params,
      matching,
    };
  }
  // The rows after the cursor's place in the same order: numbered once, then cut (local data only).
  const cursor = param(spec.startAfter);
  const ordered = `SELECT path, id, data, row_number() OVER (ORDER BY ${order.join(', ')}) AS place FROM documents WHERE ${conditions.join(' AND ')}`;
  return {
    sql: `WITH ordered AS (${ordered}) SELECT path, id, data FROM ordered WHERE place > (SELECT place FROM ordered WHERE id = ${cursor}) ORDER BY place${limit}`,
    params,
    matching,
  };
}
