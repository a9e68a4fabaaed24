// Expert's one write: a question to the toolkit's experts. It changes nothing another screen shows.
import { api, callableMutation } from '@toolkit/data';
import { API } from '@toolkit/domain';

const expertApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestExpert: callableMutation(build, API.requestExpert),
  }),
});

export const { useRequestExpertMutation } = expertApi;
