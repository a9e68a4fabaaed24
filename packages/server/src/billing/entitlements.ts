// Entitlements enforced where the action happens (issue 16): the roles a plan allows and the size
// of the team. A downgrade keeps every member and role; only new grants and new members need the plan.
import { planUnlocking, roleAllowedBy, SERVER_ERRORS, type Role } from '@toolkit/domain';
import { ApiError } from '../api/errors';

/** Refuses a role the plan does not include, naming the plan that does. */
export function requireRoleInPlan(role: Role, entitlements: readonly string[]): void {
  if (!roleAllowedBy(role, entitlements)) {
    throw new ApiError(
      'failed-precondition',
      SERVER_ERRORS.roleNeedsPlan(role, planUnlocking('advanced-user-roles').name),
    );
  }
}
