// users-listTenantUsers: the team on the users page, only the caller's tenant, with the invites its
// addressees have not accepted yet (they are not members until they do).
import { API, type ApiResponses, type PendingInvite } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { defineHandler } from '../../api/handler';
import { INVITE_STATUS, inviteOf, isExpired, type InviteRecord } from '../../repositories/invites';
import { paths } from '../../repositories/paths';
import { listTenantUsers as listUsers } from '../../repositories/users';

export const listTenantUsers = defineHandler({
  name: API.listTenantUsers,
  access: 'member:manageUsers',
  input: REQUESTS[API.listTenantUsers],
  async run(_input, { caller, deps, now }): Promise<ApiResponses[typeof API.listTenantUsers]> {
    const [users, sent] = await Promise.all([
      listUsers(deps.store, caller.tenantId),
      deps.store.query(paths.invites(), { where: [['tenantId', '==', caller.tenantId]] }),
    ]);
    const waiting = (invite: InviteRecord | null): invite is InviteRecord =>
      invite !== null &&
      invite.redeemedBy === null &&
      !isExpired(invite, now) &&
      (invite.status === INVITE_STATUS.pending || invite.status === INVITE_STATUS.declined);
    const invites: PendingInvite[] = sent
      .map(inviteOf)
      .filter(waiting)
      .map((invite) => ({
        email: invite.email,
        role: invite.role,
        sentAt: invite.sentAt,
        status: invite.status === INVITE_STATUS.declined ? 'declined' : 'pending',
      }));
    return { users, invites };
  },
});
