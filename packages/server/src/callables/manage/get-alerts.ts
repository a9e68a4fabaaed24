// manage-getAlerts: who receives which notification of the member's organisation, and which of
// those addresses still wait for their confirmation.
import { API, type ApiResponses } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { defineHandler } from '../../api/handler';
import { readAlertSettings } from '../../repositories/alerts';

export const getAlerts = defineHandler({
  name: API.getAlerts,
  // Read by those who may change them: the addresses are not for every member.
  access: 'member:manageAlerts',
  input: REQUESTS[API.getAlerts],
  async run(_input, { caller, deps }): Promise<ApiResponses[typeof API.getAlerts]> {
    const { listed, pending } = await readAlertSettings(deps.store, caller.tenantId);
    return { alerts: listed, pending: pending.map((entry) => entry.email) };
  },
});
