import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { createGlobalStyle, ThemeProvider } from 'styled-components';
import { buildTheme, type AppTheme, type TenantBranding } from './theme';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after {
    box-sizing: border-box;
  }

  html {
    -webkit-text-size-adjust: 100%;
  }

  body {
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: 1rem;
    line-height: 1.5;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.background};
  }

  h1, h2, h3, h4, h5, h6 {
    font-family: ${({ theme }) => theme.fonts.heading};
    line-height: 1.25;
  }

  a {
    color: ${({ theme }) => theme.colors.link};
  }

  img {
    max-width: 100%;
  }

  /* Keyboard users always see where they are; mouse clicks do not leave a ring behind. */
  :focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }

  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;

export interface ThemeRootProps {
  /** Tenant branding to theme with; ignored when `theme` is given. */
  branding?: TenantBranding | null;
  /** A ready theme, e.g. the one the shell passes to a remote. */
  theme?: AppTheme;
  /** Remotes mounted inside the shell set this to false: the shell already renders the global style. */
  globalStyle?: boolean;
  children?: ReactNode;
}

export function ThemeRoot({ branding, theme, globalStyle = true, children }: ThemeRootProps) {
  const resolved = useMemo(() => theme ?? buildTheme(branding), [theme, branding]);
  return (
    <ThemeProvider theme={resolved}>
      {globalStyle && <GlobalStyle />}
      {children}
    </ThemeProvider>
  );
}
