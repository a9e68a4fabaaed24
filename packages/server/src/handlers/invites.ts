// Survey invites: a member invites a team member by e-mail. The invited person joins the
// organisation as a user (SPEC's invite-team milestone: "invite a team member") and gets a link to
// answer a survey for it; the link signs them in with a custom token scoped to the invite.
import { API, type ApiResponses } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { defineHandler } from '../api/handler';
import { ApiError, notFound } from '../api/errors';
import { loadSurvey } from '../content';
import { getInvite, INVITE_LIFETIME_DAYS, INVITE_STATUS, isExpired } from '../repositories/invites';
import { inviteMail } from '../repositories/mail';
import { milestoneWrite } from '../repositories/milestones';
import { paths } from '../repositories/paths';
import { FieldValue } from '../store/port';
import { requireManageUsers } from './users';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export const createInvite = defineHandler({
  name: API.createInvite,
  access: 'member',
  input: REQUESTS[API.createInvite],
  async run({ email, surveyId }, { caller, deps }): Promise<ApiResponses[typeof API.createInvite]> {
    requireManageUsers(caller);
    const survey = await loadSurvey(deps, surveyId, `There is no survey "${surveyId}" to invite someone to.`);
    const { tenantId } = caller;
    const [organisation, inviter] = await Promise.all([
      deps.store.get(paths.organisation(tenantId)),
      deps.store.get(paths.tenantUser(tenantId, caller.uid)),
    ]);
    // The invited person signs in as this user, by the invite link or by an e-mail link.
    const invited = await deps.auth.ensureUser(email);
    const invitedTenant = invited.customClaims.tenantId;
    if (typeof invitedTenant === 'string' && invitedTenant !== tenantId) {
      throw new ApiError(
        'failed-precondition',
        `${email} already belongs to another organisation, so they cannot join yours.`,
      );
    }

    const inviteId = deps.store.newId();
    const resultId = deps.store.newId();
    const link = `${deps.appUrl.replace(/\/+$/, '')}/journey/${inviteId}?inviteId=${inviteId}`;
    const inviterName = [text(inviter.data?.firstName), text(inviter.data?.lastName)].join(' ').trim();
    await deps.store.transaction(async (tx) => {
      const [member, globalUser] = await Promise.all([
        tx.get(paths.tenantUser(tenantId, invited.uid)),
        tx.get(paths.globalUser(invited.uid)),
      ]);
      if (!member.data) {
        tx.set(paths.tenantUser(tenantId, invited.uid), {
          email,
          firstName: '',
          lastName: '',
          createdAt: FieldValue.serverTimestamp(),
          tenantId,
          group: 'user',
          organization: { name: text(organisation.data?.name) },
          role: 'user',
          invitedBy: caller.uid,
        });
      }
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
      const milestone = milestoneWrite(tenantId, caller.uid, 'invite-team', true, caller.uid);
      tx.set(milestone.path, milestone.data, { merge: true });
    });
    if (invitedTenant !== tenantId) {
      await deps.auth.setCustomUserClaims(invited.uid, { ...invited.customClaims, tenantId, role: 'user' });
    }
    return { inviteId, link };
  },
});

export const verifyAndLoginWithInvite = defineHandler({
  name: API.verifyAndLoginWithInvite,
  access: 'public',
  input: REQUESTS[API.verifyAndLoginWithInvite],
  async run({ inviteId }, { deps, now }) {
    const invite = await getInvite(deps.store, inviteId);
    if (!invite) {
      throw notFound('This invite link is not valid. Ask the person who invited you to send a new one.');
    }
    if (invite.status !== INVITE_STATUS.pending) {
      throw new ApiError(
        'failed-precondition',
        'This invite has already been used. Ask the person who invited you to send a new one.',
      );
    }
    if (isExpired(invite, now)) {
      throw new ApiError(
        'failed-precondition',
        `This invite link is more than ${INVITE_LIFETIME_DAYS} days old and has expired. Ask the person who invited you to send a new one.`,
      );
    }
    const user = await deps.auth.ensureUser(invite.email);
    const token = await deps.auth.createCustomToken(user.uid, { tenantId: invite.tenantId, inviteId });
    return {
      inviteData: {
        surveyResultId: invite.surveyResultId,
        surveyId: invite.surveyId,
        tenantId: invite.surveyTenantId,
      },
      token,
    };
  },
});

export const inviteHandlers = [createInvite, verifyAndLoginWithInvite];
