// declaration-openCredential: a member shares the organisation's credential from the Declaration screen
// (opens, copies or downloads its link): the view-declaration-credential milestone, and the credential
// marked shared, which a Leader's credential needs for leader-credential-shared (docs/journey.md).
import { API, MILESTONE_OF_ACTION, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { notFound } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { readCredential } from '../../repositories/credentials';
import { milestoneWrite } from '../../repositories/milestones';
import { paths } from '../../repositories/paths';

export const openCredential = defineHandler(API.openCredential, {
  async run({ credentialId }, { caller, deps, now }): Promise<ApiResponses[typeof API.openCredential]> {
    const { tenantId, uid } = caller;
    await deps.store.transaction(async (tx) => {
      const credential = await readCredential(tx, tenantId, credentialId);
      if (!credential) throw notFound(SERVER_ERRORS.credentialNotFound);
      const milestone = milestoneWrite(tenantId, MILESTONE_OF_ACTION.openDeclarationCredential, true, uid);
      tx.set(milestone.path, milestone.data, { merge: true });
      // When it was last shared; a revoked credential no longer vouches, so sharing it counts for nothing.
      if (!credential.revokedAt) {
        tx.set(
          paths.tenantCredential(tenantId, credentialId),
          { sharedAt: now.toISOString() },
          { merge: true },
        );
      }
    });
    return { status: 'ok' };
  },
});
