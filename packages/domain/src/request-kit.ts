// The building blocks of the callables' request schemas (zod): ids, stored text, addresses, answers.
// Each declaration in ./callables builds its request from them, and ./requests builds every schema
// once. Only the server and the forms load this module: zod stays out of the main entry, which a
// respondent's first load carries.
import { z } from 'zod';
import { INVITE_KEY_PATTERN } from './api';
import { SERVER_ERRORS } from './errors';
import { MATERIALITY_SCALE } from './materiality';
import { isCalendarDay } from './dates';
import { ALERT_RECIPIENTS_MAX } from './manage';
import { idProblem, textProblem } from './strings';

/**
 * The message the server gives when a request holds `value` where `schema` is checked, or null when
 * it takes the value: forms check a field with the schema of the request they send, e.g.
 * `fieldProblem(REQUESTS[API.createInvite].shape.email, typed)`.
 */
export function fieldProblem(schema: z.ZodType, value: unknown): string | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? parsed.error.message);
}

/**
 * fieldProblem worded for a form: a rule that needs its field's name ("must be at most 100
 * characters") is led by `label`; a message that is a sentence already is shown as it is.
 */
export function fieldMessage(label: string, schema: z.ZodType, value: unknown): string | null {
  const problem = fieldProblem(schema, value);
  if (problem === null) return null;
  return /^[a-z]/.test(problem) ? `${label} ${problem}.` : problem;
}

/** Turns a "why not" function of ./strings into a zod refinement with its message. */
const rule =
  (problem: (value: string) => string | null) =>
  (value: string, ctx: z.RefinementCtx<string>): void => {
    const message = problem(value);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  };

/** A document id: one path segment of the store, never a path (see ./strings ID_PATTERN). */
export const storeId = z.string().trim().superRefine(rule(idProblem));

/**
 * Free text that is stored: no control characters (tabs and line breaks only when `multiline`) and
 * no unpaired surrogates. PGlite refuses NUL and broken Unicode, and no name or answer needs either.
 * Trimmed unless `trim` is false.
 */
export function text({
  max,
  multiline = false,
  trim = true,
}: {
  max: number;
  multiline?: boolean;
  trim?: boolean;
}) {
  return (trim ? z.string().trim() : z.string())
    .max(max, SERVER_ERRORS.textTooLong(max))
    .superRefine(rule((value) => textProblem(value, { multiline })));
}

const id = storeId;
/**
 * An e-mail address as every request takes it; also the check of an address that reaches the
 * server another way (a sign-in link's). The regex of z.email() refuses control characters and
 * broken Unicode as well.
 */
export const email = z
  .string()
  .trim()
  .max(320, SERVER_ERRORS.invalidEmail)
  .toLowerCase()
  .pipe(z.email(SERVER_ERRORS.invalidEmail));
const name = text({ max: 100 });
/** One notification's addresses: each valid, a few at most. */
const recipients = z.array(email).max(ALERT_RECIPIENTS_MAX, `At most ${ALERT_RECIPIENTS_MAX} addresses.`);

/** An answer: a slider value, a comment (which may span lines), a single choice, or several dropdown choices. */
export const answerValue = z.union([
  z.number().finite(),
  text({ max: 5000, multiline: true, trim: false }),
  z.array(text({ max: 500, trim: false })).max(50),
  z.null(),
]);

/** Answers by question id: the ids become field names of the stored result, so they follow the id rules. */
const answersByQuestion = z.record(id, answerValue, {
  error: (issue) => (issue.code === 'invalid_key' ? issue.issues[0]?.message : undefined),
});

const materialityScore = z
  .number()
  .int()
  .min(MATERIALITY_SCALE[0], 'Rate from 1 to 5.')
  .max(MATERIALITY_SCALE[MATERIALITY_SCALE.length - 1]!, 'Rate from 1 to 5.');

/** A calendar day, YYYY-MM-DD. */
const calendarDay = z.string().refine(isCalendarDay, 'Give a day as YYYY-MM-DD, e.g. 2026-11-26.');

/** What an invite link holds: the invite's id, which names it, and its key, which opens it. */
const inviteLink = z.object({
  inviteId: id,
  key: z.string().regex(INVITE_KEY_PATTERN, SERVER_ERRORS.inviteNotValid),
});

/** What a declaration's request builder is handed: zod and the schemas every request shares. */
export interface RequestKit {
  z: typeof z;
  id: typeof id;
  name: typeof name;
  text: typeof text;
  email: typeof email;
  recipients: typeof recipients;
  answerValue: typeof answerValue;
  answersByQuestion: typeof answersByQuestion;
  materialityScore: typeof materialityScore;
  calendarDay: typeof calendarDay;
  inviteLink: typeof inviteLink;
}

export const requestKit: RequestKit = {
  z,
  id,
  name,
  text,
  email,
  recipients,
  answerValue,
  answersByQuestion,
  materialityScore,
  calendarDay,
  inviteLink,
};
