// The toolkit a portal page presents, from the CMS: its title and the survey it offers to anyone.
import { useEffect, useState } from 'react';
import { paths, TOOLKIT_QUERY, type ToolkitQuery } from '@toolkit/domain';
import type { ContentClient } from '@toolkit/platform';

/** The toolkit of the plain portal (/, /signup, /invite) and of a sign-up link that names none. */
export const DEFAULT_TOOLKIT = 'quickscan';

export type PortalToolkit =
  | { status: 'loading' }
  | { status: 'ready'; title: string; surveyPath: string }
  | { status: 'missing' }
  | { status: 'failed' };

export function usePortalToolkit(content: ContentClient, name: string): PortalToolkit {
  const [state, setState] = useState<PortalToolkit>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    content.request<ToolkitQuery, { name: string }>(TOOLKIT_QUERY, { name }).then(
      ({ toolkit }) => {
        if (!current) return;
        if (!toolkit) return setState({ status: 'missing' });
        const survey = toolkit.publicSurvey ?? toolkit.assessment;
        setState({
          status: 'ready',
          title: toolkit.title,
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
