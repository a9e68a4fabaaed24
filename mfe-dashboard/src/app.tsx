import type { ReactElement } from 'react';
import { Route, Routes, useParams } from 'react-router';
import { ROUTE_BY_ID, relativePath, routesOwnedBy, type RouteId } from '@toolkit/domain';
import type { AppServices } from '@toolkit/parcel';
import { ScreenPlaceholder } from '@toolkit/ui';
import { DashboardLayout } from './dashboard-layout';
import { ActionsScreen } from './features/actions/actions-screen';
import { AssessmentsScreen } from './features/assessments/assessments-screen';
import { DeclarationScreen } from './features/declaration/declaration-screen';
import { ExpertScreen } from './features/expert/expert-screen';
import { HomeScreen } from './features/home/home-screen';
import { InsightsScreen } from './features/insights/insights-screen';
import { ManageScreen } from './features/manage/manage-screen';
import { ProfileScreen } from './features/profile/profile-screen';
import { ReportsScreen } from './features/reports/reports-screen';
import { ResultsScreen } from './features/results/results-screen';
import { UsersScreen } from './features/users/users-screen';
import { ServicesProvider } from './shared/services';

const BASE = ROUTE_BY_ID.dashboard.path;

/** The screens built so far; the other dashboard routes keep their placeholder. */
const SCREENS: Partial<Record<RouteId, ReactElement>> = {
  dashboardProfile: <ProfileScreen />,
  dashboardUsers: <UsersScreen />,
  dashboardAssessments: <AssessmentsScreen />,
  dashboardResults: <ResultsScreen />,
  dashboardInsights: <InsightsScreen />,
  dashboardReports: <ReportsScreen />,
  dashboardActions: <ActionsScreen />,
  dashboardDeclaration: <DeclarationScreen />,
  dashboardManage: <ManageScreen />,
  dashboardExpert: <ExpertScreen />,
};

function AcademyDetail() {
  const { slug = '' } = useParams();
  return <ScreenPlaceholder name="Academy detail" description={`Article ${slug}`} />;
}

export function App({ services }: { services: AppServices }) {
  const children = routesOwnedBy('dashboard').filter(
    (route) => route.id !== 'dashboard' && route.id !== 'dashboardAcademyDetail',
  );
  return (
    <ServicesProvider services={services}>
      <Routes>
        <Route path={BASE} element={<DashboardLayout />}>
          <Route index element={<HomeScreen />} />
          {children.map((route) => (
            <Route
              key={route.id}
              path={relativePath(route.path, BASE)}
              element={SCREENS[route.id] ?? <ScreenPlaceholder name={route.screen} />}
            />
          ))}
          <Route
            path={relativePath(ROUTE_BY_ID.dashboardAcademyDetail.path, BASE)}
            element={<AcademyDetail />}
          />
        </Route>
      </Routes>
    </ServicesProvider>
  );
}
