// brand-get: the organisation's brand and whether its plan applies it. A downgrade keeps the brand
// (shown read-only on Manage) but the dashboard and reports stop using it.
import { API, type ApiResponses } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { defineHandler } from '../../api/handler';
import { tenantPlan } from '../../billing/tenant-plan';
import { paths } from '../../repositories/paths';
import { brandOf } from './brand';

export const getBrand = defineHandler({
  name: API.getBrand,
  access: 'member',
  input: REQUESTS[API.getBrand],
  async run(_input, { caller, deps }): Promise<ApiResponses[typeof API.getBrand]> {
    const [stored, { entitlements }] = await Promise.all([
      deps.store.get(paths.brand(caller.tenantId)),
      tenantPlan(deps, caller.tenantId),
    ]);
    return { brand: brandOf(stored.data), applied: entitlements.includes('brandkit') };
  },
});
