import { useEffect, useState } from 'react';
import {
  arrivedSurveyDefinition,
  loadSurveyDefinition,
  type ContentClient,
  type RawSurvey,
} from '@toolkit/platform';
import { matchRoute, type GuardSurvey } from '@toolkit/domain';
import { tenantResolved, useAppDispatch } from '@toolkit/store-contract';
import type { TenantBranding } from '@toolkit/ui';
import { brandingOf } from './survey-branding';

export interface SurveyAccessState {
  survey: GuardSurvey | undefined;
  /** The content service could not be reached: shown with a retry, not treated as "not found". */
  failed: boolean;
  retry: () => void;
}

/** Guard rule 4's view of a survey and its branding; a survey of another tenant counts as not found. */
function accessOf(survey: RawSurvey | null, tenantId: string) {
  if (!survey || survey.tenantId !== tenantId)
    return { guard: { state: 'notFound' as const }, branding: null };
  return {
    guard: { state: 'found' as const, requireAccount: Boolean(survey.requireAccount) },
    branding: brandingOf(survey),
  };
}

/**
 * The tenant and branding of the survey at this address, when its definition has already arrived
 * (the shell asks for it as the page starts), so the first render has the tenant's look.
 */
export function arrivedSurveyBranding(
  content: ContentClient,
  pathname: string,
): { tenantId: string; branding: TenantBranding } | null {
  const match = matchRoute(pathname);
  const { tenantId, surveyId } = match?.route.meta.surveyDefinition ? match.params : {};
  if (!tenantId || !surveyId) return null;
  const arrived = arrivedSurveyDefinition(content, surveyId);
  const { branding } = accessOf(arrived ?? null, tenantId);
  return branding ? { tenantId, branding } : null;
}

/**
 * What guard rule 4 needs to know about a survey, and the survey's tenant theme, which the shell
 * applies as soon as the definition arrives. A survey of another tenant counts as not found, so a
 * link cannot borrow one tenant's survey (or its look) under another tenant's id.
 */
export function useSurveyAccess(
  content: ContentClient,
  tenantId?: string,
  surveyId?: string,
): SurveyAccessState {
  const [attempt, setAttempt] = useState(0);
  const key = tenantId && surveyId ? `${tenantId}/${surveyId}#${attempt}` : null;
  // A definition already in decides at once (the page then renders without a waiting state).
  const [state, setState] = useState<{ key: string; survey: GuardSurvey | null } | null>(() => {
    const arrived = key && surveyId ? arrivedSurveyDefinition(content, surveyId) : undefined;
    return key && tenantId && arrived !== undefined
      ? { key, survey: accessOf(arrived, tenantId).guard }
      : null;
  });
  const retry = () => setAttempt((n) => n + 1);
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (!key || !tenantId || !surveyId) return;
    let cancelled = false;
    // The whole definition, which the survey remote takes from the same request.
    loadSurveyDefinition(content, surveyId)
      .then((survey) => {
        const access = accessOf(survey, tenantId);
        // Usually applied already by bootstrap, which leaves the store unchanged.
        if (!cancelled && access.branding) dispatch(tenantResolved({ tenantId, branding: access.branding }));
        return access.guard;
      })
      .catch(() => null)
      .then(
        (survey) =>
          !cancelled && setState((previous) => (previous?.key === key ? previous : { key, survey })),
      );
    return () => {
      cancelled = true;
    };
  }, [content, dispatch, key, tenantId, surveyId]);

  if (!key) return { survey: undefined, failed: false, retry };
  if (state?.key !== key) return { survey: { state: 'loading' }, failed: false, retry };
  return state.survey
    ? { survey: state.survey, failed: false, retry }
    : { survey: { state: 'loading' }, failed: true, retry };
}
