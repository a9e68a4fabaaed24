import { Suspense, useEffect, type ComponentType, type ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { ROUTE_BY_ID, relativePath, routesOwnedBy, type RouteIdOf } from '@toolkit/domain';
import { Loading, WithApi } from '@toolkit/data';
import type { AppServices } from '@toolkit/parcel';
import { useAppStore } from '@toolkit/store-contract';
import { WithArrivalNotice } from './arrival';
import { DashboardLayout } from './dashboard-layout';
import { HomeScreen } from './features/home/home-screen';
import { lazyScreen } from './lazy-screen';
import { ServicesProvider } from './shared/services';

const BASE = ROUTE_BY_ID.dashboard.path;

/** A screen downloaded when its page is first opened (lazy-screen.ts), prefetched with the others. */
const screen = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazyScreen(load, name, PREFETCHES);

/** Every other screen's download, started once the first screen is in (usePrefetchedScreens). */
const PREFETCHES: (() => Promise<unknown>)[] = [];

/**
 * Once no read of the first screen is pending and the browser is idle, the other screens' code
 * downloads, so that opening one later waits for its own data only, not for its code as well.
 */
function usePrefetchedScreens() {
  const store = useAppStore();
  useEffect(() => {
    let started = false;
    const pending = () => {
      const queries = Object.values((store.getState() as { api?: { queries?: object } }).api?.queries ?? {});
      return (
        queries.length === 0 || queries.some((query) => (query as { status?: string }).status === 'pending')
      );
    };
    const check = () => {
      if (started || pending()) return;
      started = true;
      unsubscribe();
      const prefetch = () => PREFETCHES.forEach((load) => void load().catch(() => undefined));
      if ('requestIdleCallback' in window) requestIdleCallback(prefetch, { timeout: 3_000 });
      else setTimeout(prefetch, 500);
    };
    const unsubscribe = store.subscribe(check);
    check();
    return () => {
      started = true;
      unsubscribe();
    };
  }, [store]);
}

/** Every route the dashboard owns (docs/behaviour.md, Routes), each with its screen; the home page is the index. */
const SCREENS: Record<Exclude<RouteIdOf<'dashboard'>, 'dashboard'>, ComponentType> = {
  dashboardProfile: screen(() => import('./features/profile/profile-screen'), 'ProfileScreen'),
  dashboardUsers: screen(() => import('./features/users/users-screen'), 'UsersScreen'),
  dashboardActivity: screen(() => import('./features/activity/activity-screen'), 'ActivityScreen'),
  dashboardAssessments: screen(
    () => import('./features/assessments/assessments-screen'),
    'AssessmentsScreen',
  ),
  dashboardResults: screen(() => import('./features/results/results-screen'), 'ResultsScreen'),
  dashboardInsights: screen(() => import('./features/insights/insights-screen'), 'InsightsScreen'),
  dashboardReports: screen(() => import('./features/reports/reports-screen'), 'ReportsScreen'),
  dashboardActions: screen(() => import('./features/actions/actions-screen'), 'ActionsScreen'),
  dashboardSaveResults: screen(
    () => import('./features/save-results/save-results-screen'),
    'SaveResultsScreen',
  ),
  dashboardMateriality: screen(
    () => import('./features/materiality/materiality-screen'),
    'MaterialityScreen',
  ),
  dashboardEvidence: screen(
    () => import('./features/review-request/review-request-screen'),
    'ReviewRequestScreen',
  ),
  dashboardDeclaration: screen(
    () => import('./features/declaration/declaration-screen'),
    'DeclarationScreen',
  ),
  dashboardManage: screen(() => import('./features/manage/manage-screen'), 'ManageScreen'),
  dashboardExpert: screen(() => import('./features/expert/expert-screen'), 'ExpertScreen'),
  dashboardAcademy: screen(() => import('./features/academy/academy-screen'), 'AcademyScreen'),
  dashboardAcademyDetail: screen(
    () => import('./features/academy/academy-detail-screen'),
    'AcademyDetailScreen',
  ),
  dashboardReceived: screen(() => import('./features/received/received-screen'), 'ReceivedScreen'),
  dashboardReceivedResult: screen(
    () => import('./features/received-result/received-result-screen'),
    'ReceivedResultScreen',
  ),
  dashboardReviews: screen(() => import('./features/reviews/reviews-screen'), 'ReviewsScreen'),
  dashboardReview: screen(() => import('./features/reviews/review-screen'), 'ReviewScreen'),
  dashboardSurveyInsights: screen(
    () => import('./features/survey-insights/survey-insights-screen'),
    'SurveyInsightsScreen',
  ),
  dashboardMembers: screen(() => import('./features/members/members-screen'), 'MembersScreen'),
};

function Screen({ id }: { id: keyof typeof SCREENS }): ReactElement {
  const Component = SCREENS[id];
  return (
    <Suspense fallback={<Loading />}>
      <Component />
    </Suspense>
  );
}

export function App({ services }: { services: AppServices }) {
  usePrefetchedScreens();
  const children = routesOwnedBy('dashboard').filter((route) => route.id !== 'dashboard');
  return (
    <ServicesProvider services={services}>
      <WithApi>
        <Routes>
          <Route path={BASE} element={<DashboardLayout />}>
            <Route element={<WithArrivalNotice />}>
              <Route index element={<HomeScreen />} />
              {children.map((route) => (
                <Route
                  key={route.id}
                  path={relativePath(route.path, BASE)}
                  element={<Screen id={route.id as keyof typeof SCREENS} />}
                />
              ))}
            </Route>
          </Route>
        </Routes>
      </WithApi>
    </ServicesProvider>
  );
}
