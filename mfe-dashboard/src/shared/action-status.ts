import type { ActionStatus } from '@toolkit/domain';

/** A planned action's status in words, on the Actions screen and in the report. */
export const STATUS_LABELS: Record<ActionStatus, string> = {
  todo: 'Not started',
  doing: 'In progress',
  done: 'Done',
};
