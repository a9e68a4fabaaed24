// Entitlements enforced where the action happens: the roles a plan allows and the size
// of the team. A downgrade keeps every member and role; only new grants and new members need the plan.
import {
  ENTITLEMENT_NAMES,
  planUnlocking,
  roleAllowedBy,
  SERVER_ERRORS,
  type EntitlementKey,
  type Role,
} from '@toolkit/domain';
import { ApiError } from '../api/errors';
import type { ServerDeps } from '../api/handler';
import { tenantPlan } from './tenant-plan';

/** Whether the tenant's plan includes a feature. */
export async function hasFeature(deps: ServerDeps, tenantId: string, key: EntitlementKey): Promise<boolean> {
  return (await tenantPlan(deps, tenantId)).entitlements.includes(key);
}

/** Refuses a change to a feature the plan does not include, naming the plan that does. */
export async function requireFeature(
  deps: ServerDeps,
  tenantId: string,
  key: EntitlementKey,
  feature: string = ENTITLEMENT_NAMES[key],
): Promise<void> {
  if (!(await hasFeature(deps, tenantId, key))) {
    throw new ApiError(
      'failed-precondition',
      SERVER_ERRORS.featureNeedsPlan(feature, planUnlocking(key).name),
    );
  }
}

/** Refuses a role the plan does not include, naming the plan that does. */
export function requireRoleInPlan(role: Role, entitlements: readonly string[]): void {
  if (!roleAllowedBy(role, entitlements)) {
    throw new ApiError(
      'failed-precondition',
      SERVER_ERRORS.roleNeedsPlan(role, planUnlocking('advanced-user-roles').name),
    );
  }
}
