import type { ResultScore, ResultSummary } from '@toolkit/domain';

export const SCORE: ResultScore = {
  overall: { points: 62.5, max: 100, percent: 62.5 },
  sections: [
    { sectionIndex: 1, title: 'Energy and emissions', points: 7.5, max: 10, percent: 75, weight: 1 },
    { sectionIndex: 0, title: 'Your business', points: 0, max: 0, percent: 0, weight: 0 },
    { sectionIndex: 2, title: 'Waste and materials', points: 5, max: 10, percent: 50, weight: 1 },
  ],
  band: {
    label: 'Making progress',
    description: 'Good foundations are in place. Set targets and make sustainability part of how you plan.',
  },
};

export function result(overrides: Partial<ResultSummary>): ResultSummary {
  return {
    resultId: 'r-1',
    surveyId: 'business-quickscan',
    userResultId: 'ur-1',
    startedAt: '2025-03-01T09:00:00.000Z',
    updatedAt: '2025-03-01T09:30:00.000Z',
    completedAt: null,
    isCompleted: false,
    score: null,
    actionPlans: [],
    verification: null,
    ...overrides,
  };
}
