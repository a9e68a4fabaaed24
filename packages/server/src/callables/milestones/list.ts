// milestones-list: the organisation's milestones (docs/journey.md), listed under the caller's id, or under
// the ids of other members for a user manager: a member's journey is the organisation's.
import {
  API,
  MILESTONE_ENTITLEMENTS,
  SERVER_ERRORS,
  type ApiResponses,
  type EntitlementKey,
  type StoredMilestone,
} from '@toolkit/domain';
import { notFound } from '../../api/errors';
import { defineHandler, type ServerDeps } from '../../api/handler';
import { hasFeature } from '../../billing/entitlements';
import { listMilestones as readMilestones } from '../../repositories/milestones';
import { readTenantUser } from '../../repositories/users';
import { requireManageUsersForOthers } from '../access';

/** Marks the milestones whose feature the organisation's plan does not include, unless already done. */
async function markOutsidePlan(
  deps: ServerDeps,
  tenantId: string,
  milestones: StoredMilestone[],
): Promise<StoredMilestone[]> {
  const gated = Object.entries(MILESTONE_ENTITLEMENTS) as [string, EntitlementKey][];
  const included = new Map(
    await Promise.all(gated.map(async ([id, key]) => [id, await hasFeature(deps, tenantId, key)] as const)),
  );
  return milestones.map((milestone) =>
    included.get(milestone.id) === false && !milestone.completed
      ? { ...milestone, outsidePlan: true }
      : milestone,
  );
}

export const listMilestones = defineHandler(API.listMilestones, {
  async run({ userIds }, { caller, deps }): Promise<ApiResponses[typeof API.listMilestones]> {
    const ids = [...new Set(userIds ?? [caller.uid])];
    const others = ids.filter((id) => id !== caller.uid);
    requireManageUsersForOthers(caller, others);
    const members = await Promise.all(others.map((id) => readTenantUser(deps.store, caller.tenantId, id)));
    const missing = others.find((_, index) => !members[index]);
    if (missing !== undefined) throw notFound(SERVER_ERRORS.noSuchUserId(missing));
    const log = deps.log ?? ((message: string) => console.warn(message));
    // Milestones that cannot be read give an empty list (the journey's defaults) and a logged warning.
    let milestones: StoredMilestone[] = [];
    try {
      milestones = await markOutsidePlan(
        deps,
        caller.tenantId,
        await readMilestones(deps.store, caller.tenantId),
      );
    } catch (error) {
      log(`[milestones] could not read the milestones of ${caller.tenantId}: ${String(error)}`);
    }
    return { milestones: Object.fromEntries(ids.map((id) => [id, milestones])) };
  },
});
