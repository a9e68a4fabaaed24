// actions-saveCustom: writes a new action of the organisation's own, or changes one, for a role
// that may change the plan, while the plan includes custom-opportunities. The answer is every
// custom action, as the Actions screen lists them.
import {
  API,
  CUSTOM_ACTION_PREFIX,
  CUSTOM_ACTIONS_MAX,
  SERVER_ERRORS,
  type ApiResponses,
} from '@toolkit/domain';
import { ApiError, notFound } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { requireFeature } from '../../billing/entitlements';
import { listCustomActions } from '../../repositories/custom-actions';
import { paths } from '../../repositories/paths';
import { FieldValue } from '../../store/port';

export const saveCustomAction = defineHandler(API.saveCustomAction, {
  async run({ actionId, ...action }, { caller, deps }): Promise<ApiResponses[typeof API.saveCustomAction]> {
    await requireFeature(deps, caller.tenantId, 'custom-opportunities');
    if (actionId === null) {
      const existing = await listCustomActions(deps.store, caller.tenantId);
      if (existing.length >= CUSTOM_ACTIONS_MAX) {
        throw new ApiError('resource-exhausted', SERVER_ERRORS.customActionsFull(CUSTOM_ACTIONS_MAX));
      }
      await deps.store.create(
        paths.customAction(caller.tenantId, `${CUSTOM_ACTION_PREFIX}${deps.store.newId()}`),
        {
          ...action,
          createdBy: caller.uid,
          createdAt: FieldValue.serverTimestamp(),
        },
      );
    } else {
      const path = paths.customAction(caller.tenantId, actionId);
      await deps.store.transaction(async (tx) => {
        if (!(await tx.get(path)).data) throw notFound(SERVER_ERRORS.customActionNotFound);
        tx.update(path, { ...action, updatedBy: caller.uid, updatedAt: FieldValue.serverTimestamp() });
      });
    }
    return { customActions: await listCustomActions(deps.store, caller.tenantId) };
  },
});
