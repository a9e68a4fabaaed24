// claims-confirm: the addressee of "Save my results" confirms a waiting result is theirs: it joins
// their organisation. Signing in alone never does this.
import { API, type ApiResponses } from '@toolkit/domain';
import { notFound } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { confirmClaim } from '../../repositories/result-claims';
import { CLAIM_ANSWER_MESSAGES, claimantOf } from './claim-session';

export const confirmResultClaim = defineHandler(API.confirmResultClaim, {
  async run({ claimId }, { caller, deps, now }): Promise<ApiResponses[typeof API.confirmResultClaim]> {
    // Another address's claim reads as gone, so its id tells nothing.
    if (!(await confirmClaim(deps.store, claimId, claimantOf(caller), now)))
      throw notFound(CLAIM_ANSWER_MESSAGES.notWaiting);
    return { status: 'saved' };
  },
});
