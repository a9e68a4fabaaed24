import { Link, NavLink } from 'react-router';
import styled, { useTheme } from 'styled-components';
import { hasAccess, paths } from '@toolkit/domain';
import { useAppSelector, useTenantKind } from '@toolkit/store-contract';
import { Button, Logo } from '@toolkit/ui';
import type { ShellServices } from './services';

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem 1.5rem;
  padding: 0.75rem 1rem;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Brand = styled(Link)`
  display: flex;
  align-items: center;
  min-height: ${({ theme }) => theme.touchTarget};
  gap: 0.5rem;
  font-weight: 700;
  color: inherit;
  text-decoration: none;
  /* On a phone a publisher's logo is a row of the touch target's height, so a signed-in header
     with its navigation stays two rows high. */
  @media (max-width: calc(${({ theme }) => theme.breakpoints.mobile} - 0.02px)) {
    img {
      max-height: ${({ theme }) => theme.touchTarget};
    }
  }
`;

/** The publisher's second logo, kept lower than the first. */
const SecondaryLogo = styled(Logo)`
  max-height: 40px;
`;

/** A mobile variant without a full logo shows on phones alone. */
const MobileOnlyLogo = styled(SecondaryLogo)`
  @media (min-width: ${({ theme }) => theme.breakpoints.mobile}) {
    display: none;
  }
`;

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 1rem;
  margin-left: auto;
  align-items: center;
  a {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-height: ${({ theme }) => theme.touchTarget};
    min-width: ${({ theme }) => theme.touchTarget};
    color: ${({ theme }) => theme.colors.link};
  }
  a[aria-current='page'] {
    font-weight: 700;
  }
  /* Links and Sign out in one row on a 360 px phone. */
  @media (max-width: calc(${({ theme }) => theme.breakpoints.mobile} - 0.02px)) {
    column-gap: 0.25rem;
    button {
      padding-inline: ${({ theme }) => theme.space[3]}px;
    }
  }
`;

/**
 * Who is signed in. A long address wraps instead of pushing the header wider; on a phone it is
 * left to the profile page, so the header stays two rows high.
 */
const Account = styled.span`
  min-width: 0;
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.mutedText};
  @media (max-width: calc(${({ theme }) => theme.breakpoints.mobile} - 0.02px)) {
    display: none;
  }
`;

const Main = styled.main`
  max-width: 72rem;
  margin: 0 auto;
  padding: 1.5rem 1rem 3rem;
`;

/** The frame around every page: brand, the signed-in user's main places, and sign-out. */
export function ShellLayout({ services, children }: { services: ShellServices; children: React.ReactNode }) {
  const auth = useAppSelector((state) => state.auth);
  const { logos, breakpoints } = useTheme();
  const logo = logos.primary;
  const signedIn = auth.status === 'signedIn';
  // Until the catalogue tells (or when it cannot), no kind's own link is offered.
  const { kind } = useTenantKind();
  return (
    <>
      <Header>
        <Brand to={signedIn ? paths.dashboard() : paths.portal()}>
          {/* A tenant's own logo replaces the product name: respondents know the survey by its publisher. */}
          {logo ? <Logo logo={logo} /> : <span>Sustainability Toolkit</span>}
        </Brand>
        {logos.secondary ? (
          // The mobile variant on phones, the full logo from the mobile breakpoint up: one image,
          // so a phone downloads only its own variant.
          <SecondaryLogo
            logo={logos.mobileSecondary ?? logos.secondary}
            alt={logos.secondary.title}
            variant={
              logos.mobileSecondary
                ? { logo: logos.secondary, media: `(min-width: ${breakpoints.mobile})` }
                : undefined
            }
          />
        ) : (
          <MobileOnlyLogo logo={logos.mobileSecondary} />
        )}
        {signedIn && (
          <Nav aria-label="Main">
            <NavLink to={paths.dashboard()} end>
              Dashboard
            </NavLink>
            {/* The five-stage journey is a business's; a publisher works with what its toolkits received. */}
            {kind === 'business' && <NavLink to={paths.journeyStep(1)}>Journey</NavLink>}
            {hasAccess(auth.claims, 'billing') && <NavLink to={paths.plans()}>Plans</NavLink>}
            <Account>{auth.user?.email}</Account>
            <Button variant="secondary" onClick={() => void services.auth.signOut()}>
              Sign out
            </Button>
          </Nav>
        )}
      </Header>
      <Main id="content">{children}</Main>
    </>
  );
}
