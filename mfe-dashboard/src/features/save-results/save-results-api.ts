// Results someone asked to save under the caller's address ("Save my results"), and the caller's
// answer to each. A confirmed result joins the organisation's results and completes its survey
// milestone; a declined one only leaves the list.
import { api, callableMutation, callableQuery } from '@toolkit/data';
import { API } from '@toolkit/domain';
import { OWN_RESULTS, RESULT_CLAIMS } from '../../shared/result-tags';

const saveResultsApi = api.injectEndpoints({
  endpoints: (build) => ({
    resultClaims: callableQuery(build, API.describeResultClaims, {
      providesTags: [RESULT_CLAIMS],
    }),
    confirmResultClaim: callableMutation(build, API.confirmResultClaim, {
      request: (claimId: string) => ({ claimId }),
      // The confirmed result joins the organisation's own.
      invalidatesTags: [RESULT_CLAIMS, OWN_RESULTS, 'Milestones'],
    }),
    declineResultClaim: callableMutation(build, API.declineResultClaim, {
      request: (claimId: string) => ({ claimId }),
      invalidatesTags: [RESULT_CLAIMS],
    }),
  }),
});

export const { useResultClaimsQuery, useConfirmResultClaimMutation, useDeclineResultClaimMutation } =
  saveResultsApi;
