// brand-save: an owner or admin (manage settings) sets the colour and logo, on a plan with brandkit.
import { API, type ApiResponses } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { defineHandler } from '../../api/handler';
import { requireFeature } from '../../billing/entitlements';
import { paths } from '../../repositories/paths';
import { FieldValue } from '../../store/port';

export const saveBrand = defineHandler({
  name: API.saveBrand,
  access: 'member:manageSettings',
  input: REQUESTS[API.saveBrand],
  async run({ primaryColor, logo }, { caller, deps }): Promise<ApiResponses[typeof API.saveBrand]> {
    await requireFeature(deps, caller.tenantId, 'brandkit');
    await deps.store.set(paths.brand(caller.tenantId), {
      primaryColor,
      logo,
      updatedAt: FieldValue.serverTimestamp(),
      updatedBy: caller.uid,
    });
    return { brand: { primaryColor, logo }, applied: true };
  },
});
