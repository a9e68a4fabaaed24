import { createSlice } from '@reduxjs/toolkit';
import { SurveyStatus } from '@toolkit/domain';

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
