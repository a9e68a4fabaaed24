// The one API slice of the apps. The shell's store receives its reducer and middleware when the
// first remote that reads server data mounts (attach.tsx); each remote injects its own endpoints
// with `api.injectEndpoints`. Endpoints more than one remote reads are defined here once.
import { createApi, type EndpointBuilder } from '@reduxjs/toolkit/query/react';
import { API, type ApiRequest, type ApiResponses } from '@toolkit/domain';
import { call, callableBaseQuery, servicesOf } from './base-query';

/**
 * What a mutation can change, so every screen showing it asks again: a query provides tags, a
 * mutation invalidates the ones it changed (docs/architecture.md, Data layer).
 */
export const TAGS = [
  'Profile',
  'Team',
  'Milestones',
  'Plan',
  'Results',
  'Benchmark',
  'Actions',
  'Declaration',
  'Alerts',
  'Brand',
  'Materiality',
  'Members',
  'Invite',
] as const;
export type Tag = (typeof TAGS)[number];

export type Profile = ApiResponses[typeof API.getProfile];
export type Milestones = ApiResponses[typeof API.listMilestones];

/** After a dropped profile stream, the next try: soon enough to feel live, rare enough to spare a server in trouble. */
const REOPEN_AFTER_FAILURE_MS = 5_000;

export const api = createApi({
  reducerPath: 'api',
  baseQuery: callableBaseQuery,
  tagTypes: TAGS,
  endpoints: (build) => ({
    /**
     * The signed-in member's profile and organisation, kept live while any screen shows it: after
     * the first answer the server streams every change made elsewhere (another tab, an admin). A
     * stream the server ends is reopened at once, a failed one a little later.
     */
    profile: build.query<Profile, void>({
      query: () => call(API.getProfile, null),
      providesTags: ['Profile'],
      async onCacheEntryAdded(_arg, { cacheDataLoaded, cacheEntryRemoved, updateCachedData, extra }) {
        const { callable } = servicesOf(extra);
        if (!callable.stream) return;
        try {
          await cacheDataLoaded;
        } catch {
          return; // the entry went before its first answer
        }
        const controller = new AbortController();
        let timer: ReturnType<typeof setTimeout> | undefined;
        const reopen = (delay: number) => {
          if (!controller.signal.aborted) timer = setTimeout(open, delay);
        };
        function open() {
          callable
            .stream?.<null, ApiResponses[typeof API.watchProfile], unknown>(
              API.watchProfile,
              null,
              (live) =>
                updateCachedData((draft) => {
                  draft.profile = live.profile;
                }),
              { signal: controller.signal },
            )
            .then(
              () => reopen(0),
              () => reopen(REOPEN_AFTER_FAILURE_MS),
            );
        }
        open();
        await cacheEntryRemoved;
        controller.abort();
        clearTimeout(timer);
      },
    }),
    /**
     * Stored journey milestones of the caller, or of `userId` (the server allows others only to
     * those who manage users).
     */
    milestones: build.query<Milestones['milestones'][string], { userId?: string } | void>({
      query: (arg) => call(API.listMilestones, arg?.userId ? { userIds: [arg.userId] } : {}),
      transformResponse: ({ milestones }: Milestones, _meta, arg) =>
        (arg?.userId ? milestones[arg.userId] : Object.values(milestones)[0]) ?? [],
      providesTags: ['Milestones'],
    }),
  }),
});

export const { useProfileQuery, useMilestonesQuery } = api;

/** What `api.injectEndpoints` hands its `endpoints` function. */
export type ApiBuilder = EndpointBuilder<typeof callableBaseQuery, Tag, 'api'>;

/** A mutation that sends callable `name` its request as it is, typed by the API; it changes `tags`. */
export function callableMutation<N extends keyof ApiResponses>(
  build: ApiBuilder,
  name: N,
  tags: readonly Tag[] = [],
) {
  return build.mutation<ApiResponses[N], ApiRequest<N>>({
    query: (request) => call(name, request),
    invalidatesTags: [...tags],
  });
}
