import { useEffect, useState } from 'react';
import {
  arrivedSurveyDefinition,
  loadSurveyDefinition,
  normaliseSurvey,
  type ContentClient,
  type RawSurvey,
  type SurveyDefinition,
} from '@toolkit/platform';

export type DefinitionState =
  | { kind: 'loading' }
  | { kind: 'ready'; survey: SurveyDefinition }
  | { kind: 'notFound' }
  | { kind: 'failed'; message: string; retry: () => void };

/** A survey of another tenant counts as not found. */
function stateOf(survey: RawSurvey | null, tenantId: string): DefinitionState {
  return survey && survey.tenantId === tenantId
    ? { kind: 'ready', survey: normaliseSurvey(survey) }
    : { kind: 'notFound' };
}

/** Loads the survey definition; a survey of another tenant counts as not found. */
export function useDefinition(content: ContentClient, tenantId: string, surveyId: string): DefinitionState {
  const [attempt, setAttempt] = useState(0);
  const key = `${tenantId}/${surveyId}#${attempt}`;
  // Usually in before the survey mounts (the shell asks for it as the page starts): the first
  // render then shows the screen rather than a loading state.
  const [state, setState] = useState<{ key: string; value: DefinitionState } | null>(() => {
    const arrived = arrivedSurveyDefinition(content, surveyId);
    return arrived === undefined ? null : { key, value: stateOf(arrived, tenantId) };
  });
  const current = state?.key === key;

  useEffect(() => {
    if (!surveyId.trim() || current) return;
    let cancelled = false;
    const settle = (value: DefinitionState) => !cancelled && setState({ key, value });
    loadSurveyDefinition(content, surveyId).then(
      (survey) => settle(stateOf(survey, tenantId)),
      // The content client's message is "Could not receive the data from …!".
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
  }, [content, key, tenantId, surveyId, current]);

  if (!surveyId.trim()) return { kind: 'notFound' };
  return current ? state.value : { kind: 'loading' };
}
