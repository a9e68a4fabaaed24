// The toolkit a portal page presents, from the CMS: its title, its publisher, the survey it offers
// to anyone, and (on its own portal) that survey's look.
import { useEffect, useState } from 'react';
import { paths } from '@toolkit/domain';
import { loadSurveyDefinition, type ContentClient } from '@toolkit/platform';
import type { TenantBranding } from '@toolkit/ui';
import { brandingOf } from '../survey-branding';

/** The toolkit of the plain portal (/, /signup, /invite) and of a sign-up link that names none. */
export const DEFAULT_TOOLKIT = 'quickscan';

/** What the portal shows of a toolkit; the publisher only it shows, so it asks for it itself. */
const PORTAL_TOOLKIT_QUERY = /* GraphQL */ `
  query PortalToolkit($name: ID!) {
    toolkit(name: $name) {
      title
      publisher
      assessment {
        id
        tenantId
      }
      publicSurvey {
        id
        tenantId
      }
    }
  }
`;

interface SurveyRef {
  id: string;
  tenantId: string;
}

interface PortalToolkitQuery {
  toolkit: {
    title: string;
    publisher?: string | null;
    assessment: SurveyRef;
    publicSurvey: SurveyRef | null;
  } | null;
}

export type PortalToolkit =
  | { status: 'loading' }
  | { status: 'ready'; title: string; publisher: string | null; survey: SurveyRef; surveyPath: string }
  | { status: 'missing' }
  | { status: 'failed' };

export function usePortalToolkit(content: ContentClient, name: string): PortalToolkit {
  const [state, setState] = useState<PortalToolkit>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    content.request<PortalToolkitQuery, { name: string }>(PORTAL_TOOLKIT_QUERY, { name }).then(
      ({ toolkit }) => {
        if (!current) return;
        if (!toolkit) return setState({ status: 'missing' });
        const survey = toolkit.publicSurvey ?? toolkit.assessment;
        setState({
          status: 'ready',
          title: toolkit.title,
          publisher: toolkit.publisher ?? null,
          survey: { id: survey.id, tenantId: survey.tenantId },
          surveyPath: paths.survey(survey.tenantId, survey.id),
        });
      },
      (error: unknown) => {
        console.warn(`The toolkit "${name}" could not be loaded.`, error);
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [content, name]);
  return state;
}

/**
 * A toolkit's own portal wears the look of the survey it offers (its publisher's colours and logo),
 * read from the definition that survey then opens with. It is the portal's alone, not the shell's
 * stored tenant look: that would outlive the page into the sign-up and the dashboard. Null until
 * known, or when there is none.
 */
export function useToolkitLook(
  content: ContentClient,
  survey: SurveyRef | null,
): { of: string; branding: TenantBranding; needsAccount: boolean } | null {
  const [look, setLook] = useState<{ of: string; branding: TenantBranding; needsAccount: boolean } | null>(
    null,
  );
  const surveyId = survey?.id;
  const tenantId = survey?.tenantId;
  useEffect(() => {
    if (!surveyId || !tenantId) return;
    let current = true;
    loadSurveyDefinition(content, surveyId).then(
      (definition) => {
        if (!current || !definition || definition.tenantId !== tenantId) return;
        setLook({
          of: surveyId,
          branding: brandingOf(definition),
          needsAccount: Boolean(definition.requireAccount),
        });
      },
      // The portal keeps the product's look; the survey itself says if it cannot load.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [content, surveyId, tenantId]);
  return look && look.of === surveyId ? look : null;
}
