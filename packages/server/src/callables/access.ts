// Rights checks that several callables share; the router has resolved the member's stored role.
import { roleChangeRefusal, roleRefusalMessage, SERVER_ERRORS, type RoleChange } from '@toolkit/domain';
import { ApiError, permissionDenied } from '../api/errors';
import type { Caller, Member } from '../api/handler';

/**
 * The caller's e-mail address, lowercased, once the identity provider has proven it: anything
 * that grants a role or sends mail in someone's name trusts no other address.
 */
export function verifiedEmailOf(caller: Caller): string {
  if (!caller.email || !caller.emailVerified) throw permissionDenied(SERVER_ERRORS.emailNotVerified);
  return caller.email.toLowerCase();
}

export function requireManageUsers(caller: Member): void {
  if (!caller.permissions.manageUsers) throw permissionDenied(SERVER_ERRORS.manageUsersRequired);
}

/** A request naming a tenant may only name the caller's own. */
export function requireOwnTenant(caller: Member, tenantId: string): void {
  if (tenantId !== caller.tenantId) throw permissionDenied(SERVER_ERRORS.ownTenantOnly);
}

export function requireViewInsights(caller: Member): void {
  if (!caller.permissions.viewInsights) throw permissionDenied(SERVER_ERRORS.viewInsightsRequired);
}

/** The action plan is changed only by roles that may edit insights (a viewer reads it). */
export function requireEditInsights(caller: Member, message: string = SERVER_ERRORS.editPlanRequired): void {
  if (!caller.permissions.editInsights) throw permissionDenied(message);
}

/** Plans and checkouts: an owner or a billing member (manageBilling). */
export function requireManageBilling(caller: Member): void {
  if (!caller.permissions.manageBilling) throw permissionDenied(SERVER_ERRORS.manageBillingRequired);
}

/** The one role rule, as a refusal: the last owner is a state to change first, the rest a right missing. */
export function refuseRoleChange(change: RoleChange): void {
  const refusal = roleChangeRefusal(change);
  if (refusal === null) return;
  const message = roleRefusalMessage(refusal, change);
  throw refusal === 'last-owner' ? new ApiError('failed-precondition', message) : permissionDenied(message);
}
