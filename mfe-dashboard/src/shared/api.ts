// The dashboard's reads, injected into the one API slice (@toolkit/data). Each names the tags it
// shows, so a mutation that invalidates one refreshes every screen reading it. Mutations live
// beside the feature that makes them.
import { useMemo } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  API,
  ARTICLE_QUERY,
  ARTICLES_QUERY,
  paths,
  TOOLKIT_QUERY,
  type ApiRequest,
  type ApiResponses,
  type ArticleQuery,
  type ArticlesQuery,
  type EsgTopic,
  type ReceivedResultsQuery,
  type ToolkitQuery,
} from '@toolkit/domain';
import {
  api,
  callableQuery,
  contentQuery,
  useProfileQuery,
  type QueryError,
  type QueryLike,
} from '@toolkit/data';
import { useCatalogue } from '@toolkit/store-contract';
import { OWN_RESULTS, receivedBy, receivedResult } from './result-tags';

export type { Profile } from '@toolkit/data';
export type LatestResults = ApiResponses[typeof API.listLatestResults];
export type BenchmarkAnswer = ApiResponses[typeof API.getBenchmark];
export type SurveyInsightsAnswer = ApiResponses[typeof API.getSurveyInsights];
export type SurveyInsightsRequest = ApiRequest<typeof API.getSurveyInsights>;
export type ReceivedResults = ApiResponses[typeof API.listReceivedResults];
export type ReceivedResultAnswer = ApiResponses[typeof API.getReceivedResult];
export type ActionsAnswer = ApiResponses[typeof API.listActions];
export type DeclarationAnswer = ApiResponses[typeof API.getDeclaration];
export type AlertsAnswer = ApiResponses[typeof API.getAlerts];
export type MaterialityAnswer = ApiResponses[typeof API.getMateriality];
export type BrandAnswer = ApiResponses[typeof API.getBrand];
export type ArticleSummary = ArticlesQuery['articles'][number];
export type Article = NonNullable<ArticleQuery['article']>;

export interface SurveyInfo {
  title: string;
  tenantId: string;
}

export interface ToolkitSurvey extends SurveyInfo {
  id: string;
  /** Where it is answered. */
  path: string;
}

/** The tenant's toolkit (the one it signed up through): the survey its businesses complete and the one they invite their team to. */
export interface Toolkit {
  name: string;
  title: string;
  /** The publishing tenant. */
  tenantId: string;
  assessment: ToolkitSurvey;
  teamSurvey: ToolkitSurvey | null;
}

