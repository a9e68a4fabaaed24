// account-updateNames: first and last name into the tenant user and the global user.
import { API, type ApiResponses } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { saveNames } from '../../repositories/users';

export const updateNames = defineHandler(API.updateNames, {
  async run({ firstName, lastName }, { caller, deps }): Promise<ApiResponses[typeof API.updateNames]> {
    if (firstName === undefined || lastName === undefined) return { status: 'skipped' };
    await deps.store.transaction(async (tx) => {
      saveNames(tx, caller.tenantId, caller.uid, { firstName, lastName });
    });
    return { status: 'ok' };
  },
});
