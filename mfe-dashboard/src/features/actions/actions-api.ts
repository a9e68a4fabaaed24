// What the Actions screen changes: the plan (which actions, and each one's status, owner and due
// date) and the organisation's own actions. Each refreshes the actions wherever they show and the
// journey's milestones; adding to or removing from the plan also changes the result that holds it.
import { API, type ApiRequest, type ApiResponses } from '@toolkit/domain';
import { api, call } from '@toolkit/data';

const actionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    toggleActionPlan: build.mutation<
      ApiResponses[typeof API.toggleActionPlan],
      ApiRequest<typeof API.toggleActionPlan>
    >({
      query: (request) => call(API.toggleActionPlan, request),
      invalidatesTags: ['Actions', 'Milestones', 'Results'],
    }),
    updatePlannedAction: build.mutation<
      ApiResponses[typeof API.updatePlannedAction],
      ApiRequest<typeof API.updatePlannedAction>
    >({
      query: (request) => call(API.updatePlannedAction, request),
      invalidatesTags: ['Actions', 'Milestones'],
    }),
    saveCustomAction: build.mutation<
      ApiResponses[typeof API.saveCustomAction],
      ApiRequest<typeof API.saveCustomAction>
    >({
      query: (request) => call(API.saveCustomAction, request),
      invalidatesTags: ['Actions'],
    }),
    /** A deleted action leaves the plan as well (the server lists only actions that exist). */
    deleteCustomAction: build.mutation<ApiResponses[typeof API.deleteCustomAction], string>({
      query: (actionId) => call(API.deleteCustomAction, { actionId }),
      invalidatesTags: ['Actions', 'Milestones'],
    }),
  }),
});

export const {
  useToggleActionPlanMutation,
  useUpdatePlannedActionMutation,
  useSaveCustomActionMutation,
  useDeleteCustomActionMutation,
} = actionsApi;
