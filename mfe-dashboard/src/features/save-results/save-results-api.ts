// Results someone asked to save under the caller's address ("Save my results"), and the caller's
// answer to each. A confirmed result joins the organisation's results and completes its survey
// milestone; a declined one only leaves the list.
import { api, call } from '@toolkit/data';
import { API, type ApiResponses } from '@toolkit/domain';

const saveResultsApi = api.injectEndpoints({
  endpoints: (build) => ({
    resultClaims: build.query<ApiResponses[typeof API.describeResultClaims], void>({
      query: () => call(API.describeResultClaims, null),
      providesTags: ['Results'],
    }),
    confirmResultClaim: build.mutation<ApiResponses[typeof API.confirmResultClaim], string>({
      query: (claimId) => call(API.confirmResultClaim, { claimId }),
      invalidatesTags: ['Results', 'Milestones'],
    }),
    declineResultClaim: build.mutation<ApiResponses[typeof API.declineResultClaim], string>({
      query: (claimId) => call(API.declineResultClaim, { claimId }),
      invalidatesTags: ['Results'],
    }),
  }),
});

export const { useResultClaimsQuery, useConfirmResultClaimMutation, useDeclineResultClaimMutation } =
  saveResultsApi;
