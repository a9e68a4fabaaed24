// A toolkit from the CMS as the shell presents it: its title, its publisher, the survey its portal
// offers (and whether that needs an account) and its brand, the look of that survey. One request
// per toolkit and page serves its portal, its sign-up and the screens of the organisations that
// signed up through it.
import { useEffect, useState } from 'react';
import { paths } from '@toolkit/domain';
import type { ContentClient } from '@toolkit/platform';
import type { TenantBranding } from '@toolkit/ui';
import { brandingOf, type SurveyStyling } from '../survey-branding';

/** The toolkit of the plain portal (/, /signup, /invite) and of a sign-up link that names none. */
export const DEFAULT_TOOLKIT = 'quickscan';

export const PORTAL_TOOLKIT_QUERY = /* GraphQL */ `
  query PortalToolkit($name: ID!) {
    toolkit(name: $name) {
      title
      publisher
      assessment {
        ...PortalSurvey
      }
      publicSurvey {
        ...PortalSurvey
      }
    }
  }

  fragment PortalSurvey on Survey {
    id
    tenantId
    requireAccount
    primaryColor
    secondaryColor
    tertiaryColor
    quaternaryColor
    globalFont
    textColor
    primaryLogo {
      ...PortalLogo
    }
    secondaryLogo {
      ...PortalLogo
    }
    mobileSecondaryLogo {
      ...PortalLogo
    }
  }

  fragment PortalLogo on Asset {
    url
    title
    width
    height
  }
`;

type PortalSurvey = SurveyStyling & { id: string; tenantId: string; requireAccount: boolean };

interface PortalToolkitQuery {
  toolkit: {
    title: string;
    publisher?: string | null;
    assessment: PortalSurvey;
    publicSurvey: PortalSurvey | null;
  } | null;
}

export interface Toolkit {
  name: string;
  title: string;
  publisher: string | null;
  /** The survey its portal offers: the public one, else the assessment. */
  survey: { id: string; tenantId: string; requireAccount: boolean };
  surveyPath: string;
  /** The look of that survey: the toolkit's portal, sign-up and member organisations wear it. */
  branding: TenantBranding;
}

/** Toolkits asked for, per content client and name, for the page's lifetime; a failure is forgotten. */
const loads = new WeakMap<ContentClient, Map<string, Promise<Toolkit | null>>>();

/** The toolkit with this name, or null when the CMS knows none; rejects when the CMS cannot be read. */
export function loadToolkit(content: ContentClient, name: string): Promise<Toolkit | null> {
  const byName = loads.get(content) ?? new Map<string, Promise<Toolkit | null>>();
  loads.set(content, byName);
  const known = byName.get(name);
  if (known) return known;
  const load = content
    .request<PortalToolkitQuery, { name: string }>(PORTAL_TOOLKIT_QUERY, { name })
    .then(({ toolkit }): Toolkit | null => {
      if (!toolkit) return null;
      const survey = toolkit.publicSurvey ?? toolkit.assessment;
      return {
        name,
        title: toolkit.title,
        publisher: toolkit.publisher ?? null,
        survey: { id: survey.id, tenantId: survey.tenantId, requireAccount: survey.requireAccount },
        surveyPath: paths.survey(survey.tenantId, survey.id),
        branding: brandingOf(survey),
      };
    });
  load.catch(() => {
    if (byName.get(name) === load) byName.delete(name);
  });
  byName.set(name, load);
  return load;
}

export type PortalToolkit =
  { status: 'loading' } | ({ status: 'ready' } & Toolkit) | { status: 'missing' } | { status: 'failed' };

export function usePortalToolkit(content: ContentClient, name: string): PortalToolkit {
  const [state, setState] = useState<{ name: string; toolkit: PortalToolkit } | null>(null);
  useEffect(() => {
    let current = true;
    loadToolkit(content, name).then(
      (toolkit) =>
        current &&
        setState({ name, toolkit: toolkit ? { status: 'ready', ...toolkit } : { status: 'missing' } }),
      (error: unknown) => {
        console.warn(`The toolkit "${name}" could not be loaded.`, error);
        if (current) setState({ name, toolkit: { status: 'failed' } });
      },
    );
    return () => {
      current = false;
    };
  }, [content, name]);
  return state?.name === name ? state.toolkit : { status: 'loading' };
}

/**
 * The toolkit a sign-in link was asked for on (`/flow/{toolkit}` puts it in the continue URL), or
 * null when it names none (the plain portal).
 */
export function linkedToolkit(href: string): string | null {
  const url = new URL(href);
  const direct = url.searchParams.get('toolkit');
  if (direct) return direct;
  const continueUrl = url.searchParams.get('continueUrl');
  const nested = continueUrl
    ? URL.canParse(continueUrl) && new URL(continueUrl).searchParams.get('toolkit')
    : null;
  return nested || null;
}
