// milestones-list: the caller's milestones, or other members' for a user manager.
import { API, SERVER_ERRORS, type ApiResponses, type StoredMilestone } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { notFound } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { listMilestones as readMilestones } from '../../repositories/milestones';
import { readTenantUser } from '../../repositories/users';
import { requireManageUsersForOthers } from '../access';

export const listMilestones = defineHandler({
  name: API.listMilestones,
  access: 'member',
  input: REQUESTS[API.listMilestones],
  async run({ userIds }, { caller, deps }): Promise<ApiResponses[typeof API.listMilestones]> {
    const ids = [...new Set(userIds ?? [caller.uid])];
    const others = ids.filter((id) => id !== caller.uid);
    requireManageUsersForOthers(caller, others);
    const members = await Promise.all(others.map((id) => readTenantUser(deps.store, caller.tenantId, id)));
    const missing = others.find((_, index) => !members[index]);
    if (missing !== undefined) throw notFound(SERVER_ERRORS.noSuchUserId(missing));
    const log = deps.log ?? ((message: string) => console.warn(message));
    // A user whose milestones cannot be read gets an empty list and a logged warning.
    const lists = await Promise.all(
      ids.map(async (id): Promise<StoredMilestone[]> => {
        try {
          return await readMilestones(deps.store, caller.tenantId, id);
        } catch (error) {
          log(`[milestones] could not read the milestones of ${id}: ${String(error)}`);
          return [];
        }
      }),
    );
    return { milestones: Object.fromEntries(ids.map((id, index) => [id, lists[index] ?? []])) };
  },
});
