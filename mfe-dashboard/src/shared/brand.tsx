// brandkit: the organisation's colour and logo over the dashboard while its plan includes them.
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import styled, { ThemeProvider, type DefaultTheme } from 'styled-components';
import { API, type ApiResponses, type Brand } from '@toolkit/domain';
import { callApi } from '@toolkit/platform';
import { defaultTheme, readableTextOn } from '@toolkit/ui';
import { useServices } from './services';
import { useResource, type Resource } from './use-resource';

export type BrandAnswer = ApiResponses[typeof API.getBrand];

const BrandContext = createContext<[Resource<BrandAnswer>, () => void] | null>(null);

/** The brand as applied now: null without one or when the plan does not include brandkit. */
export function appliedBrand(resource: Resource<BrandAnswer>): Brand | null {
  return resource.status === 'ready' && resource.data.applied ? resource.data.brand : null;
}

const Logo = styled.img`
  display: block;
  max-height: 48px;
  max-width: 12rem;
  object-fit: contain;
`;

/** Loads the brand once for the dashboard and themes everything below with it. */
export function BrandProvider({ children }: { children: ReactNode }) {
  const { callable } = useServices();
  const load = useCallback(() => callApi(callable, API.getBrand, null), [callable]);
  const value = useResource(load);
  const brand = appliedBrand(value[0]);
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
  return (
    <BrandContext.Provider value={value}>
      <ThemeProvider theme={themed}>{children}</ThemeProvider>
    </BrandContext.Provider>
  );
}

export function useBrand(): [Resource<BrandAnswer>, () => void] {
  const value = useContext(BrandContext);
  if (!value) throw new Error('useBrand needs the BrandProvider of the dashboard layout.');
  return value;
}

/** The organisation's logo, where the brand applies. */
export function BrandLogo() {
  const [resource] = useBrand();
  const brand = appliedBrand(resource);
  return brand?.logo ? <Logo src={brand.logo} alt="Your organisation's logo" /> : null;
}
