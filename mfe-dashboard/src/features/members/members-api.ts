// Members' read: one page of the organisations that joined through the publisher's toolkit,
// searched by name, with how many match on every page together.
import { API, MEMBERS_PAGE, type ApiRequest } from '@toolkit/domain';
import { api, callableQuery } from '@toolkit/data';

/** Which page: the toolkit, the search (if any) and the cursor of the page before it (none: the first). */
export type MembersPageQuery = Omit<ApiRequest<typeof API.listToolkitMembers>, 'limit'>;

const membersApi = api.injectEndpoints({
  endpoints: (build) => ({
    toolkitMembersPage: callableQuery(build, API.listToolkitMembers, {
      request: (query: MembersPageQuery) => ({ ...query, limit: MEMBERS_PAGE }),
      providesTags: ['Members'],
    }),
  }),
});

export const { useToolkitMembersPageQuery } = membersApi;
