// Materiality's one write: the organisation's ratings (tag Materiality).
import { api, call } from '@toolkit/data';
import { API, type ApiRequest, type ApiResponses } from '@toolkit/domain';

const materialityApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveMateriality: build.mutation<
      ApiResponses[typeof API.saveMateriality],
      ApiRequest<typeof API.saveMateriality>
    >({
      query: (request) => call(API.saveMateriality, request),
      invalidatesTags: ['Materiality'],
    }),
  }),
});

export const { useSaveMaterialityMutation } = materialityApi;
