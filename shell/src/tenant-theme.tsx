// The page's brand, decided in one place from what the page is and from server data, never from
// what an earlier page left in this browser: a survey wears its own look, a toolkit's portal and
// sign-up wear the toolkit's, an organisation's screens the toolkit it signed up through, and
// everything else the product's own. The brand last read for that same toolkit or organisation is
// kept on the device and worn from the first paint until the server's answer replaces it, so the
// page does not reflow (another font, a logo) under the reader when the answer arrives.
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { API, matchRoute } from '@toolkit/domain';
import { callApi } from '@toolkit/platform';
import { signedInTenantId, useAppSelector } from '@toolkit/store-contract';
import { buildTheme, ThemeRoot, type TenantBranding } from '@toolkit/ui';
import { linkedToolkit, loadToolkit } from './screens/portal-toolkit';
import type { ShellServices } from './services';

export type BrandSource =
  | { of: 'survey'; tenantId: string }
  | { of: 'toolkit'; name: string }
  | { of: 'organisation'; tenantId: string }
  | { of: 'product' };

/** Whose brand the page at `href` wears; `memberTenantId`: the signed-in member's organisation. */
export function brandSourceOf(href: string, memberTenantId: string | null): BrandSource {
  const match = matchRoute(new URL(href).pathname);
  const { tenantId, toolkitName } = match?.params ?? {};
  if (match?.route.meta.surveyDefinition && tenantId) return { of: 'survey', tenantId };
  if (match?.route.id === 'toolkitPortal' && toolkitName) return { of: 'toolkit', name: toolkitName };
  if (match?.route.id === 'completeSignup') {
    const name = linkedToolkit(href);
    return name ? { of: 'toolkit', name } : { of: 'product' };
  }
  return memberTenantId ? { of: 'organisation', tenantId: memberTenantId } : { of: 'product' };
}

/** The toolkit's brand; none for a toolkit the CMS does not know. */
async function toolkitBrand(services: ShellServices, name: string): Promise<TenantBranding | null> {
  return (await loadToolkit(services.content, name))?.branding ?? null;
}

/** The brand of the toolkit the organisation signed up through, as the server has it; none without one. */
async function organisationBrand(services: ShellServices): Promise<TenantBranding | null> {
  const { tenant } = await callApi(services.callable, API.getProfile, null);
  return tenant?.toolkit ? toolkitBrand(services, tenant.toolkit) : null;
}

/** Where the brand last read for a source is kept on this device. */
const KEPT = 'toolkit:brand:';

/**
 * The brand kept for `key`, or undefined when none is (or storage is unavailable). Any object will
 * do: buildTheme reads each field defensively, as it does the CMS's.
 */
function keptBrand(key: string): TenantBranding | null | undefined {
  try {
    const stored = window.localStorage.getItem(KEPT + key);
    if (stored === null) return undefined;
    const value: unknown = JSON.parse(stored);
    if (value === null) return null;
    return typeof value === 'object' && !Array.isArray(value) ? (value as TenantBranding) : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the brand just read for `key`, for the next visit's first paint; a full storage keeps none. */
function keepBrand(key: string, branding: TenantBranding | null) {
  try {
    window.localStorage.setItem(KEPT + key, JSON.stringify(branding));
  } catch {
    // Without storage the next visit paints the product's look until its brand is read.
  }
}

const keyOf = (source: BrandSource) =>
  source.of === 'toolkit'
    ? `toolkit:${source.name}`
    : source.of === 'organisation'
      ? `organisation:${source.tenantId}`
      : null;

/**
 * The theme of the page at the current address; the accessible default while a brand is on its
 * way, or when it cannot be read.
 */
export function TenantTheme({ services, children }: { services: ShellServices; children: React.ReactNode }) {
  const location = useLocation();
  const memberTenantId = useAppSelector((state) => signedInTenantId(state.auth));
  const tenant = useAppSelector((state) => state.tenant);
  const source = brandSourceOf(
    `${window.location.origin}${location.pathname}${location.search}`,
    memberTenantId,
  );
  const key = keyOf(source);
  const toolkitName = source.of === 'toolkit' ? source.name : null;
  // Brands read this visit, by source. A failure is not kept, so the next arrival asks again.
  const [known, setKnown] = useState<ReadonlyMap<string, TenantBranding | null>>(new Map());
  // Until this visit's read is in, the one kept from the last (read once per source).
  const kept = useMemo(() => (key ? keptBrand(key) : undefined), [key]);

  useEffect(() => {
    if (!key || known.has(key)) return;
    let current = true;
    (toolkitName ? toolkitBrand(services, toolkitName) : organisationBrand(services)).then(
      (branding) => {
        keepBrand(key, branding);
        if (current) setKnown((now) => new Map(now).set(key, branding));
      },
      (error: unknown) =>
        console.warn('The brand of this page could not be read; it shows the product’s own.', error),
    );
    return () => {
      current = false;
    };
  }, [key, known, services, toolkitName]);

  // A survey's look is the store's, applied as its definition arrives (survey-definition.ts), and
  // only while it is that survey's tenant: the one kept from an earlier survey is not this page's.
  const branding =
    source.of === 'survey'
      ? tenant.tenantId === source.tenantId
        ? tenant.branding
        : null
      : key
        ? known.has(key)
          ? (known.get(key) ?? null)
          : (kept ?? null)
        : null;
  const theme = useMemo(() => buildTheme(branding), [branding]);
  return <ThemeRoot theme={theme}>{children}</ThemeRoot>;
}
