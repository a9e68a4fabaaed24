// Every callable handler, in one list: the router, the local API host, Cloud Functions and the
// isolation suite (which covers each entry automatically) all read it.
import type { Handler } from '../api/handler';
import { accountHandlers } from './account';
import { adminHandlers } from './admin';
import { billingHandlers } from './billing';
import { inviteHandlers } from './invites';
import { milestoneHandlers } from './milestones';
import { userHandlers } from './users';
// ── Survey handlers (survey-*, results-*, journey-saveAnswer, journey-submit) live in ./survey. ──
import { surveyHandlers } from './survey';

export const allHandlers: readonly Handler[] = [
  ...adminHandlers,
  ...billingHandlers,
  ...accountHandlers,
  ...userHandlers,
  ...milestoneHandlers,
  ...inviteHandlers,
  // ── Survey handlers: spread here. ──
  ...surveyHandlers,
];
