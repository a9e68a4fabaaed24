// Materiality's one write: the organisation's ratings (tag Materiality).
import { api, callableMutation } from '@toolkit/data';
import { API } from '@toolkit/domain';

const materialityApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveMateriality: callableMutation(build, API.saveMateriality, ['Materiality', 'Milestones']),
  }),
});

export const { useSaveMaterialityMutation } = materialityApi;
