import { z } from 'zod';

/**
 * A field the server would take empty (or leave out) but the form needs: the form's words for an
 * empty one first, then the server's own rules for the field.
 */
export const required = <Rules extends z.ZodType<unknown, string>>(message: string, rules: Rules) =>
  z.string().trim().min(1, message).pipe(rules);
