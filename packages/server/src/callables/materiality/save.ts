// materiality-save: replaces the organisation's ratings, for a role that may edit insights, while
// the plan includes materiality-assessment.
import { API, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { defineHandler } from '../../api/handler';
import { requireFeature } from '../../billing/entitlements';
import { paths } from '../../repositories/paths';
import { FieldValue } from '../../store/port';
import { requireEditInsights } from '../access';
import { ratingsOf, updatedAtOf } from './materiality';

export const saveMateriality = defineHandler({
  name: API.saveMateriality,
  access: 'member',
  input: REQUESTS[API.saveMateriality],
  async run({ ratings }, { caller, deps }): Promise<ApiResponses[typeof API.saveMateriality]> {
    requireEditInsights(caller, SERVER_ERRORS.editMaterialityRequired);
    await requireFeature(deps, caller.tenantId, 'materiality-assessment');
    const path = paths.materiality(caller.tenantId);
    await deps.store.set(path, { ratings, updatedBy: caller.uid, updatedAt: FieldValue.serverTimestamp() });
    const { data } = await deps.store.get(path);
    return { ratings: ratingsOf(data), updatedAt: updatedAtOf(data), included: true };
  },
});
