// materiality-save: replaces the organisation's ratings, for a role that may edit insights, while
// the plan includes materiality-assessment.
import { API, type ApiResponses } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { requireFeature } from '../../billing/entitlements';
import { readMateriality } from '../../repositories/materiality';
import { paths } from '../../repositories/paths';
import { FieldValue } from '../../store/port';

export const saveMateriality = defineHandler(API.saveMateriality, {
  async run({ ratings }, { caller, deps }): Promise<ApiResponses[typeof API.saveMateriality]> {
    await requireFeature(deps, caller.tenantId, 'materiality-assessment');
    await deps.store.set(paths.materiality(caller.tenantId), {
      ratings,
      updatedBy: caller.uid,
      updatedAt: FieldValue.serverTimestamp(),
    });
    return { ...(await readMateriality(deps.store, caller.tenantId)), included: true };
  },
});
