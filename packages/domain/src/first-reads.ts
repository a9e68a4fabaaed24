// The reads a route's first screen makes as it is drawn, declared once for both sides: the shell
// starts them as soon as the session is known, while the remote that draws the screen is still
// downloading, and the remote's identical first calls take those answers instead of asking again.
// Only reads the screen makes anyway for this person: its kind of organisation and role decide.
// Its own entry, with types alone from the rest: only the pages that start first reads download it.
import type { ApiName, ApiRequest } from './callables';
import type { TenantKind } from './dashboard-sections';
import type { RouteId } from './routes';

/** One callable read: its name and the very request the screen sends. */
export type FirstRead = { [N in ApiName]: { name: N; request: ApiRequest<N> } }[ApiName];

/** What a first screen's reads depend on. */
export interface FirstScreenSession {
  /** The person's organisation. */
  tenantId: string;
  /** The person's role views insights (@toolkit/domain hasAccess(claims, 'insights')). */
  viewsInsights: boolean;
  /** The organisation's kind; null while the catalogue that tells it is on its way. */
  kind: TenantKind | null;
  /** The surveys the organisation publishes, in the catalogue's order. */
  published: readonly string[];
  /**
   * The page address's query ('' without one). A screen that keeps its view there (a survey, filters,
   * a range) declares the reads of its first view only for an address without one.
   */
  addressQuery: string;
  today: Date;
}

/** How many of a survey's latest results the publisher's overview lists. */
export const OVERVIEW_LATEST_RESULTS = 5;

/** The first day of `today`'s month and `today`, as UTC days. */
function thisMonth(today: Date): { from: string; to: string } {
  const to = today.toISOString().slice(0, 10);
  return { from: `${to.slice(0, 8)}01`, to };
}

/** A published survey's card on the publisher's overview: this month's figures and its latest results. */
export function overviewSurveyReads(
  surveyId: string,
  today: Date,
): {
  insights: ApiRequest<'insights-getSurveyInsights'>;
  latest: ApiRequest<'insights-listResults'>;
} {
  // The trend over this month, by month: one period, this month's completions.
  return {
    insights: { surveyId, granularity: 'month', ...thisMonth(today) },
    latest: { surveyId, limit: OVERVIEW_LATEST_RESULTS },
  };
}

/** The dashboard's home: the profile, brand and ownership offer for everyone, then by kind. */
function dashboardHome({ viewsInsights, kind, published, today }: FirstScreenSession): FirstRead[] {
  const reads: FirstRead[] = [
    { name: 'account-getProfile', request: null },
    { name: 'brand-get', request: null },
    { name: 'ownership-getOffer', request: null },
  ];
  // A business's journey: its own milestones.
  if (kind === 'business') reads.push({ name: 'milestones-list', request: {} });
  // What a publisher's surveys received, for roles that view insights (the server refuses others).
  if (kind === 'publisher' && viewsInsights)
    for (const surveyId of published) {
      const { insights, latest } = overviewSurveyReads(surveyId, today);
      reads.push(
        { name: 'insights-getSurveyInsights', request: insights },
        { name: 'insights-listResults', request: latest },
      );
    }
  return reads;
}

/** How many entries a page of the Activity screen's audit trail holds. */
export const ACTIVITY_PAGE = 20;

/**
 * The reads of a publisher's screen whose first view, without a query in its address, is its first
 * published survey's: `read` of that survey's id.
 */
const firstSurveyView =
  (read: (surveyId: string) => FirstRead) =>
  ({ kind, published, addressQuery }: FirstScreenSession): FirstRead[] =>
    kind === 'publisher' && published[0] && !addressQuery ? [read(published[0])] : [];

const FIRST_READS: Partial<Record<RouteId, (session: FirstScreenSession) => FirstRead[]>> = {
  dashboard: dashboardHome,
  // The pages that need rights: the shell starts their reads beside the claims' refresh.
  dashboardUsers: () => [
    { name: 'users-listTenantUsers', request: null },
    { name: 'admin-getAvailableRoles', request: null },
  ],
  // The whole trail's first page; a kind chosen in the address asks its own.
  dashboardActivity: () => [{ name: 'audit-listActivity', request: { limit: ACTIVITY_PAGE } }],
  dashboardManage: () => [{ name: 'manage-getAlerts', request: null }],
  dashboardMateriality: () => [{ name: 'materiality-get', request: null }],
  // The received results of the first published survey, unfiltered.
  dashboardReceived: firstSurveyView((surveyId) => ({ name: 'insights-listResults', request: { surveyId } })),
  // What the first published survey received, over the server's default range.
  dashboardSurveyInsights: firstSurveyView((surveyId) => ({
    name: 'insights-getSurveyInsights',
    request: { surveyId },
  })),
  // The queue of reviews waiting, unsearched.
  dashboardReviews: ({ kind, addressQuery }) =>
    kind === 'publisher' && !addressQuery ? [{ name: 'reviews-list', request: { status: 'waiting' } }] : [],
  // A business's insights start from its latest results.
  dashboardInsights: ({ kind }) =>
    kind === 'business' ? [{ name: 'results-listLatest', request: null }] : [],
  plans: ({ tenantId }) => [
    { name: 'subscription-getSubscriptionDetails', request: null },
    { name: 'entitlements-getCustomerEntitlements', request: { tenantId } },
    { name: 'billing-listPrices', request: null },
    { name: 'billing-listInvoices', request: null },
  ],
};

/** The reads route `routeId`'s first screen makes for `session`; none declared for most routes. */
export function firstReadsOf(routeId: RouteId, session: FirstScreenSession): FirstRead[] {
  return FIRST_READS[routeId]?.(session) ?? [];
}
