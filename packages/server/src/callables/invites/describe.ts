// invites-describe: what an invite link offers, shown to its holder before they accept or decline
// (who invites them, into which organisation, with which role, to which survey if any). The first
// opening is noted, so the inviter sees the invite as opened.
import { API, SERVER_ERRORS, type ApiResponses, type InviteOffer } from '@toolkit/domain';
import { notFound } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { loadSurvey } from '../../content';
import {
  readInviteByLink,
  INVITE_STATUS,
  inviterNameOf,
  isExpired,
  markInviteOpened,
  type InviteRecord,
} from '../../repositories/invites';
import { readOrganisationProfile } from '../../repositories/tenants';
import { readTenantUser } from '../../repositories/users';

function stateOf(invite: InviteRecord, now: Date): InviteOffer['state'] {
  if (invite.status === INVITE_STATUS.declined) return 'declined';
  if (invite.status === INVITE_STATUS.withdrawn) return 'withdrawn';
  if (invite.status === INVITE_STATUS.accepted) return 'accepted';
  if (invite.status !== INVITE_STATUS.pending) return 'used';
  if (isExpired(invite, now)) return 'expired';
  return invite.redeemedBy === null ? 'open' : 'accepted';
}

export const describeInvite = defineHandler(API.describeInvite, {
  async run(link, { deps, now }): Promise<ApiResponses[typeof API.describeInvite]> {
    const invite = await readInviteByLink(deps.store, link);
    // A replaced invite's link, or one whose key a resend ended, says no more than a link that never existed.
    if (!invite || invite.status === INVITE_STATUS.replaced) throw notFound(SERVER_ERRORS.inviteNotValid);
    const [organisation, inviter, survey] = await Promise.all([
      readOrganisationProfile(deps.store, invite.tenantId),
      readTenantUser(deps.store, invite.tenantId, invite.createdBy),
      invite.surveyId === null ? null : loadSurvey(deps, invite.surveyId, SERVER_ERRORS.inviteResultNotFound),
    ]);
    const state = stateOf(invite, now);
    if (state === 'open' && invite.openedAt === null) {
      await markInviteOpened(deps.store, invite.id);
    }
    return {
      state,
      kind: invite.kind,
      email: invite.email,
      organisationName: organisation.name,
      inviterName: inviterNameOf(inviter),
      role: invite.role,
      surveyTitle: survey?.title ?? null,
    };
  },
});
