import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { ROUTE_BY_ID, relativePath, routesOwnedBy, type RouteIdOf } from '@toolkit/domain';
import { WithApi } from '@toolkit/data';
import type { AppServices } from '@toolkit/parcel';
import { WithArrivalNotice } from './arrival';
import { DashboardLayout } from './dashboard-layout';
import { AcademyDetailScreen } from './features/academy/academy-detail-screen';
import { ActivityScreen } from './features/activity/activity-screen';
import { AcademyScreen } from './features/academy/academy-screen';
import { ActionsScreen } from './features/actions/actions-screen';
import { AssessmentsScreen } from './features/assessments/assessments-screen';
import { DeclarationScreen } from './features/declaration/declaration-screen';
import { ExpertScreen } from './features/expert/expert-screen';
import { HomeScreen } from './features/home/home-screen';
import { InsightsScreen } from './features/insights/insights-screen';
import { MembersScreen } from './features/members/members-screen';
import { ManageScreen } from './features/manage/manage-screen';
import { MaterialityScreen } from './features/materiality/materiality-screen';
import { ProfileScreen } from './features/profile/profile-screen';
import { ReceivedResultScreen } from './features/received-result/received-result-screen';
import { ReceivedScreen } from './features/received/received-screen';
import { ReportsScreen } from './features/reports/reports-screen';
import { ResultsScreen } from './features/results/results-screen';
import { ReviewRequestScreen } from './features/review-request/review-request-screen';
import { ReviewScreen } from './features/reviews/review-screen';
import { ReviewsScreen } from './features/reviews/reviews-screen';
import { SaveResultsScreen } from './features/save-results/save-results-screen';
import { SurveyInsightsScreen } from './features/survey-insights/survey-insights-screen';
import { UsersScreen } from './features/users/users-screen';
import { ServicesProvider } from './shared/services';

const BASE = ROUTE_BY_ID.dashboard.path;

/** Every route the dashboard owns (docs/behaviour.md, Routes), each with its screen; the home page is the index. */
const SCREENS: Record<Exclude<RouteIdOf<'dashboard'>, 'dashboard'>, ReactElement> = {
  dashboardProfile: <ProfileScreen />,
  dashboardUsers: <UsersScreen />,
  dashboardActivity: <ActivityScreen />,
  dashboardAssessments: <AssessmentsScreen />,
  dashboardResults: <ResultsScreen />,
  dashboardInsights: <InsightsScreen />,
  dashboardReports: <ReportsScreen />,
  dashboardActions: <ActionsScreen />,
  dashboardSaveResults: <SaveResultsScreen />,
  dashboardMateriality: <MaterialityScreen />,
  dashboardEvidence: <ReviewRequestScreen />,
  dashboardDeclaration: <DeclarationScreen />,
  dashboardManage: <ManageScreen />,
  dashboardExpert: <ExpertScreen />,
  dashboardAcademy: <AcademyScreen />,
  dashboardAcademyDetail: <AcademyDetailScreen />,
  dashboardReceived: <ReceivedScreen />,
  dashboardReceivedResult: <ReceivedResultScreen />,
  dashboardReviews: <ReviewsScreen />,
  dashboardReview: <ReviewScreen />,
  dashboardSurveyInsights: <SurveyInsightsScreen />,
  dashboardMembers: <MembersScreen />,
};

export function App({ services }: { services: AppServices }) {
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
                  element={SCREENS[route.id as keyof typeof SCREENS]}
                />
              ))}
            </Route>
          </Route>
        </Routes>
      </WithApi>
    </ServicesProvider>
  );
}
