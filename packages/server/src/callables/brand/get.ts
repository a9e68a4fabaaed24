// brand-get: the organisation's brand and whether its plan applies it. A downgrade keeps the brand
// (shown read-only on Manage) but the dashboard and reports stop using it.
import { API, type ApiResponses } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { tenantPlan } from '../../billing/tenant-plan';
import { readBrand } from '../../repositories/brand';

export const getBrand = defineHandler(API.getBrand, {
  async run(_input, { caller, deps }): Promise<ApiResponses[typeof API.getBrand]> {
    const [brand, { entitlements }] = await Promise.all([
      readBrand(deps.store, caller.tenantId),
      tenantPlan(deps, caller.tenantId),
    ]);
    return { brand, applied: entitlements.includes('brandkit') };
  },
});
