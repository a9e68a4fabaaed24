// Survey invites: a member invites a team member by e-mail. The invited person joins the
// organisation with the invite's role (SPEC's invite-team milestone: "invite a team member") and gets
// a link to answer a survey for it. The link goes to the invitee's inbox only, is redeemed once, and
// never signs anyone into an account that existed before the invite: such an account signs in
// through its own e-mail link first and then opens the invite.
import { API, canGrantRole, MESSAGES, type ApiResponses } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { defineHandler } from '../api/handler';
import { ApiError, notFound, permissionDenied } from '../api/errors';
import { grantTenantClaims } from '../auth/port';
import { loadSurvey } from '../content';
import {
  getInvite,
  INVITE_LIFETIME_DAYS,
  INVITE_STATUS,
  isAddressee,
  isExpired,
  type InviteRecord,
} from '../repositories/invites';
import { inviteMail } from '../repositories/mail';
import { milestoneWrite } from '../repositories/milestones';
import { paths } from '../repositories/paths';
import { FieldValue } from '../store/port';
import { requireManageUsers } from './users';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

const INVITE_NOT_VALID = 'This invite link is not valid. Ask the person who invited you to send a new one.';
const INVITE_USED = 'This invite has already been used. Ask the person who invited you to send a new one.';
const INVITE_OPENED =
  'This invite link has already been opened. If that was you, carry on where you opened it; otherwise ask the person who invited you to send a new one.';

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
      throw permissionDenied(
        `You cannot invite someone as ${role}, which is above your own role (${caller.role}).`,
      );
    }
    const survey = await loadSurvey(deps, surveyId, `There is no survey "${surveyId}" to invite someone to.`);
    const { tenantId } = caller;
    const alreadyMember = new ApiError(
      'already-exists',
      `${email} is already a member of your organisation. Change their role in the list instead.`,
    );
    const existing = await deps.auth.getUserByEmail(email);
    // An account that an earlier, unredeemed invite of ours created counts as new again.
    let accountExisted = existing !== null;
    if (existing) {
      const existingTenant = existing.customClaims.tenantId;
      if (typeof existingTenant === 'string' && existingTenant !== tenantId) {
        throw new ApiError(
          'failed-precondition',
          `${email} already belongs to another organisation, so they cannot join yours.`,
        );
      }
      const member = await deps.store.get(paths.tenantUser(tenantId, existing.uid));
      if (joined(member)) throw alreadyMember;
      accountExisted = member.data?.invitePending !== true || member.data.accountCreatedByInvite !== true;
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
      const [member, globalUser] = await Promise.all([
        tx.get(paths.tenantUser(tenantId, invited.uid)),
        tx.get(paths.globalUser(invited.uid)),
      ]);
      if (joined(member)) throw alreadyMember;
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
      const milestone = milestoneWrite(tenantId, caller.uid, 'invite-team', true, caller.uid);
      tx.set(milestone.path, milestone.data, { merge: true });
    });
    await grantTenantClaims(deps.auth, invited.uid, tenantId, role);
    // The link itself stays out of the answer: it signs its holder in, so only the invitee's inbox has it.
    return { status: 'sent', email };
  },
});

/** Refuses an invite that does not exist, was submitted, or expired. */
function assertOpen(invite: InviteRecord | null, now: Date): asserts invite is InviteRecord {
  if (!invite) throw notFound(INVITE_NOT_VALID);
  if (invite.status !== INVITE_STATUS.pending) throw new ApiError('failed-precondition', INVITE_USED);
  if (isExpired(invite, now)) {
    throw new ApiError(
      'failed-precondition',
      `This invite link is more than ${INVITE_LIFETIME_DAYS} days old and has expired. Ask the person who invited you to send a new one.`,
    );
  }
}

export const verifyAndLoginWithInvite = defineHandler({
  name: API.verifyAndLoginWithInvite,
  access: 'public',
  input: REQUESTS[API.verifyAndLoginWithInvite],
  async run({ inviteId }, { caller, deps, now }): Promise<ApiResponses[typeof API.verifyAndLoginWithInvite]> {
    const invite = await getInvite(deps.store, inviteId);
    assertOpen(invite, now);
    const signedInAddressee = caller !== null && isAddressee(invite, caller);
    if (invite.accountExisted && !signedInAddressee) {
      throw new ApiError('failed-precondition', MESSAGES.inviteForExistingAccount);
    }
    const uid = signedInAddressee ? caller.uid : invite.invitedUid;
    if (!uid) throw notFound(INVITE_NOT_VALID);

    // Redeemed once: the first redemption binds the invite to its user; later ones succeed only
    // for that user, signed in already (the same browser coming back).
    await deps.store.transaction(async (tx) => {
      const [current, member] = await Promise.all([
        getInvite(tx, inviteId),
        tx.get(paths.tenantUser(invite.tenantId, uid)),
      ]);
      assertOpen(current, now);
      if (current.redeemedBy !== null) {
        if (!signedInAddressee || current.redeemedBy !== caller.uid)
          throw new ApiError('failed-precondition', INVITE_OPENED);
        return;
      }
      tx.update(paths.invite(inviteId), { redeemedBy: uid, redeemedAt: FieldValue.serverTimestamp() });
      if (member.data)
        tx.update(member.path, {
          invitePending: FieldValue.delete(),
          accountCreatedByInvite: FieldValue.delete(),
        });
    });
    const token = await deps.auth.createCustomToken(uid, { tenantId: invite.tenantId, inviteId });
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
