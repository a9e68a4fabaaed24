// invites-resend: mails a waiting invite's link again, by the rules of a re-invite: nothing within
// 10 minutes of the last mail, nothing to an address that declined in the last 30 days, the invite
// mails' hourly limits, and the role rule. Each mail carries a new key, which ends the one before; an
// expired invite gets a new link (the old one stays dead), with its 14 days from now.
import { API, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { inviteQuota, quotaPaths, takeQuota } from '../../abuse/limits';
import { ApiError } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { loadSurvey } from '../../content';
import {
  createInvite,
  declineHoldsUntil,
  INVITE_RESEND_AFTER_MS,
  INVITE_STATUS,
  inviterNameOf,
  isExpired,
  markInviteReplaced,
  newInviteKey,
  rekeyInvite,
} from '../../repositories/invites';
import { queueMail } from '../../repositories/mail';
import { paths } from '../../repositories/paths';
import { createInvitedResult } from '../../repositories/results';
import { readOrganisationProfile } from '../../repositories/tenants';
import { readTenantUser, tenantUsersOf } from '../../repositories/users';
import { refuseRoleChange } from '../access';
import { countJoinedOwners } from '../admin/change-role';
import { inviteLink, inviteMailFor } from './invite-mail';
import { waitingInviteTo } from './waiting';

export const resendInvite = defineHandler(API.resendInvite, {
  checkRevoked: true,
  async run({ email }, { caller, deps, now }): Promise<ApiResponses[typeof API.resendInvite]> {
    const { tenantId } = caller;
    // Read first for the mail's words; the transaction reads it again before writing.
    const known = await waitingInviteTo(deps.store, tenantId, email);
    const [organisation, inviter, survey] = await Promise.all([
      readOrganisationProfile(deps.store, tenantId),
      readTenantUser(deps.store, tenantId, known.createdBy),
      known.surveyId === null
        ? null
        : loadSurvey(deps, known.surveyId, SERVER_ERRORS.noSurveyToInvite(known.surveyId)),
    ]);
    const quota = inviteQuota({ tenantId, uid: caller.uid }, now);

    return deps.store.transaction(async (tx) => {
      const [invite, stored, counters] = await Promise.all([
        waitingInviteTo(tx, tenantId, email),
        tx.query(paths.tenantUsers(tenantId)),
        tx.getAll(quotaPaths(quota)),
      ]);
      refuseRoleChange({
        operation: 'invite',
        actor: caller,
        target: { uid: null, role: invite.role },
        role: invite.role,
        owners: countJoinedOwners(tenantUsersOf(stored)),
      });
      const declinedUntil = declineHoldsUntil(invite, now);
      if (declinedUntil) {
        throw new ApiError('failed-precondition', SERVER_ERRORS.inviteRecentlyDeclined(email, declinedUntil));
      }
      const expired = isExpired(invite, now);
      if (
        !expired &&
        invite.sentAt !== null &&
        now.getTime() - Date.parse(invite.sentAt) < INVITE_RESEND_AFTER_MS
      ) {
        return { status: 'already-sent' as const, email };
      }
      await takeQuota(tx, quota, counters);

      const { key, keyHash } = newInviteKey();
      let inviteId = invite.id;
      if (expired) {
        inviteId = deps.store.newId();
        let asked: Record<string, string> = { kind: 'team' };
        if (invite.kind === 'survey' && invite.surveyId !== null) {
          const resultId = deps.store.newId();
          createInvitedResult(tx, { tenantId: invite.surveyTenantId, surveyId: invite.surveyId, resultId });
          const { surveyTenantId, surveyId } = invite;
          asked = { surveyTenantId, surveyId, surveyResultId: resultId };
        }
        markInviteReplaced(tx, invite.id);
        createInvite(tx, inviteId, {
          ...asked,
          email: invite.email,
          tenantId,
          role: invite.role,
          keyHash,
          createdBy: invite.createdBy,
        });
      } else {
        rekeyInvite(tx, inviteId, keyHash, { status: INVITE_STATUS.pending });
      }
      queueMail(
        tx,
        deps.store.newId(),
        inviteMailFor(inviteLink(deps, inviteId, key), {
          email,
          kind: invite.kind,
          role: invite.role,
          surveyTitle: survey?.title ?? null,
          organisationName: organisation.name,
          inviterName: inviterNameOf(inviter),
        }),
      );
      return { status: 'sent' as const, email };
    });
  },
});
