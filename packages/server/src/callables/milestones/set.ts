// milestones-set: the signed-in member ticks one of their own milestones by hand.
import {
  API,
  isHandTicked,
  MESSAGES,
  milestoneName,
  SERVER_ERRORS,
  type ApiResponses,
} from '@toolkit/domain';
import { permissionDenied, unauthenticated } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { saveHandTick } from '../../repositories/milestones';
import { readTenantUser } from '../../repositories/users';

/**
 * Public so that a request without a user gets "User not authenticated". Any
 * non-anonymous member of the token's tenant may tick its own milestones, e.g. an invited
 * respondent; the tenant claim alone is not trusted, as on every other callable. Only the
 * milestones a member may tick by hand: the others are facts the server records where they happen.
 */
export const setMilestone = defineHandler(API.setMilestone, {
  async run({ milestoneId, completed }, { caller, deps }): Promise<ApiResponses[typeof API.setMilestone]> {
    if (!caller) throw unauthenticated(MESSAGES.userNotAuthenticated);
    if (caller.isAnonymous || !caller.tenantId) {
      throw permissionDenied(SERVER_ERRORS.milestonesNeedAccount);
    }
    if (!(await readTenantUser(deps.store, caller.tenantId, caller.uid))) {
      throw permissionDenied(MESSAGES.notAMember);
    }
    if (!isHandTicked(milestoneId)) {
      throw permissionDenied(SERVER_ERRORS.milestoneNotByHand(milestoneName(milestoneId)));
    }
    await saveHandTick(deps.store, caller.tenantId, caller.uid, milestoneId, completed);
    return { status: 'ok' };
  },
});
