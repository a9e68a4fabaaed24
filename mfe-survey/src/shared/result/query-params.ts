// What the survey's query string carries: prefill values, a result to resume,
// and an invite to answer (set by the journey remote).
import { idProblem, textProblem, type AnswerValue } from '@toolkit/domain';

export interface Prefill {
  respondent?: Partial<Record<(typeof RESPONDENT_FIELDS)[number], string>>;
  answers?: Record<string, AnswerValue>;
  custom?: Record<string, string>;
}

export interface SurveyQuery {
  resultId: string | null;
  /** Invite mode: the invitee answers the invite's result and submits it through the journey API. */
  inviteId: string | null;
  prefill: Prefill | undefined;
}

const RESPONDENT_FIELDS = ['firstName', 'lastName', 'email', 'tenant'] as const;

// The limits of REQUESTS['survey-startResult']: one bad parameter must not block the start, so a
// value the server would refuse (control characters, broken Unicode, a malformed id) is left out.
const CUSTOM_KEY = /^custom_[\w-]{1,64}$/;
const MAX_VALUE = 500;

function id(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim() ?? '';
  return value && !idProblem(value) ? value : null;
}

/** Cut to `max` UTF-16 units without splitting a surrogate pair; null when the text is not storable. */
function text(value: string | null | undefined, max: number): string | null {
  if (!value) return null;
  let clipped = value.slice(0, max);
  if (/[\uD800-\uDBFF]$/.test(clipped) && value.length > max) clipped = clipped.slice(0, -1);
  return textProblem(clipped) ? null : clipped;
}

/**
 * @param companyNameQuestionId the question the `companyName` parameter answers, when the survey has it
 */
export function parseSurveyQuery(search: string, companyNameQuestionId: string | null): SurveyQuery {
  const params = new URLSearchParams(search);
  const custom: Record<string, string> = {};
  for (const [key, value] of params) {
    const kept = CUSTOM_KEY.test(key) ? text(value, MAX_VALUE) : null;
    if (kept !== null) custom[key] = kept;
  }
  const companyName = text(params.get('companyName')?.trim(), MAX_VALUE);
  const answers = companyNameQuestionId && companyName ? { [companyNameQuestionId]: companyName } : undefined;
  const hasCustom = Object.keys(custom).length > 0;
  const respondent: NonNullable<Prefill['respondent']> = {};
  for (const field of RESPONDENT_FIELDS) {
    const value = text(params.get(field)?.trim(), field === 'email' ? 320 : 100);
    if (value) respondent[field] = value;
  }
  const hasRespondent = Object.keys(respondent).length > 0;
  const prefill =
    answers || hasCustom || hasRespondent
      ? {
          ...(hasRespondent ? { respondent } : {}),
          ...(answers ? { answers } : {}),
          ...(hasCustom ? { custom } : {}),
        }
      : undefined;
  const resultId = id(params, 'resultId');
  const inviteId = id(params, 'inviteId');
  return { resultId, inviteId: resultId ? inviteId : null, prefill };
}
