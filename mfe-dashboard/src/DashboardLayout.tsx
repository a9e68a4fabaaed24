import { NavLink, Outlet } from 'react-router';
import styled from 'styled-components';
import { hasAccess, paths, ROUTE_BY_ID, type RouteDefinition } from '@toolkit/domain';
import { useAppSelector } from '@toolkit/store-contract';

const SECTIONS: RouteDefinition[] = [
  ROUTE_BY_ID.dashboard,
  ROUTE_BY_ID.dashboardAssessments,
  ROUTE_BY_ID.dashboardResults,
  ROUTE_BY_ID.dashboardInsights,
  ROUTE_BY_ID.dashboardActions,
  ROUTE_BY_ID.dashboardAcademy,
  ROUTE_BY_ID.dashboardReports,
  ROUTE_BY_ID.dashboardDeclaration,
  ROUTE_BY_ID.dashboardExpert,
  ROUTE_BY_ID.dashboardUsers,
  ROUTE_BY_ID.dashboardManage,
  ROUTE_BY_ID.plans,
  ROUTE_BY_ID.dashboardProfile,
];

const Layout = styled.div`
  display: grid;
  gap: 1.5rem;
  @media (min-width: 48rem) {
    grid-template-columns: 14rem 1fr;
  }
`;

const SectionList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem;
  @media (min-width: 48rem) {
    flex-direction: column;
  }
  a {
    display: block;
    padding: 0.6rem 0.75rem;
    border-radius: 0.5rem;
    color: inherit;
    text-decoration: none;
  }
  a[aria-current='page'] {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
`;

/** The dashboard's frame: its sections, showing only those the user's role opens. */
export function DashboardLayout() {
  const claims = useAppSelector((state) => state.auth.claims);
  const visible = SECTIONS.filter((route) => !route.meta.requires || hasAccess(claims, route.meta.requires));
  return (
    <Layout>
      <nav aria-label="Dashboard">
        <SectionList>
          {visible.map((route) => (
            <li key={route.id}>
              <NavLink to={route.path} end={route.path === paths.dashboard()}>
                {route.screen}
              </NavLink>
            </li>
          ))}
        </SectionList>
      </nav>
      <main>
        <Outlet />
      </main>
    </Layout>
  );
}
