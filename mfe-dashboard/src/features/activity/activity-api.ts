// The Activity screen's read: the organisation's audit trail, newest first, page by page ("Load
// more"), of one kind or all.
import { API, type ApiResponses, type AuditKind } from '@toolkit/domain';
import { api, call } from '@toolkit/data';
import { ACTIVITY_PAGE } from '@toolkit/domain/first-reads';

export type ActivityPage = ApiResponses[typeof API.listActivity];

const activityApi = api.injectEndpoints({
  endpoints: (build) => ({
    activity: build.infiniteQuery<ActivityPage, { kind: AuditKind | null }, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.next,
      },
      query: ({ queryArg: { kind }, pageParam }) =>
        call(API.listActivity, {
          limit: ACTIVITY_PAGE,
          ...(kind ? { kind } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        }),
      // Every change the trail records refreshes it: the team, the plan, the declaration, the
      // settings and excluded results.
      providesTags: ['Team', 'Plan', 'Declaration', 'Brand', 'Alerts', 'Results'],
    }),
  }),
});

export const { useActivityInfiniteQuery } = activityApi;
