// credentials-getKeys (public): the JWKS that declaration credentials are checked against.
import { API, type ApiResponses } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';

export const getCredentialKeys = defineHandler(API.getCredentialKeys, {
  run: (_input, { deps }): Promise<ApiResponses[typeof API.getCredentialKeys]> =>
    deps.credentials.publicKeys(),
});
