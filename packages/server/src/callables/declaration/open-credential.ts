// declaration-openCredential: a member shares the organisation's credential from the Declaration screen
// (opens, copies or downloads its link): the view-declaration-credential milestone, and the credential
// marked shared, which a Leader's credential needs for leader-credential-shared (docs/journey.md).
import { API, MILESTONE_OF_ACTION, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { notFound } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { markCredentialShared, readCredential } from '../../repositories/credentials';
import { recordMilestone } from '../../repositories/milestones';

export const openCredential = defineHandler(API.openCredential, {
  async run({ credentialId }, { caller, deps, now }): Promise<ApiResponses[typeof API.openCredential]> {
    const { tenantId, uid } = caller;
    await deps.store.transaction(async (tx) => {
      const credential = await readCredential(tx, tenantId, credentialId);
      if (!credential) throw notFound(SERVER_ERRORS.credentialNotFound);
      recordMilestone(tx, tenantId, MILESTONE_OF_ACTION.openDeclarationCredential, uid);
      // When it was last shared; a revoked credential no longer vouches, so sharing it counts for nothing.
      if (!credential.revokedAt) {
        markCredentialShared(tx, tenantId, credentialId, now.toISOString());
      }
    });
    return { status: 'ok' };
  },
});
