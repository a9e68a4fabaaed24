// Action plans: which catalogue actions a result suggests, the state of a planned
// action, and how an answer changed between two completed results.
import type { ActionCatalogueQuery, EsgTopic, Level } from './content';

export type CatalogueAction = ActionCatalogueQuery['actions'][number];
export type ActionTrigger = CatalogueAction['addresses'][number];

/**
 * Whether an answer is one the trigger addresses. An unanswered question counts: a step not
 * reported as taken is one to suggest.
 */
export function triggers(trigger: ActionTrigger, answer: unknown): boolean {
  if (answer === undefined || answer === null || answer === '') return true;
  if (trigger.atMost !== null) return typeof answer === 'number' && answer <= trigger.atMost;
  const chosen = new Set(Array.isArray(answer) ? answer : [answer]);
  if (trigger.anyOf !== null) return trigger.anyOf.some((option) => chosen.has(option));
  if (trigger.noneOf !== null) return trigger.noneOf.every((option) => !chosen.has(option));
  return false;
}

/** The actions a result's answers suggest, each with the questions that make it one, in catalogue order. */
export function suggestActions(
  actions: readonly CatalogueAction[],
  answers: Readonly<Record<string, unknown>>,
): { actionId: string; questionIds: string[] }[] {
  return actions.flatMap((action) => {
    const questionIds = [
      ...new Set(
        action.addresses
          .filter((trigger) => triggers(trigger, answers[trigger.questionId]))
          .map((trigger) => trigger.questionId),
      ),
    ];
    return questionIds.length > 0 ? [{ actionId: action.id, questionIds }] : [];
  });
}

export const ACTION_STATUSES = ['todo', 'doing', 'done'] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];

export interface PlannedAction {
  actionId: string;
  status: ActionStatus;
  /** Who is doing it, as typed. */
  owner: string | null;
  /** YYYY-MM-DD. */
  dueDate: string | null;
}

/** Done actions as a share of the plan, 0–100. */
export function planProgress(plan: readonly PlannedAction[]): number {
  if (plan.length === 0) return 0;
  return Math.round((plan.filter((action) => action.status === 'done').length / plan.length) * 100);
}

export type AnswerChange = 'improved' | 'worsened' | 'same';

/** How a question's points moved from the previous completed result to the latest. */
export function answerChange(previousPoints: number, latestPoints: number): AnswerChange {
  if (latestPoints > previousPoints) return 'improved';
  if (latestPoints < previousPoints) return 'worsened';
  return 'same';
}

/** An action a tenant writes itself (custom-opportunities), planned beside the catalogue's. */
export interface CustomAction {
  /** Always starts with CUSTOM_ACTION_PREFIX, so it never meets a catalogue id in a plan. */
  id: string;
  title: string;
  summary: string;
  topic: EsgTopic;
  effort: Level;
  impact: Level;
}

export const CUSTOM_ACTION_PREFIX = 'custom-';
export const CUSTOM_ACTIONS_MAX = 50;
export const CUSTOM_ACTION_TITLE_MAX = 120;
export const CUSTOM_ACTION_SUMMARY_MAX = 1000;
export const LEVELS = ['LOW', 'MEDIUM', 'HIGH'] as const satisfies readonly Level[];
