// The survey's shape, its status, the result lifecycle and the survey limits.

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

/**
 * Who may save to a result: the user who started it, or an invitee whose token names an
 * invite for exactly this result.
 */
export function mayReachResult(access: { isStarter: boolean; inviteMatches: boolean }): boolean {
  return access.isStarter || access.inviteMatches;
}

export type CompletionDecision = 'complete' | 'already-completed' | 'denied' | 'invite-closed';

/**
 * Who may complete a result, and what a repeated request gets. Through the invite journey only
 * the invitee of an open invite for this result may, and only once; through the survey the user who
 * started it or such an invitee, and a completed result is answered as it stands.
 */
export function decideCompletion(state: {
  viaInvite: boolean;
  isStarter: boolean;
  inviteMatches: boolean;
  inviteOpen: boolean;
  isCompleted: boolean;
}): CompletionDecision {
  const { viaInvite, isStarter, inviteMatches, inviteOpen, isCompleted } = state;
  if (viaInvite ? !inviteMatches : !mayReachResult({ isStarter, inviteMatches })) return 'denied';
  if (viaInvite && !inviteOpen) return 'invite-closed';
  if (isCompleted) return viaInvite ? 'invite-closed' : 'already-completed';
  return 'complete';
}

/**
 * Scores per section and overall, each as points of the maximum (README of @toolkit/content).
 * Overall points run from 0 to the survey's scale; a section of weight 0 is shown but not scored.
 */
export interface ResultScore {
  overall: { points: number; max: number; percent: number };
  sections: {
    sectionIndex: number;
    title: string;
    points: number;
    max: number;
    percent: number;
    weight: number;
    /** The band of the section's share on the overall scale; absent in scores stored before it. */
    band?: { label: string; description: string | null } | null;
  }[];
  /** The band the overall score falls in; null when the survey defines none. */
  band: { label: string; description: string | null } | null;
}
