// manage-saveAlerts: replaces who receives which notification; each address validated by the
// request schema, duplicates kept once.
import { ALERT_KINDS, API, type AlertRecipients, type ApiResponses } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { defineHandler } from '../../api/handler';
import { mergeRecipients } from '../../repositories/alerts';
import { paths } from '../../repositories/paths';
import { FieldValue } from '../../store/port';
import { requireAlertsEditor } from './alerts';

export const saveAlerts = defineHandler({
  name: API.saveAlerts,
  access: 'member',
  input: REQUESTS[API.saveAlerts],
  async run(input, { caller, deps }): Promise<ApiResponses[typeof API.saveAlerts]> {
    requireAlertsEditor(caller);
    const alerts = Object.fromEntries(
      ALERT_KINDS.map((kind) => [kind, mergeRecipients(input[kind])]),
    ) as AlertRecipients;
    await deps.store.set(paths.alerts(caller.tenantId), {
      ...alerts,
      updatedAt: FieldValue.serverTimestamp(),
      updatedBy: caller.uid,
    });
    return { alerts };
  },
});
