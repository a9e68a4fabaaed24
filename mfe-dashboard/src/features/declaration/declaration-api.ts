// What the Declaration screen changes: signing (the sign-declaration milestone), revoking, and
// opening the credential (the view-declaration-credential milestone, recorded by the server).
import { API } from '@toolkit/domain';
import { api, callableMutation } from '@toolkit/data';

const declarationApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Signs the declaration of `surveyId`, the one the signer read. */
    signDeclaration: callableMutation(build, API.signDeclaration, {
      request: (surveyId: string) => ({ surveyId }),
      invalidatesTags: ['Declaration', 'Milestones'],
    }),
    revokeCredential: callableMutation(build, API.revokeCredential, {
      request: (credentialId: string) => ({ credentialId }),
      // A revoked credential no longer counts for the Leader's milestones.
      invalidatesTags: ['Declaration', 'Milestones'],
    }),
    openCredential: callableMutation(build, API.openCredential, {
      request: (credentialId: string) => ({ credentialId }),
      invalidatesTags: ['Milestones'],
    }),
  }),
});

export const { useSignDeclarationMutation, useRevokeCredentialMutation, useOpenCredentialMutation } =
  declarationApi;
