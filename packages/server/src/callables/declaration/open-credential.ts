// declaration-openCredential: a member opens the organisation's credential from the Declaration
// screen, which is their view-declaration-credential milestone.
import { API, MILESTONE_OF_ACTION, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { notFound } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { readCredential } from '../../repositories/credentials';
import { milestoneWrite } from '../../repositories/milestones';

export const openCredential = defineHandler({
  name: API.openCredential,
  access: 'member',
  input: REQUESTS[API.openCredential],
  async run({ credentialId }, { caller, deps }): Promise<ApiResponses[typeof API.openCredential]> {
    if (!(await readCredential(deps.store, caller.tenantId, credentialId))) {
      throw notFound(SERVER_ERRORS.credentialNotFound);
    }
    const { tenantId, uid } = caller;
    const milestone = milestoneWrite(tenantId, uid, MILESTONE_OF_ACTION.openDeclarationCredential, true, uid);
    await deps.store.set(milestone.path, milestone.data, { merge: true });
    return { status: 'ok' };
  },
});
