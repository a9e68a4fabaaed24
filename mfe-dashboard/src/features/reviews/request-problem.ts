// A review's text fields are checked as the server checks the request they are sent in, before it
// is sent, and a refusal the server gives for a field is shown beside that field too.
import type { z } from 'zod';
import { describeError, toQueryError } from '@toolkit/data';

/** A rule that needs its field's name ("must be at most 2000 characters") is led by `label`. */
const worded = (label: string, problem: string) =>
  /^[a-z]/.test(problem) ? `${label} ${problem}.` : problem;

/** Why `schema` refuses `request` for its `field`, in words; null when that field passes. */
export function requestProblem(
  schema: z.ZodType,
  request: unknown,
  field: string,
  label: string,
): string | null {
  const parsed = schema.safeParse(request);
  if (parsed.success) return null;
  const issue = parsed.error.issues.find((each) => each.path[0] === field);
  return issue ? worded(label, issue.message) : null;
}

export interface Refusal {
  /** The server's words about the field, shown beside it. */
  field: string | null;
  /** Any other failure, shown beside the control that sent it. */
  other: string | null;
}

/** A failed send: the server's words for `field` beside it, anything else in the product's words. */
export function refusalOf(error: unknown, field: string, label: string, doing: string): Refusal {
  const problem = toQueryError(error).fields[field];
  return problem
    ? { field: worded(label, problem), other: null }
    : { field: null, other: describeError(error, doing) };
}
