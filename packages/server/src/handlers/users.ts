// User lookups for the users page (SPEC §2 "users": admin); only ever within the caller's tenant.
import { API, type ApiResponses } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { defineHandler, type Member } from '../api/handler';
import { permissionDenied } from '../api/errors';
import { findTenantUsersByEmail, listTenantUsers as listUsers } from '../repositories/users';

export function requireManageUsers(caller: Member) {
  if (!caller.permissions.manageUsers) throw permissionDenied('Only owners and admins can manage users.');
}

export const findUsersByEmail = defineHandler({
  name: API.findUsersByEmail,
  access: 'member',
  input: REQUESTS[API.findUsersByEmail],
  async run({ email }, { caller, deps }): Promise<ApiResponses[typeof API.findUsersByEmail]> {
    requireManageUsers(caller);
    const users = await findTenantUsersByEmail(deps.store, caller.tenantId, email);
    return {
      users: users.map(({ uid, email, firstName, lastName }) => ({ uid, email, firstName, lastName })),
    };
  },
});

export const listTenantUsers = defineHandler({
  name: API.listTenantUsers,
  access: 'member',
  input: REQUESTS[API.listTenantUsers],
  async run(_input, { caller, deps }): Promise<ApiResponses[typeof API.listTenantUsers]> {
    requireManageUsers(caller);
    return { users: await listUsers(deps.store, caller.tenantId) };
  },
});

export const userHandlers = [findUsersByEmail, listTenantUsers];