const withPath = (survey: { id: string; title: string; tenantId: string }): ToolkitSurvey => ({
  ...survey,
  path: paths.survey(survey.tenantId, survey.id),
});

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    latestResults: callableQuery(build, API.listLatestResults, {
      providesTags: [OWN_RESULTS],
    }),
    /**
     * The member's own results of a survey over time and the peer benchmark, against every
     * organisation or one of the caller's peer `group`s.
     */
    benchmark: callableQuery(build, API.getBenchmark, {
      request: ({ surveyId, group }: { surveyId: string; group?: string }) => ({
        surveyId,
        ...(group ? { group } : {}),
      }),
      providesTags: [OWN_RESULTS, 'Benchmark'],
    }),
    /**
     * What a survey the member's organisation publishes has received, with the trend over the
     * range and granularity asked (the server's defaults where left out).
     */
    surveyInsights: callableQuery(build, API.getSurveyInsights, {
      request: (request: SurveyInsightsRequest) => request,
      providesTags: (_answer, _error, { surveyId }) => [receivedBy(surveyId)],
    }),
    /**
     * One page of the results a survey the organisation publishes received, filtered, searched and
     * sorted as asked (the Results workbench's view), with the count of all pages.
     */
    receivedResults: callableQuery(build, API.listReceivedResults, {
      request: (arg: ReceivedResultsQuery) => arg,
      providesTags: (_answer, _error, { surveyId }) => [receivedBy(surveyId)],
    }),
    receivedResult: callableQuery(build, API.getReceivedResult, {
      request: (arg: { surveyId: string; resultId: string }) => arg,
      providesTags: (_answer, _error, { resultId }) => [receivedResult(resultId)],
    }),
    /** The action catalogue against the member's latest completed result of a survey, and its plan. */
    actions: callableQuery(build, API.listActions, {
      request: (surveyId: string) => ({ surveyId }),
      // Whether the organisation's own actions can be written follows the plan.
      providesTags: ['Actions', 'Plan'],
    }),
    /** The declaration of the organisation's toolkit, its credential and whether the member may sign. */
    declaration: callableQuery(build, API.getDeclaration, {
      providesTags: ['Declaration'],
    }),
    /** Who receives which notification of the member's organisation. */
    alerts: callableQuery(build, API.getAlerts, {
      providesTags: ['Alerts'],
    }),
    /** The organisation's double-materiality ratings and whether its plan lets them be changed. */
    materiality: callableQuery(build, API.getMateriality, {
      // Whether the ratings can be changed follows the plan.
      providesTags: ['Materiality', 'Plan'],
    }),
    /** The organisation's brand and whether its plan applies it. */
    brand: callableQuery(build, API.getBrand, {
      providesTags: ['Brand', 'Plan'],
    }),
    toolkit: build.query<Toolkit, string>({
      queryFn: contentQuery(
        TOOLKIT_QUERY,
        (name: string) => ({ name }),
        ({ toolkit }: ToolkitQuery, name) => {
          if (!toolkit) throw new Error(`The toolkit "${name}" is not published.`);
          return {
            name: toolkit.name,
            title: toolkit.title,
            tenantId: toolkit.tenantId,
            assessment: withPath(toolkit.assessment),
            teamSurvey: toolkit.teamSurvey && withPath(toolkit.teamSurvey),
          };
        },
      ),
    }),
    /** The academy's articles of a topic whose text holds every word searched for; both optional. */
    articles: build.query<ArticleSummary[], { topic?: EsgTopic | null; search?: string } | void>({
      queryFn: contentQuery(
        ARTICLES_QUERY,
        (arg: { topic?: EsgTopic | null; search?: string } | void) => ({
          ...(arg?.topic ? { topic: arg.topic } : {}),
          ...(arg?.search ? { search: arg.search } : {}),
        }),
        ({ articles }: ArticlesQuery) => articles,
      ),
    }),
    article: build.query<Article | null, string>({
      queryFn: contentQuery(
        ARTICLE_QUERY,
        (slug: string) => ({ slug }),
        ({ article }: ArticleQuery) => article,
      ),
    }),
  }),
});

export const {
  useBenchmarkQuery,
  useSurveyInsightsQuery,
  useReceivedResultsQuery,
  useReceivedResultQuery,
  useActionsQuery,
  useDeclarationQuery,
  useAlertsQuery,
  useMaterialityQuery,
  useBrandQuery,
  useArticlesQuery,
  useArticleQuery,
} = dashboardApi;

/**
 * The organisation's latest results, read again each time a screen showing them opens: a result
 * completed elsewhere (another member, another device) since another screen listed them shows at once.
 */
export const useLatestResults = () =>
  dashboardApi.useLatestResultsQuery(undefined, { refetchOnMountOrArgChange: true });

const NO_TOOLKIT: QueryError = {
  code: 'failed-precondition',
  message: 'Your organisation signed up without a toolkit, so it has no surveys to show',
  hasServerMessage: true,
  fields: {},
};

/** The toolkit the organisation signed up through, named by its profile. */
export function useToolkit(): QueryLike<Toolkit> {
  const profile = useProfileQuery();
  const name = profile.data?.tenant?.toolkit;
  const toolkit = dashboardApi.useToolkitQuery(name ?? skipToken);
  if (profile.data === undefined)
    return { isError: profile.isError, error: profile.error, refetch: profile.refetch };
  if (!name) return { isError: true, error: NO_TOOLKIT, refetch: profile.refetch };
  return toolkit;
}

export type Catalogue = ReadonlyMap<string, SurveyInfo>;

/**
 * The survey catalogue for naming results. Results stay readable without it (by survey id), so a
 * content failure only costs the nicer names.
 */
export function useSurveyCatalogue(): Catalogue {
  // The store's catalogue, read once for every app (@toolkit/store-contract).
  const { surveys } = useCatalogue();
  return useMemo(() => new Map(Object.entries(surveys ?? {})), [surveys]);
}

/**
 * Article titles by slug, for links from actions. Without them (content unavailable) the links are
 * left out rather than shown as bare slugs.
 */
export function useArticleTitles(): ReadonlyMap<string, string> {
  const { data } = useArticlesQuery();
  return useMemo(() => new Map((data ?? []).map((article) => [article.slug, article.title])), [data]);
}
