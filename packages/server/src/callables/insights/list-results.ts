// insights-listResults: the completed results a publisher's survey received, newest first.
import { API, type ApiResponses } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { defineHandler } from '../../api/handler';
import { listCompletedResults } from '../../repositories/results';
import { loadPublishedSurvey } from './access';
import { receivedRow } from './received';

const DEFAULT_LIMIT = 50;

export const listReceivedResults = defineHandler({
  name: API.listReceivedResults,
  access: 'member:viewInsights',
  input: REQUESTS[API.listReceivedResults],
  async run(
    { surveyId, limit = DEFAULT_LIMIT },
    { caller, deps },
  ): Promise<ApiResponses[typeof API.listReceivedResults]> {
    const definition = await loadPublishedSurvey(deps, caller, surveyId);
    // One more than asked tells whether there are more, without counting them all.
    const found = await listCompletedResults(deps.store, definition.tenantId, surveyId, limit + 1);
    return {
      results: found.slice(0, limit).map(({ resultId, result }) => receivedRow(definition, resultId, result)),
      more: found.length > limit,
    };
  },
});
