// credentials-getStatus (public): whether a credential was revoked. It answers for an id only, and
// says nothing the credential itself does not (no organisation, no tenant).
import { API, type ApiResponses } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { defineHandler } from '../../api/handler';
import { readCredentialStatus } from '../../repositories/credentials';

export const getCredentialStatus = defineHandler({
  name: API.getCredentialStatus,
  access: 'public',
  input: REQUESTS[API.getCredentialStatus],
  async run({ credentialId }, { deps }): Promise<ApiResponses[typeof API.getCredentialStatus]> {
    const stored = await readCredentialStatus(deps.store, credentialId);
    if (!stored) return { status: 'unknown', revokedAt: null };
    const { revokedAt } = stored;
    return { status: revokedAt ? 'revoked' : 'active', revokedAt };
  },
});
