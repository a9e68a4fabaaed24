// materiality-get: the organisation's double-materiality ratings for any member who reads
// insights, and whether the plan lets them be changed. After a downgrade they stay readable.
import { API, type ApiResponses } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { hasFeature } from '../../billing/entitlements';
import { readMateriality } from '../../repositories/materiality';

export const getMateriality = defineHandler(API.getMateriality, {
  async run(_input, { caller, deps }): Promise<ApiResponses[typeof API.getMateriality]> {
    const [stored, included] = await Promise.all([
      readMateriality(deps.store, caller.tenantId),
      hasFeature(deps, caller.tenantId, 'materiality-assessment'),
    ]);
    return { ...stored, included };
  },
});
