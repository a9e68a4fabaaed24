// billing-listPrices: the paid plans' prices as the billing provider holds them, for every member
// (the plan cards show them); nothing in the app types a price.
import { API, type ApiResponses } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';

export const listPlanPrices = defineHandler(API.listPlanPrices, {
  async run(_input, { deps }): Promise<ApiResponses[typeof API.listPlanPrices]> {
    return { prices: [...(await deps.billing.listPrices())] };
  },
});
