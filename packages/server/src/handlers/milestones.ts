// Milestones of the journey (SPEC §3, §4, §7): read per user, set by the signed-in user.
import { API, MESSAGES, type ApiResponses, type StoredMilestone } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { defineHandler } from '../api/handler';
import { notFound, permissionDenied, unauthenticated } from '../api/errors';
import { listMilestones as readMilestones, milestoneWrite } from '../repositories/milestones';
import { paths } from '../repositories/paths';
import { requireManageUsers } from './users';

export const listMilestones = defineHandler({
  name: API.listMilestones,
  access: 'member',
  input: REQUESTS[API.listMilestones],
  async run({ userIds }, { caller, deps }): Promise<ApiResponses[typeof API.listMilestones]> {
    const ids = [...new Set(userIds ?? [caller.uid])];
    const others = ids.filter((id) => id !== caller.uid);
    if (others.length > 0) {
      requireManageUsers(caller);
      const members = await Promise.all(
        others.map((id) => deps.store.get(paths.tenantUser(caller.tenantId, id))),
      );
      const missing = members.find((member) => !member.data);
      if (missing) throw notFound(`There is no user ${missing.id} in your organisation.`);
    }
    const log = deps.log ?? ((message: string) => console.warn(message));
    // SPEC §7: a user whose milestones cannot be read gets an empty list and a logged warning.
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

/**
 * Public so that a request without a user gets SPEC §5's "User not authenticated". Any
 * non-anonymous member of the token's tenant may set its own milestones, e.g. an invited
 * respondent; the tenant claim alone is not trusted, as on every other callable.
 */
export const setMilestone = defineHandler({
  name: API.setMilestone,
  access: 'public',
  input: REQUESTS[API.setMilestone],
  async run({ milestoneId, completed }, { caller, deps }): Promise<ApiResponses[typeof API.setMilestone]> {
    if (!caller) throw unauthenticated(MESSAGES.userNotAuthenticated);
    if (caller.isAnonymous || !caller.tenantId) {
      throw permissionDenied('Milestones belong to an account in an organisation; sign in first.');
    }
    const member = await deps.store.get(paths.tenantUser(caller.tenantId, caller.uid));
    if (!member.data) throw permissionDenied(MESSAGES.notAMember);
    const write = milestoneWrite(caller.tenantId, caller.uid, milestoneId, completed, caller.uid);
    await deps.store.set(write.path, write.data, { merge: true });
    return { status: 'ok' };
  },
});

export const milestoneHandlers = [listMilestones, setMilestone];
