// invites-create: a member invites someone by e-mail to join the organisation's team (with a role),
// or, naming a survey, to answer it for the organisation (joining it too). Nothing is granted here:
// no account, no claims, no membership. The invitee joins only by accepting through the link, whose
// key reaches their inbox only (journey-verifyAndLoginWithInvite), and the answer never says whether
// the address has an account or belongs to another organisation. A new invite is recorded in the
// audit trail (the address and role asked; never the link). An address that declined is left alone
// for a while, and no address gets a second mail within minutes, whichever kind of invite it is.
import {
  API,
  FREE_MEMBER_LIMIT,
  MILESTONE_OF_ACTION,
  planUnlocking,
  SERVER_ERRORS,
  type ApiResponses,
} from '@toolkit/domain';
import { inviteQuota, quotaPaths, takeQuota } from '../../abuse/limits';
import { ApiError } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { requireRoleInPlan } from '../../billing/entitlements';
import { tenantPlan } from '../../billing/tenant-plan';
import { loadSurvey } from '../../content';
import { mailableAlerts, readAlertSettings } from '../../repositories/alerts';
import { recordAudit } from '../../repositories/audit';
import {
  createInvite as createStoredInvite,
  declineHoldsUntil,
  inviteOf,
  inviterNameOf,
  INVITE_RESEND_AFTER_MS,
  markInviteReplaced,
  newInviteKey,
  INVITE_STATUS,
  isExpired,
  rekeyInvite,
  setInviteRole,
  type InviteRecord,
} from '../../repositories/invites';
import { newTeamMemberMail, queueMail } from '../../repositories/mail';
import { recordMilestone } from '../../repositories/milestones';
import { paths } from '../../repositories/paths';
import { createInvitedResult } from '../../repositories/results';
import { readOrganisationProfile } from '../../repositories/tenants';
import { readTenantUser, tenantUsersOf } from '../../repositories/users';
import { refuseRoleChange } from '../access';
import { countJoinedOwners } from '../admin/change-role';
import { inviteLink, inviteMailFor } from './invite-mail';

