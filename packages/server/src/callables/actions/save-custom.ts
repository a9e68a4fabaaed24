// actions-saveCustom: writes a new action of the organisation's own, or changes one, for a role
// that may change the plan, while the plan includes custom-opportunities. The answer is every
// custom action, as the Actions screen lists them.
import { API, CUSTOM_ACTIONS_MAX, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { ApiError, notFound } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { requireFeature } from '../../billing/entitlements';
import {
  createCustomAction,
  customActionExists,
  listCustomActions,
  updateCustomAction,
} from '../../repositories/custom-actions';

export const saveCustomAction = defineHandler(API.saveCustomAction, {
  async run({ actionId, ...action }, { caller, deps }): Promise<ApiResponses[typeof API.saveCustomAction]> {
    await requireFeature(deps, caller.tenantId, 'custom-opportunities');
    if (actionId === null) {
      const existing = await listCustomActions(deps.store, caller.tenantId);
      if (existing.length >= CUSTOM_ACTIONS_MAX) {
        throw new ApiError('resource-exhausted', SERVER_ERRORS.customActionsFull(CUSTOM_ACTIONS_MAX));
      }
      await createCustomAction(deps.store, caller.tenantId, action, caller.uid);
    } else {
      await deps.store.transaction(async (tx) => {
        if (!(await customActionExists(tx, caller.tenantId, actionId))) {
          throw notFound(SERVER_ERRORS.customActionNotFound);
        }
        updateCustomAction(tx, caller.tenantId, actionId, action, caller.uid);
      });
    }
    return { customActions: await listCustomActions(deps.store, caller.tenantId) };
  },
});
