// actions-deleteCustom: deletes an action of the organisation's own, on the same terms as writing
// one. Plans that held it stop listing it (actions-list shows only actions that exist).
import { API, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { notFound } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { requireFeature } from '../../billing/entitlements';
import { listCustomActions } from '../../repositories/custom-actions';
import { paths } from '../../repositories/paths';

export const deleteCustomAction = defineHandler(API.deleteCustomAction, {
  async run({ actionId }, { caller, deps }): Promise<ApiResponses[typeof API.deleteCustomAction]> {
    await requireFeature(deps, caller.tenantId, 'custom-opportunities');
    const path = paths.customAction(caller.tenantId, actionId);
    await deps.store.transaction(async (tx) => {
      if (!(await tx.get(path)).data) throw notFound(SERVER_ERRORS.customActionNotFound);
      tx.delete(path);
    });
    return { customActions: await listCustomActions(deps.store, caller.tenantId) };
  },
});
