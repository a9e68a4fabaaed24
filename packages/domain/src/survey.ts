// SPEC §3 survey shape, §4 survey status and result lifecycle, §9 constants.

export const SURVEY_LIMITS = { sections: 10, questionsPerSection: 20, questionsPerGroup: 20 } as const;

export const SurveyStatus = { InProgress: 1, Completed: 2 } as const;
export type SurveyStatus = (typeof SurveyStatus)[keyof typeof SurveyStatus];

export const INITIAL_PROGRESS = 2;

export const QUESTION_TYPES = ['slider', 'comment', 'content', 'dropdown', 'multipleChoice'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export function isQuestionType(value: unknown): value is QuestionType {
  return typeof value === 'string' && (QUESTION_TYPES as readonly string[]).includes(value);
}

export interface StoredResultState {
  isCompleted?: boolean | null;
}

// A completed result is never reopened: the respondent starts a new one.
export function decideResultAction(existing: StoredResultState | null | undefined): 'create' | 'resume' {
  return existing && existing.isCompleted !== true ? 'resume' : 'create';
}

export function statusOfResult(result: StoredResultState | null | undefined): SurveyStatus {
  return result?.isCompleted === true ? SurveyStatus.Completed : SurveyStatus.InProgress;
}
