// What the Actions screen changes: the plan (which actions, and each one's status, owner and due
// date) and the organisation's own actions. Each refreshes the actions wherever they show and the
// journey's milestones; adding to or removing from the plan also changes the result that holds it.
import { API } from '@toolkit/domain';
import { api, callableMutation } from '@toolkit/data';
import { OWN_RESULTS } from '../../shared/result-tags';

const actionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    toggleActionPlan: callableMutation(build, API.toggleActionPlan, ['Actions', 'Milestones', OWN_RESULTS]),
    updatePlannedAction: callableMutation(build, API.updatePlannedAction, ['Actions', 'Milestones']),
    saveCustomAction: callableMutation(build, API.saveCustomAction, ['Actions', 'Milestones']),
    /** A deleted action leaves the plan as well (the server lists only actions that exist). */
    deleteCustomAction: callableMutation(build, API.deleteCustomAction, {
      request: (actionId: string) => ({ actionId }),
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
