import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import styled from 'styled-components';
import { useProfileQuery } from '@toolkit/data';
import { navigationFor, opensFor, paths, type AuthClaims, type NavigationEntry } from '@toolkit/domain';
import { useAppSelector, useTenantKind } from '@toolkit/store-contract';
import { MutedText } from '@toolkit/ui';
import { BrandLogo, BrandProvider } from './shared/brand';

const Layout = styled.div`
  display: grid;
  gap: 1.5rem;
  /* Grid items would otherwise grow to their widest content (the section row, a score table). */
  & > * {
    min-width: 0;
  }
  @media (min-width: 48rem) {
    grid-template-columns: 14rem 1fr;
  }
`;

/* On a phone all the sections would fill the first screen in five rows: they scroll sideways in one. */
const SectionList = styled.ul`
  position: relative;
  list-style: none;
  /* Room for the focus ring, which the scrolling row would clip. */
  margin: -6px;
  padding: 6px;
  display: flex;
  gap: 0.25rem;
  overflow-x: auto;
  @media (min-width: 48rem) {
    flex-direction: column;
    overflow-x: visible;
  }
  li {
    flex: none;
  }
  a {
    display: flex;
    align-items: center;
    min-height: ${({ theme }) => theme.touchTarget};
    padding: 0 0.75rem;
    white-space: nowrap;
    border-radius: 0.5rem;
    color: inherit;
    text-decoration: none;
  }
  a[aria-current='page'] {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
`;

/* One line is kept for the name while the profile loads, so the sections and the page below do not
   move down when it arrives. */
const OrganisationName = styled(MutedText)`
  min-height: 1.5em;
  margin-bottom: 0.75rem;
`;

/** Whose dashboard this is, under its logo; it follows the live profile (tag Profile). */
function Organisation() {
  const { data, isLoading } = useProfileQuery();
  const name = data?.profile?.organization?.name;
  if (name) return <OrganisationName>{name}</OrganisationName>;
  return isLoading ? <OrganisationName aria-hidden="true" /> : null;
}

/**
 * The sections listed for the organisation's kind; until it is known, or when it cannot be (the
 * overview then says so), those every kind has.
 */
function useNavigation(claims: AuthClaims): NavigationEntry[] {
  const { kind } = useTenantKind();
  if (kind === 'pending' || kind === 'unknown')
    return navigationFor('business', claims).filter((entry) => opensFor(entry.route.id, 'publisher'));
  return navigationFor(kind, claims);
}

/** The dashboard's frame: the sections for what the organisation is, those the user's role opens. */
export function DashboardLayout() {
  const claims = useAppSelector((state) => state.auth.claims);
  const visible = useNavigation(claims);
  const { pathname } = useLocation();
  const listRef = useRef<HTMLUListElement>(null);
  // The current section sits in the middle of the row when the row scrolls; again once the
  // organisation's kind is known and its sections replace those every kind has.
  const listed = visible.map(({ route }) => route.id).join();
  useEffect(() => {
    const list = listRef.current;
    const current = list?.querySelector<HTMLElement>('a[aria-current="page"]');
    if (list && current && list.scrollWidth > list.clientWidth)
      list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
  }, [pathname, listed]);
  return (
    <BrandProvider>
      <Layout>
        <nav aria-label="Dashboard">
          <BrandLogo />
          <Organisation />
          <SectionList ref={listRef}>
            {visible.map(({ route, label }) => (
              <li key={route.id}>
                <NavLink to={route.path} end={route.path === paths.dashboard()}>
                  {label}
                </NavLink>
              </li>
            ))}
          </SectionList>
        </nav>
        {/* The shell's page already is the main landmark. */}
        <div>
          <Outlet />
        </div>
      </Layout>
    </BrandProvider>
  );
}
