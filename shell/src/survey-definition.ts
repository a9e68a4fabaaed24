import { useEffect, useState } from 'react';
import type { ContentClient } from '@toolkit/platform';
import type { GuardSurvey } from '@toolkit/domain';

const SURVEY_ACCESS_QUERY = /* GraphQL */ `
  query SurveyAccess($id: ID!) {
    survey(id: $id) {
      id
      tenantId
      requireAccount
    }
  }
`;

interface SurveyAccess {
  survey: { id: string; tenantId: string; requireAccount: boolean | null } | null;
}

/**
 * What guard rule 4 needs to know about a survey. A survey of another tenant counts as not found,
 * so a link cannot borrow one tenant's survey under another tenant's id.
 */
export interface SurveyAccessState {
  survey: GuardSurvey | undefined;
  /** The content service could not be reached: shown with a retry, not treated as "not found". */
  failed: boolean;
  retry: () => void;
}

export function useSurveyAccess(
  content: ContentClient,
  tenantId?: string,
  surveyId?: string,
): SurveyAccessState {
  const [state, setState] = useState<{ key: string; survey: GuardSurvey | null } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = tenantId && surveyId ? `${tenantId}/${surveyId}#${attempt}` : null;
  const retry = () => setAttempt((n) => n + 1);

  useEffect(() => {
    if (!key || !tenantId || !surveyId) return;
    let cancelled = false;
    content
      .request<SurveyAccess, { id: string }>(SURVEY_ACCESS_QUERY, { id: surveyId })
      .then(({ survey }) => {
        const found = survey && survey.tenantId === tenantId;
        return found
          ? { state: 'found' as const, requireAccount: Boolean(survey.requireAccount) }
          : { state: 'notFound' as const };
      })
      .catch(() => null)
      .then((survey) => !cancelled && setState({ key, survey }));
    return () => {
      cancelled = true;
    };
  }, [content, key, tenantId, surveyId]);

  if (!key) return { survey: undefined, failed: false, retry };
  if (state?.key !== key) return { survey: { state: 'loading' }, failed: false, retry };
  return state.survey
    ? { survey: state.survey, failed: false, retry }
    : { survey: { state: 'loading' }, failed: true, retry };
}
