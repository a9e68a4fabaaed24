import { useMemo } from 'react';
import { useAppSelector } from '@toolkit/store-contract';
import { buildTheme, ThemeRoot } from '@toolkit/ui';

/** The styled-components theme from the current tenant's branding, with the accessible default otherwise. */
export function TenantTheme({ children }: { children: React.ReactNode }) {
  const branding = useAppSelector((state) => state.tenant.branding);
  const theme = useMemo(() => buildTheme(branding), [branding]);
  return <ThemeRoot theme={theme}>{children}</ThemeRoot>;
}
