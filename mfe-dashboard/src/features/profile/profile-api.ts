// Profile's writes: the member's names and organisation (every screen showing them reads the
// profile again), the sign-in account's settings, which the identity provider keeps, and the
// person's data rights (their download, their account's deletion); and its one read of its own,
// what the Quickscan said of the organisation.
import { api, callableMutation, callableQuery, servicesOf, type QueryError } from '@toolkit/data';
import { API } from '@toolkit/domain';
import type { AppServices } from '@toolkit/parcel';
import { OWN_RESULTS } from '../../shared/result-tags';

type AccountSetting = 'updatePassword' | 'sendPasswordReset' | 'updateDisplayName';

/**
 * A setting of the sign-in account as a mutation over the shell's services (the store's extra
 * holds all of them); a refusal keeps the provider's own message for describeAccountFailure.
 */
function accountSetting(setting: AccountSetting) {
  return async (value: string, { extra }: { extra: unknown }) => {
    const account = servicesOf(extra) as unknown as Pick<AppServices, AccountSetting>;
    const outcome = await account[setting](value);
    if (outcome.success) return { data: null };
    const error: QueryError = {
      code: 'unknown',
      message: outcome.message,
      hasServerMessage: false,
      fields: {},
    };
    return { error };
  };
}

const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The server also records the update-organisation milestone. */
    saveOrganisation: callableMutation(build, API.saveOrganisation, ['Profile', 'Milestones']),
    updateNames: callableMutation(build, API.updateNames, ['Profile']),
    /** What the organisation's latest Quickscan says of it, offered where the profile says nothing. */
    quickscanDetails: callableQuery(build, API.getQuickscanDetails, { providesTags: [OWN_RESULTS] }),
    updateDisplayName: build.mutation<null, string>({ queryFn: accountSetting('updateDisplayName') }),
    updatePassword: build.mutation<null, string>({ queryFn: accountSetting('updatePassword') }),
    sendPasswordReset: build.mutation<null, string>({ queryFn: accountSetting('sendPasswordReset') }),
    // One-off reads and writes of the person's own data: nothing on screen shows what they change.
    exportMyData: callableMutation(build, API.exportMyData),
    requestAccountDeletion: callableMutation(build, API.requestAccountDeletion),
    confirmAccountDeletion: callableMutation(build, API.confirmAccountDeletion),
  }),
});

export const {
  useSaveOrganisationMutation,
  useQuickscanDetailsQuery,
  useUpdateNamesMutation,
  useUpdateDisplayNameMutation,
  useUpdatePasswordMutation,
  useSendPasswordResetMutation,
  useExportMyDataMutation,
  useRequestAccountDeletionMutation,
  useConfirmAccountDeletionMutation,
} = profileApi;
