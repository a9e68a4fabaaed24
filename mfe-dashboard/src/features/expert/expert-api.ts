// Expert's one write: a question to the toolkit's experts. It changes nothing another screen shows.
import { api, call } from '@toolkit/data';
import { API, type ApiRequest, type ApiResponses } from '@toolkit/domain';

const expertApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestExpert: build.mutation<
      ApiResponses[typeof API.requestExpert],
      ApiRequest<typeof API.requestExpert>
    >({
      query: (request) => call(API.requestExpert, request),
    }),
  }),
});

export const { useRequestExpertMutation } = expertApi;
