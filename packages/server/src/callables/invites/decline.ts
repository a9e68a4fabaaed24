// invites-decline: the invitee says no. Nothing was granted, so nothing is taken back; the inviter
// sees the invite as declined, and its link stops working.
import { API, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { ApiError } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { declineInvite as declineStored, readInviteByLink } from '../../repositories/invites';
import { assertOpen } from '../journey/verify-and-login-with-invite';

export const declineInvite = defineHandler(API.declineInvite, {
  async run(link, { deps, now }): Promise<ApiResponses[typeof API.declineInvite]> {
    const { inviteId } = link;
    await deps.store.transaction(async (tx) => {
      const invite = await readInviteByLink(tx, link);
      assertOpen(invite, now);
      // Once accepted, the invitee is a member: leaving is a matter for the team list.
      if (invite.redeemedBy !== null) throw new ApiError('failed-precondition', SERVER_ERRORS.inviteOpened);
      declineStored(tx, inviteId);
    });
    return { status: 'declined' };
  },
});
