// The one API slice of the apps. The shell's store receives its reducer and middleware when the
// first remote that reads server data mounts (attach.tsx); each remote injects its own endpoints
// with `api.injectEndpoints`. Endpoints more than one remote reads are defined here once.
import {
  createApi,
  type EndpointBuilder,
  type MutationDefinition,
  type QueryDefinition,
  type TagDescription,
} from '@reduxjs/toolkit/query/react';
import { API, type ApiName, type ApiRequest, type ApiResponses } from '@toolkit/domain';
import { answerOf, call, callableBaseQuery, servicesOf } from './base-query';

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

/**
 * T, but not a place to infer T from: inside createApi's `endpoints` the definition expected back
 * would otherwise make an endpoint's argument any (NoInfer stays visible in the hooks' types).
 */
type Same<T> = [T] extends [infer U] ? U : never;

/** What an endpoint of the one API slice may add to its callable besides the request. */
type QueryOptions<Result, Arg> = Omit<
  QueryDefinition<Arg, typeof callableBaseQuery, Tag, Result, 'api'>,
  'type' | 'query' | 'queryFn' | 'transformResponse'
>;
type MutationOptions<Result, Arg> = Omit<
  MutationDefinition<Arg, typeof callableBaseQuery, Tag, Result, 'api'>,
  'type' | 'query' | 'queryFn' | 'transformResponse'
>;

/**
 * How an endpoint's argument becomes the callable's request (left out: a callable that takes no
 * request is sent null), and its answer the endpoint's result.
 */
type CallableOptions<N extends ApiName, Arg, Result> = (null extends ApiRequest<N>
  ? { request?: (arg: Arg) => ApiRequest<N> }
  : { request: (arg: Arg) => ApiRequest<N> }) & {
  /** Without it the result is the callable's answer as its declaration types it. */
  transformResponse?: (answer: ApiResponses[N], meta: unknown, arg: Arg) => Result;
};

/** What fromCallable reads of the options, whichever the callable's request. */
interface CallableParts<N extends ApiName, Arg, Result> {
  request?: ((arg: Arg) => ApiRequest<N>) | undefined;
  transformResponse?: ((answer: ApiResponses[N], meta: unknown, arg: Arg) => Result) | undefined;
}

/**
 * The endpoint's query and result from its callable's declaration: the name decides both types.
 * Without a transform RTK Query hands on the answer as it is, which is then the result type.
 */
function fromCallable<N extends ApiName, Arg, Result>(
  name: N,
  { request, transformResponse }: CallableParts<N, Arg, Result>,
) {
  return {
    query: (arg: Arg) => call(name, request ? request(arg) : (null as ApiRequest<N>)),
    ...(transformResponse && {
      transformResponse: (data: unknown, meta: unknown, arg: Arg): Result =>
        transformResponse(answerOf(name, data), meta, arg),
    }),
  };
}

/**
 * A read of callable `name`, typed by its declaration: `request` turns the endpoint's argument into
 * the callable's request; the result is the callable's answer, or what `transformResponse` makes of it.
 */
export function callableQuery<N extends ApiName, Arg = void, Result = ApiResponses[N]>(
  build: ApiBuilder,
  name: N,
  options: QueryOptions<NoInfer<Result>, NoInfer<Arg>> & CallableOptions<N, Arg, Result>,
): QueryDefinition<Same<Arg>, typeof callableBaseQuery, Tag, Same<Result>, 'api'>;
export function callableQuery<N extends ApiName, Arg, Result>(
  build: ApiBuilder,
  name: N,
  options: QueryOptions<Result, Arg> & CallableParts<N, Arg, Result>,
) {
  const { request, transformResponse, ...rest } = options;
  return build.query<Result, Arg>({ ...rest, ...fromCallable(name, { request, transformResponse }) });
}

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
    profile: callableQuery(build, API.getProfile, {
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
            .stream?.<ApiRequest<typeof API.watchProfile>, ApiResponses[typeof API.watchProfile], unknown>(
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
    milestones: callableQuery(build, API.listMilestones, {
      request: (arg: { userId?: string } | void) => (arg?.userId ? { userIds: [arg.userId] } : {}),
      transformResponse: ({ milestones }, _meta, arg) =>
        (arg?.userId ? milestones[arg.userId] : Object.values(milestones)[0]) ?? [],
      providesTags: ['Milestones'],
    }),
  }),
});

export const { useProfileQuery, useMilestonesQuery } = api;

/** What `api.injectEndpoints` hands its `endpoints` function. */
export type ApiBuilder = EndpointBuilder<typeof callableBaseQuery, Tag, 'api'>;

/**
 * A write of callable `name`, typed by its declaration; it changes `tags`. Given only tags it sends
 * the endpoint's argument as the request; given options, `request` makes the request of the argument.
 */
export function callableMutation<N extends ApiName>(
  build: ApiBuilder,
  name: N,
  tags?: readonly TagDescription<Tag>[],
): MutationDefinition<ApiRequest<N>, typeof callableBaseQuery, Tag, ApiResponses[N], 'api'>;
export function callableMutation<N extends ApiName, Arg = void, Result = ApiResponses[N]>(
  build: ApiBuilder,
  name: N,
  options: MutationOptions<NoInfer<Result>, NoInfer<Arg>> & CallableOptions<N, Arg, Result>,
): MutationDefinition<Same<Arg>, typeof callableBaseQuery, Tag, Same<Result>, 'api'>;
export function callableMutation<N extends ApiName, Arg, Result>(
  build: ApiBuilder,
  name: N,
  options:
    readonly TagDescription<Tag>[] | (MutationOptions<Result, Arg> & CallableParts<N, Arg, Result>) = [],
) {
  if (isTags(options)) {
    return build.mutation<ApiResponses[N], ApiRequest<N>>({
      ...fromCallable(name, { request: (request: ApiRequest<N>) => request }),
      invalidatesTags: [...options],
    });
  }
  const { request, transformResponse, ...rest } = options;
  return build.mutation<Result, Arg>({ ...rest, ...fromCallable(name, { request, transformResponse }) });
}

const isTags = (value: unknown): value is readonly TagDescription<Tag>[] => Array.isArray(value);
