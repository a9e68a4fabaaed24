import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { ROUTE_BY_ID, relativePath, routesOwnedBy, type RouteIdOf } from '@toolkit/domain';
import { Loading, WithApi } from '@toolkit/data';
import type { AppServices } from '@toolkit/parcel';
import { WithArrivalNotice } from './arrival';
import { DashboardLayout } from './dashboard-layout';
import { HomeScreen } from './features/home/home-screen';
import {
  useIntentPrefetch,
  usePrefetchedScreens,
  type LazyScreen,
  type ScreenModule,
} from './screen-prefetch';
import { ServicesProvider } from './shared/services';

const BASE = ROUTE_BY_ID.dashboard.path;

/**
 * A screen downloaded when its page is first opened, or prefetched before (screen-prefetch.ts): the
 * first screen after sign-in (the home page, drawn from the mount chunk) does not wait for the code
 * of the other twenty.
 */
function screen<K extends string>(
  load: () => Promise<Record<K, ComponentType> & ScreenModule>,
  name: K,
): LazyScreen {
  let loaded: ComponentType | undefined;
  const keep = () =>
    load().then((module) => {
      loaded = module[name];
      return module;
    });
  return {
    load: keep,
    loaded: () => loaded,
    Component: lazy(() => keep().then((module) => ({ default: module[name] }))),
  };
}

/** Every route the dashboard owns (docs/behaviour.md, Routes), each with its screen; the home page is the index. */
const SCREENS: Record<Exclude<RouteIdOf<'dashboard'>, 'dashboard'>, LazyScreen> = {
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
  const { loaded, Component } = SCREENS[id];
  // Code already in (prefetched) renders at once: through lazy it would first show the spinner,
  // and React then holds the screen back a moment after its fallback.
  const Loaded = loaded();
  if (Loaded) return <Loaded />;
  return (
    <Suspense fallback={<Loading />}>
      <Component />
    </Suspense>
  );
}

export function App({ services }: { services: AppServices }) {
  usePrefetchedScreens(SCREENS);
  const intentRef = useIntentPrefetch(SCREENS);
  const children = routesOwnedBy('dashboard').filter((route) => route.id !== 'dashboard');
  return (
    <ServicesProvider services={services}>
      <WithApi>
        {/* Lays nothing out: it only hears the intent to open a link inside it. */}
        <div ref={intentRef} style={{ display: 'contents' }}>
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
        </div>
      </WithApi>
    </ServicesProvider>
  );
}