export const createInvite = defineHandler(API.createInvite, {
  checkRevoked: true,
  async run(
    { email, surveyId, role = 'user' },
    { caller, deps, now },
  ): Promise<ApiResponses[typeof API.createInvite]> {
    const { tenantId } = caller;
    const { entitlements } = await tenantPlan(deps, tenantId);
    requireRoleInPlan(role, entitlements);
    const kind = surveyId === undefined ? ('team' as const) : ('survey' as const);
    const survey =
      surveyId === undefined
        ? null
        : await loadSurvey(deps, surveyId, SERVER_ERRORS.noSurveyToInvite(surveyId));
    const [organisation, inviter] = await Promise.all([
      readOrganisationProfile(deps.store, tenantId),
      readTenantUser(deps.store, tenantId, caller.uid),
    ]);
    const organisationName = organisation.name;
    const inviterName = inviterNameOf(inviter);
    const quota = inviteQuota({ tenantId, uid: caller.uid }, now);

    return deps.store.transaction(async (tx) => {
      const [stored, invites, toAddress, alerts, counters] = await Promise.all([
        tx.query(paths.tenantUsers(tenantId)),
        tx.query(paths.invites(), {
          where: [
            ['tenantId', '==', tenantId],
            ['status', '==', INVITE_STATUS.pending],
          ],
        }),
        tx.query(paths.invites(), {
          where: [
            ['tenantId', '==', tenantId],
            ['email', '==', email],
          ],
        }),
        readAlertSettings(tx, tenantId),
        tx.getAll(quotaPaths(quota)),
      ]);
      const members = tenantUsersOf(stored);
      if (members.some((member) => member.email.toLowerCase() === email)) {
        throw new ApiError('already-exists', SERVER_ERRORS.alreadyMember(email));
      }
      const declinedUntil = toAddress
        .map(inviteOf)
        .map((invite) => invite && declineHoldsUntil(invite, now))
        .find(Boolean);
      if (declinedUntil) {
        throw new ApiError('failed-precondition', SERVER_ERRORS.inviteRecentlyDeclined(email, declinedUntil));
      }
      const open = invites
        .map(inviteOf)
        .filter((invite): invite is InviteRecord => invite !== null && !isExpired(invite, now));
      const earlier = open.find((invite) => invite.email === email) ?? null;
      // The same ask again (the same kind, the same survey) re-sends; another ask replaces it.
      const sameAsk = earlier !== null && earlier.kind === kind && earlier.surveyId === (surveyId ?? null);

      refuseRoleChange({
        operation: 'invite',
        actor: caller,
        target: { uid: null, role: earlier?.role ?? null },
        role,
        owners: countJoinedOwners(members),
      });
      // A new member counts against the plan's team size from the invite on, so that accepting can't fail.
      if (!earlier && !entitlements.includes('more-than-five-users')) {
        if (members.length + open.length >= FREE_MEMBER_LIMIT) {
          throw new ApiError(
            'failed-precondition',
            SERVER_ERRORS.memberLimit(FREE_MEMBER_LIMIT, planUnlocking('more-than-five-users').name),
          );
        }
      }

      // Asking again within minutes of the last mail changes the role, and sends nothing; another ask
      // (the other kind, another survey) waits as long, so an address is not mailed twice in minutes.
      if (
        earlier !== null &&
        earlier.sentAt !== null &&
        now.getTime() - Date.parse(earlier.sentAt) < INVITE_RESEND_AFTER_MS
      ) {
        if (!sameAsk) {
          throw new ApiError(
            'failed-precondition',
            SERVER_ERRORS.inviteMailedRecently(email, INVITE_RESEND_AFTER_MS / 60_000),
          );
        }
        if (earlier.role !== role) setInviteRole(tx, earlier.id, role);
        return { status: 'already-sent' as const, email };
      }
      await takeQuota(tx, quota, counters);

      // Every mail carries a new key; the one before it opens nothing from now on.
      const { key, keyHash } = newInviteKey();
      let inviteId: string;
      if (sameAsk) {
        inviteId = earlier.id;
        rekeyInvite(tx, inviteId, keyHash, { role });
      } else {
        if (earlier) markInviteReplaced(tx, earlier.id);
        inviteId = deps.store.newId();
        let answering = {};
        if (survey && surveyId) {
          const resultId = deps.store.newId();
          // Kept with every other result of the survey, under its publisher: the survey route's tenant.
          createInvitedResult(tx, { tenantId: survey.tenantId, surveyId, resultId });
          answering = { surveyTenantId: survey.tenantId, surveyId, surveyResultId: resultId };
        }
        // An invite without a kind is a survey invite (stored before kinds), so only a team's says so.
        createStoredInvite(tx, inviteId, {
          ...(kind === 'team' ? { kind } : {}),
          email,
          tenantId,
          ...answering,
          role,
          keyHash,
          createdBy: caller.uid,
        });
        recordAudit(tx, tenantId, {
          actorUid: caller.uid,
          kind: 'member.invited',
          subject: { type: 'invite', id: inviteId },
          before: earlier ? { email, role: earlier.role } : null,
          after: { email, role, ...(surveyId ? { surveyId } : {}) },
        });
      }
      queueMail(
        tx,
        deps.store.newId(),
        inviteMailFor(inviteLink(deps, inviteId, key), {
          email,
          kind,
          role,
          surveyTitle: survey?.title ?? null,
          organisationName,
          inviterName,
        }),
      );
      const teamAlert = mailableAlerts(alerts).newTeamMember;
      if (!earlier && teamAlert.length > 0) {
        queueMail(
          tx,
          deps.store.newId(),
          newTeamMemberMail({ to: teamAlert, email, role, organisationName, inviterName }),
        );
      }
      recordMilestone(tx, tenantId, MILESTONE_OF_ACTION.inviteTeamMember, caller.uid);
      // The link itself stays out of the answer: it signs its holder in, so only the invitee's inbox has it.
      return { status: 'sent' as const, email };
    });
  },
});
