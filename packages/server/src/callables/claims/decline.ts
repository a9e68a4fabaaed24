// claims-decline: the addressee of "Save my results" says a waiting result is not theirs: the claim
// is discarded and the result stays where it was.
import { API, type ApiResponses } from '@toolkit/domain';
import { notFound } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { discardClaim } from '../../repositories/result-claims';
import { CLAIM_ANSWER_MESSAGES, claimantOf } from './claim-session';

export const declineResultClaim = defineHandler(API.declineResultClaim, {
  async run({ claimId }, { caller, deps, now }): Promise<ApiResponses[typeof API.declineResultClaim]> {
    if (!(await discardClaim(deps.store, claimId, claimantOf(caller).email, now)))
      throw notFound(CLAIM_ANSWER_MESSAGES.notWaiting);
    return { status: 'discarded' };
  },
});
