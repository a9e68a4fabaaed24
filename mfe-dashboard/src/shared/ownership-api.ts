// The standing ownership offer and what can be done with it. The offer belongs with the team (tag
// Team): making, cancelling or answering it changes what Users shows; accepting also changes the
// caller's own role (tag Profile), and their claims are fetched again so the guards follow it.
import { api, call, callableMutation, callableQuery, callThrough, servicesOf } from '@toolkit/data';
import { API, type ApiResponses } from '@toolkit/domain';
import type { AppServices } from '@toolkit/parcel';

const ownershipApi = api.injectEndpoints({
  endpoints: (build) => ({
    ownershipOffer: callableQuery(build, API.getOwnershipOffer, {
      providesTags: ['Team'],
    }),
    offerOwnership: callableMutation(build, API.offerOwnership, ['Team']),
    cancelOwnershipOffer: callableMutation(build, API.cancelOwnershipOffer, ['Team']),
    declineOwnership: callableMutation(build, API.declineOwnership, ['Team']),
    acceptOwnership: build.mutation<ApiResponses[typeof API.acceptOwnership], void>({
      async queryFn(_arg, { extra }, _extra, baseQuery) {
        const { data, error } = await callThrough(baseQuery, call(API.acceptOwnership, null));
        if (error) return { error };
        // The role is the server's now; failing to refresh the token only delays the guards.
        await (servicesOf(extra) as unknown as Pick<AppServices, 'refreshClaims'>)
          .refreshClaims()
          .catch(() => undefined);
        return { data };
      },
      invalidatesTags: ['Team', 'Profile'],
    }),
  }),
});

export const {
  useOwnershipOfferQuery,
  useOfferOwnershipMutation,
  useCancelOwnershipOfferMutation,
  useDeclineOwnershipMutation,
  useAcceptOwnershipMutation,
} = ownershipApi;
