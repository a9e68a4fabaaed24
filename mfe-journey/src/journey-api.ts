// The invite link's reads and writes, injected into the one API slice (@toolkit/data).
import { API, type ApiRequest, type ApiResponses, type InviteOffer } from '@toolkit/domain';
import { api, callableMutation, callableQuery } from '@toolkit/data';

export type Accepted = ApiResponses[typeof API.verifyAndLoginWithInvite];

/** Accepting: the link, and the name the invitee gives (asked on a first acceptance). */
export type Acceptance = ApiRequest<typeof API.verifyAndLoginWithInvite>;

/** What an invite link holds: the invite's id and the key that opens it. */
export type InviteLink = ApiRequest<typeof API.describeInvite>;

const offers = api.injectEndpoints({
  endpoints: (build) => ({
    /** What an invite link offers its holder. */
    invite: callableQuery(build, API.describeInvite, {
      request: (link: InviteLink) => link,
      providesTags: (_offer, _error, link) => [{ type: 'Invite', id: link.inviteId }],
    }),
  }),
});

/**
 * Once the server has taken the answer, the cached offer says so (`state`), so the link opened
 * again shows what the holder decided without asking the server again.
 */
async function markOffer(
  link: InviteLink,
  state: InviteOffer['state'],
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<unknown> },
) {
  try {
    await queryFulfilled;
  } catch {
    return; // nothing changed; the page shows the failure
  }
  dispatch(
    offers.util.updateQueryData('invite', link, (offer) => {
      offer.state = state;
    }),
  );
}

export const journeyApi = offers.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Accepts the invite (journey-verifyAndLoginWithInvite): the holder becomes a member under the
     * name they give and signs in with the answer's custom token, so the caller's journey, profile
     * and team are someone else's now.
     */
    acceptInvite: callableMutation(build, API.verifyAndLoginWithInvite, {
      request: (acceptance: Acceptance) => acceptance,
      invalidatesTags: (accepted) => (accepted ? ['Milestones', 'Profile', 'Team'] : []),
      onQueryStarted: ({ inviteId, key }, lifecycle) => markOffer({ inviteId, key }, 'accepted', lifecycle),
    }),
    /** Declines the invite: the inviting team's list shows it declined; the holder joins nothing. */
    declineInvite: callableMutation(build, API.declineInvite, {
      request: (link: InviteLink) => link,
      invalidatesTags: (declined) => (declined ? ['Team'] : []),
      onQueryStarted: (link, lifecycle) => markOffer(link, 'declined', lifecycle),
    }),
  }),
});

export const { useInviteQuery, useAcceptInviteMutation, useDeclineInviteMutation } = journeyApi;
