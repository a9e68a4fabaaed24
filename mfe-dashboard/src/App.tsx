import { Route, Routes, useParams } from 'react-router';
import { ROUTE_BY_ID, relativePath, routesOwnedBy } from '@toolkit/domain';
import { ScreenPlaceholder } from '@toolkit/ui';
import { DashboardLayout } from './DashboardLayout';

const BASE = ROUTE_BY_ID.dashboard.path;

function AcademyDetail() {
  const { slug = '' } = useParams();
  return <ScreenPlaceholder name="Academy detail" description={`Article ${slug}`} />;
}

export function App() {
  const children = routesOwnedBy('dashboard').filter(
    (route) => route.id !== 'dashboard' && route.id !== 'dashboardAcademyDetail',
  );
  return (
    <Routes>
      <Route path={BASE} element={<DashboardLayout />}>
        <Route index element={<ScreenPlaceholder name="Dashboard" />} />
        {children.map((route) => (
          <Route
            key={route.id}
            path={relativePath(route.path, BASE)}
            element={<ScreenPlaceholder name={route.screen} />}
          />
        ))}
        <Route
          path={relativePath(ROUTE_BY_ID.dashboardAcademyDetail.path, BASE)}
          element={<AcademyDetail />}
        />
      </Route>
    </Routes>
  );
}
