// invites-withdraw: the organisation takes back an invite not accepted yet. Its link then says it was
// withdrawn; who could not have sent it (the role rule) cannot take it back either.
import { API, type ApiResponses } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { withdrawInvite as withdrawStored } from '../../repositories/invites';
import { paths } from '../../repositories/paths';
import { tenantUsersOf } from '../../repositories/users';
import { refuseRoleChange } from '../access';
import { countJoinedOwners } from '../admin/change-role';
import { waitingInviteTo } from './waiting';

export const withdrawInvite = defineHandler(API.withdrawInvite, {
  checkRevoked: true,
  async run({ email }, { caller, deps }): Promise<ApiResponses[typeof API.withdrawInvite]> {
    return deps.store.transaction(async (tx) => {
      const [invite, stored] = await Promise.all([
        waitingInviteTo(tx, caller.tenantId, email),
        tx.query(paths.tenantUsers(caller.tenantId)),
      ]);
      refuseRoleChange({
        operation: 'invite',
        actor: caller,
        target: { uid: null, role: invite.role },
        role: invite.role,
        owners: countJoinedOwners(tenantUsersOf(stored)),
      });
      withdrawStored(tx, invite.id, caller.uid);
      return { status: 'withdrawn' as const, email };
    });
  },
});
