// What the Declaration screen changes: signing (the sign-declaration milestone), revoking, and
// opening the credential (the view-declaration-credential milestone, recorded by the server).
import { API, type DeclarationOverview } from '@toolkit/domain';
import { api, call } from '@toolkit/data';

const declarationApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Signs the declaration of `surveyId`, the one the signer read. */
    signDeclaration: build.mutation<DeclarationOverview, string>({
      query: (surveyId) => call(API.signDeclaration, { surveyId }),
      invalidatesTags: ['Declaration', 'Milestones'],
    }),
    revokeCredential: build.mutation<DeclarationOverview, string>({
      query: (credentialId) => call(API.revokeCredential, { credentialId }),
      // A revoked credential no longer counts for the Leader's milestones.
      invalidatesTags: ['Declaration', 'Milestones'],
    }),
    openCredential: build.mutation<unknown, string>({
      query: (credentialId) => call(API.openCredential, { credentialId }),
      invalidatesTags: ['Milestones'],
    }),
  }),
});

export const { useSignDeclarationMutation, useRevokeCredentialMutation, useOpenCredentialMutation } =
  declarationApi;
