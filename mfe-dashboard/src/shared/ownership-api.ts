// The standing ownership offer and what can be done with it. Making, cancelling or answering it
// changes the offer and what Users lists; accepting also changes the caller's own role (tag
// Profile), and their claims are fetched again so the guards follow it.
import { useState } from 'react';
import { api, call, callableMutation, callableQuery, callThrough, servicesOf } from '@toolkit/data';
import { API, type ApiResponses, type OwnershipOffer } from '@toolkit/domain';
import type { AppServices } from '@toolkit/parcel';
import { OWNERSHIP_OFFER, TEAM_LIST } from './team-tags';

const ownershipApi = api.injectEndpoints({
  endpoints: (build) => ({
    ownershipOffer: callableQuery(build, API.getOwnershipOffer, {
      providesTags: [OWNERSHIP_OFFER],
    }),
    offerOwnership: callableMutation(build, API.offerOwnership, [OWNERSHIP_OFFER, TEAM_LIST]),
    cancelOwnershipOffer: callableMutation(build, API.cancelOwnershipOffer, [OWNERSHIP_OFFER, TEAM_LIST]),
    /**
     * Answers take the offer answered (not sent: the server knows it) and keep it with the outcome,
     * to say afterwards what was done, when the offer itself is gone.
     */
    declineOwnership: callableMutation(build, API.declineOwnership, {
      request: (_offer: OwnershipOffer) => null,
      transformResponse: (_answer, _meta, offer): { answered: OwnershipOffer } => ({ answered: offer }),
      invalidatesTags: [OWNERSHIP_OFFER, TEAM_LIST],
    }),
    acceptOwnership: build.mutation<
      ApiResponses[typeof API.acceptOwnership] & { answered: OwnershipOffer },
      OwnershipOffer
    >({
      async queryFn(offer, { extra }, _extra, baseQuery) {
        const { data, error } = await callThrough(baseQuery, call(API.acceptOwnership, null));
        if (error) return { error };
        // The role is the server's now; failing to refresh the token only delays the guards.
        await (servicesOf(extra) as unknown as Pick<AppServices, 'refreshClaims'>)
          .refreshClaims()
          .catch(() => undefined);
        return { data: { ...data, answered: offer } };
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

/** What the member offered did with the offer, once the server took it. */
export type OwnershipAnswer = { answer: 'accepted' | 'declined'; offer: OwnershipOffer };

/**
 * Accepting and declining, shared by every part of a screen that asks: the offer's card, which goes
 * once the offer is answered, and the screen around it, which then says what was done.
 */
export function useOwnershipAnswer() {
  const [accept, accepting] = useAcceptOwnershipMutation({ fixedCacheKey: 'ownership-accept' });
  const [decline, declining] = useDeclineOwnershipMutation({ fixedCacheKey: 'ownership-decline' });
  // When the answer the person dismissed came in: a later answer is said again.
  const [dismissed, setDismissed] = useState<number | null>(null);
  const latest = accepting.data ? accepting : declining.data ? declining : null;
  const answered: OwnershipAnswer | null =
    latest?.data && latest.fulfilledTimeStamp !== dismissed
      ? { answer: latest === accepting ? 'accepted' : 'declined', offer: latest.data.answered }
      : null;
  return {
    accept,
    accepting,
    decline,
    declining,
    answered,
    /** The person has read what was done. */
    dismiss: () => setDismissed(latest?.fulfilledTimeStamp ?? null),
  };
}
