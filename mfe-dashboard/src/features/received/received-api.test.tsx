// Excluding one received result asks again only what shows it: its survey's pages, insights and
// comments, the result's own screen and the benchmark, not the organisation's own results or
// another survey's.
import { waitFor } from '@testing-library/react';
import { API, type ApiResponses, type ReceivedResult, type SurveyInsights } from '@toolkit/domain';
import { createFakeApi, renderDashboard } from '../../testing/fake-api';
import { dashboardApi } from '../../shared/api';
import { receivedApi } from './received-api';

const PAGE = { results: [], next: null, more: false, total: 0 };
/** An answer whose contents nothing here reads: only which reads are asked again matters. */
const unread = <T,>() => ({}) as T;

it('refreshes the excluded result, its survey and the benchmark, and nothing else', async () => {
  const api = createFakeApi({
    [API.listLatestResults]: () => ({ results: [] }),
    [API.listReceivedResults]: () => PAGE,
    [API.getReceivedResult]: () => unread<ReceivedResult>(),
    [API.getSurveyInsights]: () => unread<SurveyInsights>(),
    [API.getBenchmark]: () => unread<ApiResponses[typeof API.getBenchmark]>(),
    [API.setResultExcluded]: () => unread<ApiResponses[typeof API.setResultExcluded]>(),
  });
  const { store } = renderDashboard('/dashboard/ready-reckoner', api);
  const { receivedResults, receivedResult, surveyInsights, benchmark } = dashboardApi.endpoints;
  await Promise.all([
    store.dispatch(receivedResults.initiate({ surveyId: 'survey-a' })),
    store.dispatch(receivedResults.initiate({ surveyId: 'survey-b' })),
    store.dispatch(receivedResult.initiate({ surveyId: 'survey-a', resultId: 'result-1' })),
    store.dispatch(receivedResult.initiate({ surveyId: 'survey-a', resultId: 'result-2' })),
    store.dispatch(surveyInsights.initiate({ surveyId: 'survey-a' })),
    store.dispatch(surveyInsights.initiate({ surveyId: 'survey-b' })),
    store.dispatch(benchmark.initiate({ surveyId: 'survey-c' })),
  ]);
  await waitFor(() => expect(api.callsTo(API.listLatestResults)).toHaveLength(1));
  const before = (name: Parameters<typeof api.callsTo>[0]) => api.callsTo(name).length;
  const counts = {
    own: before(API.listLatestResults),
    pages: before(API.listReceivedResults),
    results: before(API.getReceivedResult),
    insights: before(API.getSurveyInsights),
    benchmark: before(API.getBenchmark),
  };

  await store.dispatch(
    receivedApi.endpoints.setResultExcluded.initiate({
      surveyId: 'survey-a',
      resultId: 'result-1',
      excluded: true,
      reason: 'A test entry from our own staff',
    }),
  );

  await waitFor(() => expect(api.callsTo(API.getBenchmark)).toHaveLength(counts.benchmark + 1));
  expect(api.callsTo(API.listReceivedResults).slice(counts.pages)).toEqual([{ surveyId: 'survey-a' }]);
  expect(api.callsTo(API.getReceivedResult).slice(counts.results)).toEqual([
    { surveyId: 'survey-a', resultId: 'result-1' },
  ]);
  expect(api.callsTo(API.getSurveyInsights).slice(counts.insights)).toEqual([{ surveyId: 'survey-a' }]);
  expect(api.callsTo(API.listLatestResults)).toHaveLength(counts.own);
});
