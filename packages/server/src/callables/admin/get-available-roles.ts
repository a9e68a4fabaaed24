// admin-getAvailableRoles (SPEC §7): the roles the caller may grant, from their stored role.
import { API, grantableRoles } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { defineHandler } from '../../api/handler';

export const getAvailableRoles = defineHandler({
  name: API.getAvailableRoles,
  access: 'member',
  input: REQUESTS[API.getAvailableRoles],
  async run(_input, { caller }) {
    return { status: 'success' as const, availableRoles: grantableRoles(caller.role), userRole: caller.role };
  },
});
