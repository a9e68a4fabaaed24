// A person's data rights (docs/behaviour.md, A person's data): the download of what the product
// holds about them and the deletion of their account by a mailed link.
import { CSV_BOM, csvRow } from './csv';

/** A deletion link works this long after it was mailed; a newer one replaces it at once. */
export const ACCOUNT_DELETION_LINK_HOURS = 24;

/** The deletion link's token: 32 random bytes, base64url. */
export const ACCOUNT_DELETION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Where the mailed link opens (the Profile screen), the token after this in the fragment. */
export const ACCOUNT_DELETION_FRAGMENT = 'delete-account=';

/** Where the organisation's deletion link opens (the Manage screen), the token after this in the fragment. */
export const ORGANISATION_DELETION_FRAGMENT = 'delete-organisation=';

/** A deleted organisation's data is kept this long (nobody can open it), then purged. */
export const ORGANISATION_PURGE_DAYS = 30;

/** The collections of the download, each also its own CSV file. */
export const MY_DATA_COLLECTIONS = [
  'profile',
  'memberships',
  'results',
  'surveyResults',
  'audit',
  'evidence',
  'reviews',
] as const;
export type MyDataCollection = (typeof MY_DATA_COLLECTIONS)[number];

/** One stored document as it is kept: its path and its fields (timestamps as ISO strings). */
export interface MyDataRecord {
  path: string;
  data: Record<string, unknown>;
}

export interface MyDataExport {
  exportedAt: string;
  collections: Record<MyDataCollection, MyDataRecord[]>;
}

/**
 * One collection as CSV: a row per document, a column per top-level field (the union over the
 * documents, in order of first appearance) after the path; nested values are written as JSON.
 */
export function myDataCsv(records: readonly MyDataRecord[]): string {
  const fields = [...new Set(records.flatMap((record) => Object.keys(record.data)))];
  const cell = (value: unknown) =>
    value === undefined || value === null || typeof value === 'string' || typeof value === 'number'
      ? value
      : JSON.stringify(value);
  return [
    CSV_BOM,
    csvRow(['path', ...fields]),
    ...records.map((record) => csvRow([record.path, ...fields.map((field) => cell(record.data[field]))])),
  ].join('');
}
