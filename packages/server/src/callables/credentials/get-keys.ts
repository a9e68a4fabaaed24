// credentials-getKeys (public): the JWKS that declaration credentials are checked against.
import { API, type ApiResponses } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { defineHandler } from '../../api/handler';

export const getCredentialKeys = defineHandler({
  name: API.getCredentialKeys,
  access: 'public',
  input: REQUESTS[API.getCredentialKeys],
  run: (_input, { deps }): Promise<ApiResponses[typeof API.getCredentialKeys]> =>
    deps.credentials.publicKeys(),
});
