// Reading a stored field back. A document may predate a field, or hold a value of another type
// (written by hand or by an older version), so every reader decodes leniently, with these.
import { isRole, type Role } from '@toolkit/domain';

/** A string, '' when there is none. */
export const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A string, null when there is none. */
export const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A string that is not empty, null otherwise: for ids, where '' names nothing. */
export const filledText = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** The strings of a list; anything else in it is left out. */
export const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];

/** A map's entries, {} for anything that is not a map. Its values are the writer's; not checked. */
export const record = <T>(value: unknown): Record<string, T> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, T>) : {};

/** Only a stored true is true. */
export const flag = (value: unknown): boolean => value === true;

/** One of `values`, else `fallback`. */
export const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  values.find((candidate) => candidate === value) ?? fallback;

/** A role; a missing or unknown one is the lowest. */
export const role = (value: unknown): Role => (isRole(value) ? value : 'user');
