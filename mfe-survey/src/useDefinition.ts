import { useEffect, useState } from 'react';
import { loadSurveyDefinition, type ContentClient } from '@toolkit/platform';
import { normaliseSurvey, type SurveyDefinition } from './definition';

export type DefinitionState =
  | { kind: 'loading' }
  | { kind: 'ready'; survey: SurveyDefinition }
  | { kind: 'notFound' }
  | { kind: 'failed'; message: string; retry: () => void };

/** Loads the survey definition; a survey of another tenant counts as not found. */
export function useDefinition(content: ContentClient, tenantId: string, surveyId: string): DefinitionState {
  const [attempt, setAttempt] = useState(0);
  const key = `${tenantId}/${surveyId}#${attempt}`;
  const [state, setState] = useState<{ key: string; value: DefinitionState } | null>(null);

  useEffect(() => {
    if (!surveyId.trim()) return;
    let cancelled = false;
    const settle = (value: DefinitionState) => !cancelled && setState({ key, value });
    // Usually already on its way: the shell asks for it as the page starts.
    loadSurveyDefinition(content, surveyId).then(
      (survey) =>
        settle(
          survey && survey.tenantId === tenantId
            ? { kind: 'ready', survey: normaliseSurvey(survey) }
            : { kind: 'notFound' },
        ),
      // The content client's message is SPEC §8's "Could not receive the data from …!".
      (error: unknown) =>
        settle({
          kind: 'failed',
          message: error instanceof Error ? error.message : String(error),
          retry: () => setAttempt((n) => n + 1),
        }),
    );
    return () => {
      cancelled = true;
    };
  }, [content, key, tenantId, surveyId]);

  if (!surveyId.trim()) return { kind: 'notFound' };
  return state?.key === key ? state.value : { kind: 'loading' };
}
