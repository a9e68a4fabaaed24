// Who may change an organisation's alerts: those who run its settings or act on its insights.
import { SERVER_ERRORS } from '@toolkit/domain';
import { permissionDenied } from '../../api/errors';
import type { Member } from '../../api/handler';

export function requireAlertsEditor(caller: Member): void {
  if (!caller.permissions.manageSettings && !caller.permissions.editInsights) {
    throw permissionDenied(SERVER_ERRORS.manageAlertsRequired);
  }
}
