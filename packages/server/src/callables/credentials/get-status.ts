// credentials-getStatus (public): whether a credential was revoked, and why. It answers for an id only, and
// says nothing the credential itself does not (no organisation, no tenant). Someone checking an
// active credential got its link from the organisation, so the check is the credential shared.
import { API, MILESTONE_OF_ACTION, type ApiResponses } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import {
  markCredentialShared,
  readCredentialSharing,
  readCredentialStatus,
} from '../../repositories/credentials';
import { recordMilestone } from '../../repositories/milestones';

/** Who recorded a share seen through the public check (no member did it). */
const OPENED_BY_SOMEONE_ELSE = 'credential-check';

export const getCredentialStatus = defineHandler(API.getCredentialStatus, {
  async run({ credentialId }, { deps, now }): Promise<ApiResponses[typeof API.getCredentialStatus]> {
    const stored = await readCredentialStatus(deps.store, credentialId);
    if (!stored) return { status: 'unknown', revokedAt: null, reason: null };
    const { revokedAt, reason, tenantId } = stored;
    if (!revokedAt && tenantId) {
      await deps.store.transaction(async (tx) => {
        const sharing = await readCredentialSharing(tx, tenantId, credentialId);
        // Recorded once: later checks of a shared credential write nothing.
        if (!sharing || sharing.revoked || sharing.shared) return;
        markCredentialShared(tx, tenantId, credentialId, now.toISOString());
        recordMilestone(tx, tenantId, MILESTONE_OF_ACTION.openDeclarationCredential, OPENED_BY_SOMEONE_ELSE);
      });
    }
    return revokedAt
      ? { status: 'revoked', revokedAt, reason }
      : { status: 'active', revokedAt, reason: null };
  },
});
