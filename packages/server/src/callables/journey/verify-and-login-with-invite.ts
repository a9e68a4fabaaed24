// journey-verifyAndLoginWithInvite (SPEC §7): the invite link signs its invitee in with a custom
// token scoped to the invite. It is redeemed once, by its addressee, and never signs anyone into an
// account that existed before the invite: such an account signs in with its own e-mail link first.
import { API, MESSAGES, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { ApiError, notFound } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import {
  getInvite,
  INVITE_LIFETIME_DAYS,
  INVITE_STATUS,
  isAddressee,
  isExpired,
  type InviteRecord,
} from '../../repositories/invites';
import { paths } from '../../repositories/paths';
import { FieldValue } from '../../store/port';

/** Refuses an invite that does not exist, was submitted, or expired. */
function assertOpen(invite: InviteRecord | null, now: Date): asserts invite is InviteRecord {
  if (!invite) throw notFound(SERVER_ERRORS.inviteNotValid);
  if (invite.status !== INVITE_STATUS.pending)
    throw new ApiError('failed-precondition', SERVER_ERRORS.inviteUsed);
  if (isExpired(invite, now)) {
    throw new ApiError('failed-precondition', SERVER_ERRORS.inviteExpired(INVITE_LIFETIME_DAYS));
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
    if (!uid) throw notFound(SERVER_ERRORS.inviteNotValid);

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
          throw new ApiError('failed-precondition', SERVER_ERRORS.inviteOpened);
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
