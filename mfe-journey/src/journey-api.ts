// The invite link's reads and writes, injected into the one API slice (@toolkit/data).
import { API, type ApiResponses, type InviteOffer } from '@toolkit/domain';
import { api, call } from '@toolkit/data';

export type Accepted = ApiResponses[typeof API.verifyAndLoginWithInvite];

const offers = api.injectEndpoints({
  endpoints: (build) => ({
    /** What an invite link offers its holder, by invite id. */
    invite: build.query<InviteOffer, string>({
      query: (inviteId) => call(API.describeInvite, { inviteId }),
      providesTags: (_offer, _error, inviteId) => [{ type: 'Invite', id: inviteId }],
    }),
  }),
});

/**
 * Once the server has taken the answer, the cached offer says so (`state`), so the link opened
 * again shows what the holder decided without asking the server again.
 */
async function markOffer(
  inviteId: string,
  state: InviteOffer['state'],
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<unknown> },
) {
  try {
    await queryFulfilled;
  } catch {
    return; // nothing changed; the page shows the failure
  }
  dispatch(
    offers.util.updateQueryData('invite', inviteId, (offer) => {
      offer.state = state;
    }),
  );
}

export const journeyApi = offers.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Accepts the invite (journey-verifyAndLoginWithInvite): the holder becomes a member and signs in
     * with the answer's custom token, so the caller's journey, profile and team are someone else's now.
     */
    acceptInvite: build.mutation<Accepted, string>({
      query: (inviteId) => call(API.verifyAndLoginWithInvite, { inviteId }),
      invalidatesTags: (accepted) => (accepted ? ['Milestones', 'Profile', 'Team'] : []),
      onQueryStarted: (inviteId, lifecycle) => markOffer(inviteId, 'accepted', lifecycle),
    }),
    /** Declines the invite: the inviting team's list shows it declined; the holder joins nothing. */
    declineInvite: build.mutation<ApiResponses[typeof API.declineInvite], string>({
      query: (inviteId) => call(API.declineInvite, { inviteId }),
      invalidatesTags: (declined) => (declined ? ['Team'] : []),
      onQueryStarted: (inviteId, lifecycle) => markOffer(inviteId, 'declined', lifecycle),
    }),
  }),
});

export const { useInviteQuery, useAcceptInviteMutation, useDeclineInviteMutation } = journeyApi;
