// Who answered a result, as far as the result itself says: shared by the notification e-mail and
// the publisher's list of received results.
import type { AnswerValue } from '@toolkit/domain';
import type { StoredResult } from '../../repositories/results';

/** The question whose answer names the respondent's organisation (the survey link can prefill it). */
export const COMPANY_NAME_QUESTION = 'company-name';

/** First and last name joined, or '' when both are blank. */
export function joinNames(first: unknown, last: unknown): string {
  return [first, last]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' ')
    .trim();
}

/** The name the survey link's prefill gave (respondent fields, then custom ones), or ''. */
export function prefilledName(result: StoredResult): string {
  return (
    joinNames(result.respondent.firstName, result.respondent.lastName) ||
    joinNames(result.custom.custom_firstName, result.custom.custom_lastName)
  );
}

/** The organisation the respondent named, if they answered the company-name question. */
export function organisationAnswer(answers: Readonly<Record<string, AnswerValue>>): string | null {
  const company = answers[COMPANY_NAME_QUESTION];
  return typeof company === 'string' && company.trim() !== '' ? company.trim() : null;
}
