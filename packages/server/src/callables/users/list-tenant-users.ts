// users-listTenantUsers: the team on the users page (SPEC §2 "users": admin), only the caller's tenant.
import { API, type ApiResponses } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { defineHandler } from '../../api/handler';
import { listTenantUsers as listUsers } from '../../repositories/users';
import { requireManageUsers } from '../access';

export const listTenantUsers = defineHandler({
  name: API.listTenantUsers,
  access: 'member',
  input: REQUESTS[API.listTenantUsers],
  async run(_input, { caller, deps }): Promise<ApiResponses[typeof API.listTenantUsers]> {
    requireManageUsers(caller);
    return { users: await listUsers(deps.store, caller.tenantId) };
  },
});
