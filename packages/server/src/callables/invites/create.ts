// invites-create: a member invites a team member by e-mail. The invited person joins the
// organisation with the invite's role (SPEC's invite-team milestone) and gets a link to answer a
// survey for it. The link goes to the invitee's inbox only (journey-verifyAndLoginWithInvite).
import {
  API,
  canGrantRole,
  FREE_MEMBER_LIMIT,
  MILESTONE_OF_ACTION,
  planUnlocking,
  SERVER_ERRORS,
  type ApiResponses,
} from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { ApiError, permissionDenied } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { grantTenantClaims } from '../../auth/port';
import { requireRoleInPlan } from '../../billing/entitlements';
import { tenantPlan } from '../../billing/tenant-plan';
import { loadSurvey } from '../../content';
import { INVITE_STATUS } from '../../repositories/invites';
import { alertsOf } from '../../repositories/alerts';
import { inviteMail, newTeamMemberMail } from '../../repositories/mail';
import { milestoneWrite } from '../../repositories/milestones';
import { paths } from '../../repositories/paths';
import { FieldValue } from '../../store/port';
import { requireManageUsers } from '../access';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A member who joined (not one whose invite is still open) is managed on the users page, not invited. */
const joined = (member: { data: Record<string, unknown> | null }) =>
  member.data !== null && member.data.invitePending !== true;

export const createInvite = defineHandler({
  name: API.createInvite,
  access: 'member',
  input: REQUESTS[API.createInvite],
  async run(
    { email, surveyId, role = 'user' },
    { caller, deps },
  ): Promise<ApiResponses[typeof API.createInvite]> {
    requireManageUsers(caller);
    if (!canGrantRole(caller.role, role)) {
      throw permissionDenied(SERVER_ERRORS.inviteRoleAboveOwn(role, caller.role));
    }
    const { tenantId } = caller;
    const { entitlements } = await tenantPlan(deps, tenantId);
    requireRoleInPlan(role, entitlements);
    const survey = await loadSurvey(deps, surveyId, SERVER_ERRORS.noSurveyToInvite(surveyId));
    const existing = await deps.auth.getUserByEmail(email);
    const existingTenant = existing?.customClaims.tenantId;
    if (typeof existingTenant === 'string' && existingTenant !== tenantId) {
      throw new ApiError('failed-precondition', SERVER_ERRORS.inOtherOrganisation(email));
    }
    const [organisation, inviter] = await Promise.all([
      deps.store.get(paths.organisation(tenantId)),
      deps.store.get(paths.tenantUser(tenantId, caller.uid)),
    ]);
    // An address without an account gets one now, so the team list shows the invitee at once.
    const invited = existing ?? (await deps.auth.createUser(email));

    const inviteId = deps.store.newId();
    const resultId = deps.store.newId();
    const link = `${deps.appUrl.replace(/\/+$/, '')}/journey/${inviteId}?inviteId=${inviteId}`;
    const inviterName = [text(inviter.data?.firstName), text(inviter.data?.lastName)].join(' ').trim();
    await deps.store.transaction(async (tx) => {
      const [member, globalUser, alerts] = await Promise.all([
        tx.get(paths.tenantUser(tenantId, invited.uid)),
        tx.get(paths.globalUser(invited.uid)),
        tx.get(paths.alerts(tenantId)),
      ]);
      if (joined(member)) throw new ApiError('already-exists', SERVER_ERRORS.alreadyMember(email));
      // A new member (not one whose invite is open) counts against the plan's team size.
      if (!member.data && !entitlements.includes('more-than-five-users')) {
        const members = await tx.query(paths.tenantUsers(tenantId));
        if (members.length >= FREE_MEMBER_LIMIT) {
          throw new ApiError(
            'failed-precondition',
            SERVER_ERRORS.memberLimit(FREE_MEMBER_LIMIT, planUnlocking('more-than-five-users').name),
          );
        }
      }
      // An account that an earlier, unredeemed invite of ours created counts as new again.
      const accountExisted =
        existing !== null &&
        (member.data?.invitePending !== true || member.data.accountCreatedByInvite !== true);
      tx.set(paths.tenantUser(tenantId, invited.uid), {
        email,
        firstName: text(member.data?.firstName),
        lastName: text(member.data?.lastName),
        createdAt: member.data?.createdAt ?? FieldValue.serverTimestamp(),
        tenantId,
        group: role,
        organization: { name: text(organisation.data?.name) },
        role,
        invitedBy: caller.uid,
        invitePending: true,
        accountCreatedByInvite: !accountExisted,
      });
      tx.set(
        paths.globalUser(invited.uid),
        {
          email,
          tenants: FieldValue.arrayUnion(tenantId),
          ...(globalUser.data
            ? {}
            : { firstName: '', lastName: '', createdAt: FieldValue.serverTimestamp() }),
        },
        { merge: true },
      );
      // Kept with every other result of the survey, under its publisher: the survey route's tenant.
      tx.create(paths.result(survey.tenantId, surveyId, resultId), {
        startedAt: FieldValue.serverTimestamp(),
        userId: null,
      });
      tx.create(paths.invite(inviteId), {
        status: INVITE_STATUS.pending,
        email,
        tenantId,
        surveyTenantId: survey.tenantId,
        surveyId,
        surveyResultId: resultId,
        role,
        invitedUid: invited.uid,
        accountExisted,
        createdBy: caller.uid,
        createdAt: FieldValue.serverTimestamp(),
      });
      tx.create(
        paths.mailDoc(deps.store.newId()),
        inviteMail({
          email,
          link,
          surveyTitle: survey.title,
          organisationName: text(organisation.data?.name),
          inviterName: inviterName || text(inviter.data?.email),
        }),
      );
      const teamAlert = alertsOf(alerts.data).newTeamMember;
      if (teamAlert.length > 0) {
        tx.create(
          paths.mailDoc(deps.store.newId()),
          newTeamMemberMail({
            to: teamAlert,
            email,
            role,
            organisationName: text(organisation.data?.name),
            inviterName: inviterName || text(inviter.data?.email),
          }),
        );
      }
      const milestone = milestoneWrite(
        tenantId,
        caller.uid,
        MILESTONE_OF_ACTION.inviteTeamMember,
        true,
        caller.uid,
      );
      tx.set(milestone.path, milestone.data, { merge: true });
    });
    await grantTenantClaims(deps.auth, invited.uid, tenantId, role);
    // The link itself stays out of the answer: it signs its holder in, so only the invitee's inbox has it.
    return { status: 'sent', email };
  },
});
