import { createContext, useContext } from 'react';
import type { Position, SurveyDefinition } from '@toolkit/platform';
import type { SurveyResult } from './result/use-result';

export interface SurveyContextValue {
  survey: SurveyDefinition;
  result: SurveyResult;
  /** Navigates within the survey, keeping the query string (invite and result ids); null is the start page. */
  goTo(position: Position | null): void;
}

export const SurveyContext = createContext<SurveyContextValue | null>(null);

export function useSurvey(): SurveyContextValue {
  const value = useContext(SurveyContext);
  if (!value) throw new Error('useSurvey must be used inside the survey layout.');
  return value;
}
