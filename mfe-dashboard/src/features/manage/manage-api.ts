// Manage's writes: who receives the organisation's notifications, and its brand. Each invalidates
// what it changed, so every screen showing it (the dashboard's theme, for the brand) updates.
import { api, call, callableMutation, callThrough } from '@toolkit/data';
import { API, type ApiRequest } from '@toolkit/domain';
import { dashboardApi, type AlertsAnswer } from '../../shared/api';

const manageApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveAlerts: build.mutation<AlertsAnswer, ApiRequest<typeof API.saveAlerts>>({
      async queryFn(request, { dispatch }, _extra, baseQuery) {
        const { data: stored, error } = await callThrough(baseQuery, call(API.saveAlerts, request));
        if (error) return { error };
        // The answer is the settings as stored: they show with the "Saved" that names them.
        dispatch(dashboardApi.util.updateQueryData('alerts', undefined, () => stored));
        return { data: stored };
      },
      invalidatesTags: ['Alerts'],
    }),
    saveBrand: callableMutation(build, API.saveBrand, ['Brand']),
    // Deleting the organisation ends the session: nothing on screen is read again.
    requestOrganisationDeletion: callableMutation(build, API.requestOrganisationDeletion),
    confirmOrganisationDeletion: callableMutation(build, API.confirmOrganisationDeletion),
  }),
});

export const {
  useSaveAlertsMutation,
  useSaveBrandMutation,
  useRequestOrganisationDeletionMutation,
  useConfirmOrganisationDeletionMutation,
} = manageApi;
