// users-findByEmail: members of the caller's tenant with this address.
import { API, type ApiResponses } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { findTenantUsersByEmail } from '../../repositories/users';

export const findUsersByEmail = defineHandler(API.findUsersByEmail, {
  async run({ email }, { caller, deps }): Promise<ApiResponses[typeof API.findUsersByEmail]> {
    const users = await findTenantUsersByEmail(deps.store, caller.tenantId, email);
    return {
      users: users.map(({ uid, email, firstName, lastName }) => ({ uid, email, firstName, lastName })),
    };
  },
});
