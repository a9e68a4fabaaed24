import { createSlice } from '@reduxjs/toolkit';

/** SPEC.md §4: 1 in progress (the default), 2 completed. */
export const SurveyStatus = { InProgress: 1, Completed: 2 } as const;
export type SurveyStatus = (typeof SurveyStatus)[keyof typeof SurveyStatus];

export interface SurveyState {
  status: SurveyStatus;
}

export const initialSurveyState: SurveyState = { status: SurveyStatus.InProgress };

export const surveySlice = createSlice({
  name: 'survey',
  initialState: initialSurveyState,
  reducers: {
    surveyStarted(state) {
      state.status = SurveyStatus.InProgress;
    },
    surveyCompleted(state) {
      state.status = SurveyStatus.Completed;
    },
  },
  selectors: {
    selectSurveyStatus: (state) => state.status,
    selectIsSurveyCompleted: (state) => state.status === SurveyStatus.Completed,
  },
});

export const { surveyStarted, surveyCompleted } = surveySlice.actions;
export const { selectSurveyStatus, selectIsSurveyCompleted } = surveySlice.selectors;
