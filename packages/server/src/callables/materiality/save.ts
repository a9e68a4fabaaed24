// materiality-save: replaces the organisation's ratings, for a role that may edit insights, while
// the plan includes materiality-assessment.
import { API, type ApiResponses } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { requireFeature } from '../../billing/entitlements';
import { readMateriality, saveMateriality as saveRatings } from '../../repositories/materiality';

export const saveMateriality = defineHandler(API.saveMateriality, {
  async run({ ratings }, { caller, deps }): Promise<ApiResponses[typeof API.saveMateriality]> {
    await requireFeature(deps, caller.tenantId, 'materiality-assessment');
    await saveRatings(deps.store, caller.tenantId, ratings, caller.uid);
    return { ...(await readMateriality(deps.store, caller.tenantId)), included: true };
  },
});
