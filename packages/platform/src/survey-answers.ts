// What a question's controls make of a respondent's input, and where answers given before the
// result exists wait. Shared by the survey remote's questions and the shell's early slide (which
// runs before the app and hands its answers over), so both record the same answer for the same tap.
import type { AnswerValue } from '@toolkit/domain';
import type { Question } from './survey-slides';

/** The longest text answer the server takes. */
export const TEXT_ANSWER_MAX_LENGTH = 5000;

/** A text field's answer: the text as typed. */
export const textAnswer = (typed: string): AnswerValue => typed;

/** A single-choice select's answer: the chosen option's id, or nothing for its empty choice. */
export const selectAnswer = (value: string): AnswerValue => value || null;

/** A multiple-choice list's answer after one box changed: the chosen ids in the definition's order. */
export function toggledChoices(
  question: Question,
  chosen: readonly string[],
  optionId: string,
  checked: boolean,
): string[] {
  return question.options
    .map((option) => option.id)
    .filter((id) => (id === optionId ? checked : chosen.includes(id)));
}

/**
 * Answers given while the result is still starting (the first question shows before it exists),
 * kept on the device under the survey until the result takes them over.
 */
export const earlyAnswersKey = (tenantId: string, surveyId: string) =>
  `toolkit:survey-early-answers:v1:${tenantId}/${surveyId}`;

/** Announced on `window` by the early slide for each answer it stores, so the app adopts it at once. */
export const EARLY_ANSWER_EVENT = 'toolkit:early-answer';

export interface EarlyAnswerDetail {
  key: string;
  questionId: string;
  answer: AnswerValue;
}

export function loadEarlyAnswers(storage: Storage | null, key: string): Record<string, AnswerValue> {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(key) ?? 'null');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, AnswerValue>)
      : {};
  } catch {
    return {};
  }
}

/** Stores one early answer beside the others; a full or blocked storage keeps it in `answers` only. */
export function storeEarlyAnswer(
  storage: Storage | null,
  key: string,
  answers: Record<string, AnswerValue>,
  questionId: string,
  answer: AnswerValue,
): Record<string, AnswerValue> {
  const next = { ...answers, [questionId]: answer };
  try {
    storage?.setItem(key, JSON.stringify(next));
  } catch {
    // Kept in memory; the caller hands it over from there.
  }
  return next;
}

/**
 * Where the survey remote keeps the result this tab finished (sessionStorage), so that coming back
 * to a page of that visit shows the finished result again instead of an empty one.
 */
export const finishedResultKey = (tenantId: string, surveyId: string) =>
  `toolkit:survey-finished:v1:${tenantId}/${surveyId}`;

/** Whether this page load came back to its page (Back, Forward, a reload) rather than in anew. */
export function pageLoadCameBack(): boolean {
  const [load] = performance.getEntriesByType?.('navigation') ?? [];
  const { type } = (load ?? {}) as Partial<PerformanceNavigationTiming>;
  return type === 'back_forward' || type === 'reload';
}

/**
 * Whether this page load came back to a survey the tab finished: the app then shows the finished
 * result, so the shell's early slide draws nothing for it.
 */
export function cameBackToFinished(tenantId: string, surveyId: string): boolean {
  try {
    return (
      pageLoadCameBack() && window.sessionStorage.getItem(finishedResultKey(tenantId, surveyId)) !== null
    );
  } catch {
    // Storage blocked: nothing was kept, so there is nothing to show instead.
    return false;
  }
}
