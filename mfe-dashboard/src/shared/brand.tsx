// brandkit: the organisation's colour and logo over the dashboard while its plan includes them.
import type { ReactNode } from 'react';
import styled, { ThemeProvider, type DefaultTheme } from 'styled-components';
import type { Brand } from '@toolkit/domain';
import { defaultTheme, readableTextOn } from '@toolkit/ui';
import { useBrandQuery } from './api';

/** The brand as applied now: null without one, while it loads, or when the plan does not include brandkit. */
export function useBrand(): Brand | null {
  const { data } = useBrandQuery();
  return data?.applied ? data.brand : null;
}

const Logo = styled.img`
  display: block;
  max-height: 48px;
  max-width: 12rem;
  object-fit: contain;
`;

/** Themes everything below with the brand; a saved brand (tag Brand) shows at once. */
export function BrandProvider({ children }: { children: ReactNode }) {
  const brand = useBrand();
  // The shell's tenant theme is always above; the default theme stands in for a test without one.
  const themed = (outer: DefaultTheme | undefined = defaultTheme): DefaultTheme =>
    brand
      ? {
          ...outer,
          colors: {
            ...outer.colors,
            primary: brand.primaryColor,
            onPrimary: readableTextOn(brand.primaryColor),
          },
        }
      : outer;
  return <ThemeProvider theme={themed}>{children}</ThemeProvider>;
}

/** The organisation's logo, where the brand applies. */
export function BrandLogo() {
  const brand = useBrand();
  return brand?.logo ? <Logo src={brand.logo} alt="Your organisation's logo" /> : null;
}
