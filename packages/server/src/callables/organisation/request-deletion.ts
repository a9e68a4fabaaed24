// organisation-requestDeletion: mails the owner a fresh link that confirms deleting the organisation
// (docs/behaviour.md, Deleting an organisation). As for an account, only the newest link works: its
// token's hash is kept on the tenant record, so a new request replaces the one before.
import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_DELETION_LINK_HOURS,
  API,
  ORGANISATION_DELETION_FRAGMENT,
  ORGANISATION_PURGE_DAYS,
  SERVER_ERRORS,
  paths as appPaths,
  type ApiResponses,
} from '@toolkit/domain';
import { permissionDenied } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { queueMail } from '../../repositories/mail';
import { readOrganisationProfile, recordOrganisationDeletionRequest } from '../../repositories/tenants';
import { verifiedEmailOf } from '../access';
import { deletionTokenHash } from '../account/request-deletion';
import { organisationDeletionMail } from './deletion-mail';

export const requestOrganisationDeletion = defineHandler(API.requestOrganisationDeletion, {
  checkRevoked: true,
  async run(_input, { caller, deps, now }): Promise<ApiResponses[typeof API.requestOrganisationDeletion]> {
    if (caller.role !== 'owner') throw permissionDenied(SERVER_ERRORS.organisationDeletionByOwnerOnly);
    const email = verifiedEmailOf(caller);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + ACCOUNT_DELETION_LINK_HOURS * 60 * 60 * 1000).toISOString();
    const link = `${deps.appUrl.replace(/\/+$/, '')}${appPaths.manage()}#${ORGANISATION_DELETION_FRAGMENT}${token}`;
    const organisation = await readOrganisationProfile(deps.store, caller.tenantId);
    await deps.store.transaction(async (tx) => {
      recordOrganisationDeletionRequest(tx, caller.tenantId, {
        tokenHash: deletionTokenHash(token),
        requestedBy: caller.uid,
        sentAt: now.toISOString(),
        expiresAt,
      });
      queueMail(
        tx,
        deps.store.newId(),
        organisationDeletionMail({
          email,
          organisation: organisation?.name || 'your organisation',
          link,
          hours: ACCOUNT_DELETION_LINK_HOURS,
          purgeDays: ORGANISATION_PURGE_DAYS,
        }),
      );
    });
    return { status: 'sent', email, expiresAt };
  },
});
