// The invite journey's check: the caller's token names an open invite, redeemed by
// them, for exactly the result the request names; and the wording for its missing ids.
import { MESSAGES, SERVER_ERRORS } from '@toolkit/domain';
import { ApiError, permissionDenied } from '../../api/errors';
import type { Caller, InputIssue } from '../../api/handler';
import { readInvite, INVITE_STATUS, inviteIdOf } from '../../repositories/invites';
import type { DocumentStore } from '../../store/port';

const ID_FIELDS = new Set(['tenantId', 'surveyId', 'surveyResultId', 'inviteId']);

/** A missing or invalid id gets the catalogue's message word for word. */
export function missingJourneyIds(issues: readonly InputIssue[]): string | null {
  const aboutIds = issues.some((issue) => issue.path.length === 0 || ID_FIELDS.has(String(issue.path[0])));
  return aboutIds ? MESSAGES.missingJourneyIds : null;
}

/** The caller's invite, which must be for exactly this result and still open; answers its id. */
export async function openInvite(
  store: DocumentStore,
  caller: Caller,
  ids: { tenantId: string; surveyId: string; surveyResultId: string; inviteId?: string },
): Promise<string> {
  const inviteId = inviteIdOf(caller);
  if (!inviteId || (ids.inviteId !== undefined && ids.inviteId !== inviteId))
    throw permissionDenied(SERVER_ERRORS.notYourInvite);
  const invite = await readInvite(store, inviteId);
  if (
    !invite ||
    invite.redeemedBy !== caller.uid ||
    invite.surveyTenantId !== ids.tenantId ||
    invite.surveyId !== ids.surveyId ||
    invite.surveyResultId !== ids.surveyResultId
  ) {
    throw permissionDenied(SERVER_ERRORS.notYourInvite);
  }
  if (invite.status !== INVITE_STATUS.pending) {
    throw new ApiError('failed-precondition', SERVER_ERRORS.alreadySubmitted);
  }
  return inviteId;
}
