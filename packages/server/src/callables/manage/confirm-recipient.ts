// manage-confirmRecipient (public): an address listed for an organisation's notifications, outside
// the organisation, confirms by the link mailed to it that it wants them. Only the link's holder
// can: the token is 32 random bytes, stored as its hash. Opening the link again says the same.
import { ALERT_CONFIRMATION_DAYS, ALERT_KINDS, API, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { ApiError, notFound } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import {
  alertConfirmationOf,
  alertSettingsOf,
  alertTokenHash,
  confirmAlertRecipient as confirmStored,
} from '../../repositories/alerts';
import { paths } from '../../repositories/paths';
import { organisationProfileOf } from '../../repositories/tenants';

export const confirmAlertRecipient = defineHandler(API.confirmAlertRecipient, {
  async run({ token }, { deps, now }): Promise<ApiResponses[typeof API.confirmAlertRecipient]> {
    const tokenHash = alertTokenHash(token);
    return deps.store.transaction(async (tx) => {
      const link = alertConfirmationOf((await tx.get(paths.alertConfirmation(tokenHash))).data);
      if (!link) throw notFound(SERVER_ERRORS.alertLinkNotValid);
      const { tenantId, email } = link;
      const [alerts, organisation] = await tx.getAll([paths.alerts(tenantId), paths.organisation(tenantId)]);
      const settings = alertSettingsOf(alerts?.data ?? null);
      const kinds = ALERT_KINDS.filter((kind) => settings.listed[kind].includes(email));
      const answer = {
        email,
        organisationName: organisationProfileOf(organisation?.data ?? null).name,
        kinds,
      };
      if (kinds.length === 0) throw new ApiError('failed-precondition', SERVER_ERRORS.alertRecipientRemoved);
      if (settings.confirmed.includes(email)) return answer;
      if (!settings.pending.some((entry) => entry.tokenHash === tokenHash)) {
        throw notFound(SERVER_ERRORS.alertLinkNotValid);
      }
      const sentAt = Date.parse(link.sentAt);
      if (!(now.getTime() - sentAt < ALERT_CONFIRMATION_DAYS * 24 * 60 * 60 * 1000)) {
        throw new ApiError('failed-precondition', SERVER_ERRORS.alertLinkExpired(ALERT_CONFIRMATION_DAYS));
      }
      confirmStored(tx, tenantId, settings, { email, tokenHash, confirmedAt: now.toISOString() });
      return answer;
    });
  },
});
