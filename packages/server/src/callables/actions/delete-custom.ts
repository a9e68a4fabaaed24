// actions-deleteCustom: deletes an action of the organisation's own, on the same terms as writing
// one. Plans that held it stop listing it (actions-list shows only actions that exist).
import { API, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { notFound } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { requireFeature } from '../../billing/entitlements';
import {
  customActionExists,
  deleteCustomAction as deleteStoredAction,
  listCustomActions,
} from '../../repositories/custom-actions';

export const deleteCustomAction = defineHandler(API.deleteCustomAction, {
  async run({ actionId }, { caller, deps }): Promise<ApiResponses[typeof API.deleteCustomAction]> {
    await requireFeature(deps, caller.tenantId, 'custom-opportunities');
    await deps.store.transaction(async (tx) => {
      if (!(await customActionExists(tx, caller.tenantId, actionId))) {
        throw notFound(SERVER_ERRORS.customActionNotFound);
      }
      deleteStoredAction(tx, caller.tenantId, actionId);
    });
    return { customActions: await listCustomActions(deps.store, caller.tenantId) };
  },
});
