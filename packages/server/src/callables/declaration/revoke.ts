// declaration-revoke: an owner or admin revokes one of the organisation's credentials; the public
// check then says it is revoked. Revoking twice keeps the first date, and is recorded once.
import { API, REVOCATION_REASONS, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { notFound } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { recordAudit } from '../../repositories/audit';
import { readCredential, revokeCredential as revokeStored } from '../../repositories/credentials';
import { declarationOverview } from './declaration';

export const revokeCredential = defineHandler(API.revokeCredential, {
  async run({ credentialId }, { caller, deps, now }): Promise<ApiResponses[typeof API.revokeCredential]> {
    await deps.store.transaction(async (tx) => {
      const credential = await readCredential(tx, caller.tenantId, credentialId);
      if (!credential) throw notFound(SERVER_ERRORS.credentialNotFound);
      if (credential.revokedAt) return;
      const revokedAt = now.toISOString();
      revokeStored(
        tx,
        caller.tenantId,
        credentialId,
        revokedAt,
        REVOCATION_REASONS.byOrganisation(revokedAt),
      );
      recordAudit(tx, caller.tenantId, {
        actorUid: caller.uid,
        kind: 'declaration.revoked',
        subject: { type: 'credential', id: credentialId },
        before: { revokedAt: null },
        after: { revokedAt },
      });
    });
    return declarationOverview(deps, caller);
  },
});
