// Rights checks that depend on the request's data, one helper each. What a handler needs of every
// caller it declares instead (Handler.permission), and the router checks that.
import { roleChangeRefusal, roleRefusalMessage, SERVER_ERRORS, type RoleChange } from '@toolkit/domain';
import { ApiError, permissionDenied } from '../api/errors';
import type { Caller, Member } from '../api/handler';
import { holdsPermission } from '../api/permissions';

/**
 * The caller's e-mail address, lowercased, once the identity provider has proven it: anything
 * that grants a role or sends mail in someone's name trusts no other address.
 */
export function verifiedEmailOf(caller: Caller): string {
  if (!caller.email || !caller.emailVerified) throw permissionDenied(SERVER_ERRORS.emailNotVerified);
  return caller.email.toLowerCase();
}

/**
 * A tenant the request names, or that publishes what it asks about (a survey, a toolkit), must be
 * the caller's own; undefined (nothing found) is nobody's.
 */
export function requireOwnTenant(
  caller: Member,
  tenantId: string | undefined,
  message: string = SERVER_ERRORS.ownTenantOnly,
): void {
  if (tenantId !== caller.tenantId) throw permissionDenied(message);
}

/** Other members' records are for those who manage users: refused when `uids` names anyone else. */
export function requireManageUsersForOthers(
  caller: Member,
  uids: readonly string[],
  message: string = SERVER_ERRORS.manageUsersRequired,
): void {
  if (uids.some((uid) => uid !== caller.uid) && !holdsPermission(caller, 'manageUsers')) {
    throw permissionDenied(message);
  }
}

/** The one role rule, as a refusal: the last owner is a state to change first, the rest a right missing. */
export function refuseRoleChange(change: RoleChange): void {
  const refusal = roleChangeRefusal(change);
  if (refusal === null) return;
  const message = roleRefusalMessage(refusal, change);
  throw refusal === 'last-owner' ? new ApiError('failed-precondition', message) : permissionDenied(message);
}
