// users-listTenantUsers: the team on the users page, only the caller's tenant, with the invites its
// addressees have not accepted yet (they are not members until they do): whether each was opened,
// has expired or was declined, who sent it and when.
import { API, type ApiResponses, type PendingInvite } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import {
  INVITE_STATUS,
  inviteOf,
  inviterNameOf,
  isExpired,
  type InviteRecord,
} from '../../repositories/invites';
import { paths } from '../../repositories/paths';
import { listTenantUsers as listUsers } from '../../repositories/users';

function statusOf(invite: InviteRecord, now: Date): PendingInvite['status'] {
  if (invite.status === INVITE_STATUS.declined) return 'declined';
  if (isExpired(invite, now)) return 'expired';
  return invite.openedAt === null ? 'pending' : 'opened';
}

export const listTenantUsers = defineHandler(API.listTenantUsers, {
  async run(_input, { caller, deps, now }): Promise<ApiResponses[typeof API.listTenantUsers]> {
    const [users, sent] = await Promise.all([
      listUsers(deps.store, caller.tenantId),
      deps.store.query(paths.invites(), { where: [['tenantId', '==', caller.tenantId]] }),
    ]);
    // Expired ones stay listed, so the inviter can send them again or withdraw them.
    const waiting = (invite: InviteRecord | null): invite is InviteRecord =>
      invite !== null &&
      invite.redeemedBy === null &&
      (invite.status === INVITE_STATUS.pending || invite.status === INVITE_STATUS.declined);
    const senders = new Map(users.map((user) => [user.uid, user]));
    const invites: PendingInvite[] = sent
      .map(inviteOf)
      .filter(waiting)
      .map((invite) => ({
        email: invite.email,
        role: invite.role,
        sentAt: invite.sentAt,
        status: statusOf(invite, now),
        kind: invite.kind,
        surveyId: invite.surveyId,
        sentBy: inviterNameOf(senders.get(invite.createdBy) ?? null),
      }));
    return { users, invites };
  },
});
