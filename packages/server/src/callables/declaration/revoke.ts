// declaration-revoke: an owner or admin revokes one of the organisation's credentials; the public
// check then says it is revoked. Revoking twice keeps the first date, and is recorded once.
import { API, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { notFound } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { recordAudit } from '../../repositories/audit';
import { readCredential } from '../../repositories/credentials';
import { paths } from '../../repositories/paths';
import { declarationOverview } from './declaration';

export const revokeCredential = defineHandler(API.revokeCredential, {
  async run({ credentialId }, { caller, deps, now }): Promise<ApiResponses[typeof API.revokeCredential]> {
    const path = paths.tenantCredential(caller.tenantId, credentialId);
    await deps.store.transaction(async (tx) => {
      const credential = await readCredential(tx, caller.tenantId, credentialId);
      if (!credential) throw notFound(SERVER_ERRORS.credentialNotFound);
      if (credential.revokedAt) return;
      const revokedAt = now.toISOString();
      tx.update(path, { revokedAt });
      tx.set(paths.credentialStatus(credentialId), { revokedAt }, { merge: true });
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
