// manage-getAlerts: who receives which notification of the member's organisation, and which of
// those addresses still wait for their confirmation.
import { API, type ApiResponses } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { readAlertSettings } from '../../repositories/alerts';

export const getAlerts = defineHandler(API.getAlerts, {
  async run(_input, { caller, deps }): Promise<ApiResponses[typeof API.getAlerts]> {
    const { listed, pending } = await readAlertSettings(deps.store, caller.tenantId);
    return { alerts: listed, pending: pending.map((entry) => entry.email) };
  },
});
