// account-getProfile: the caller's tenant user record and tenant.
import { API, type ApiResponses } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { readTenant } from '../../repositories/tenants';
import { readProfile } from '../../repositories/users';

export const getProfile = defineHandler(API.getProfile, {
  async run(_input, { caller, deps }): Promise<ApiResponses[typeof API.getProfile]> {
    const [profile, tenant] = await Promise.all([
      readProfile(deps.store, caller.tenantId, caller.uid),
      readTenant(deps.store, caller.tenantId),
    ]);
    return {
      status: 'ok',
      profile,
      tenant: tenant && {
        id: tenant.id,
        createdBy: tenant.createdBy,
        getStarted: tenant.getStarted,
        toolkit: tenant.toolkit,
      },
    };
  },
});
