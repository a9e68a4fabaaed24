// The publisher's overview: each published survey's totals and this month's completions.
import { API, type ApiResponses } from '@toolkit/domain';
import { api, call } from '@toolkit/data';

export type SurveyTotals = ApiResponses[typeof API.getSurveyInsights];

/** The first day of `today`'s month and `today`, as UTC days. */
export function thisMonth(today: Date): { from: string; to: string } {
  const to = today.toISOString().slice(0, 10);
  return { from: `${to.slice(0, 8)}01`, to };
}

const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The survey's insights with its trend over this month, by month: one period, this month's completions. */
    surveyThisMonth: build.query<SurveyTotals, { surveyId: string; from: string; to: string }>({
      query: ({ surveyId, from, to }) =>
        call(API.getSurveyInsights, { surveyId, from, to, granularity: 'month' }),
      providesTags: ['Results'],
    }),
  }),
});

export const { useSurveyThisMonthQuery } = homeApi;
