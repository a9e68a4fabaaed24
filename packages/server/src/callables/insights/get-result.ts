// insights-getResult: one result a publisher's survey received, in full (the notification e-mail's
// Dashboard button opens it): every answer in words, the scores and bands, who answered and their
// organisation, and whether the publisher excluded it.
import { API, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { notFound } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { paths } from '../../repositories/paths';
import { loadPublishedSurvey } from './access';
import { receivedResult } from './received';

export const getReceivedResult = defineHandler(API.getReceivedResult, {
  async run({ surveyId, resultId }, { caller, deps }): Promise<ApiResponses[typeof API.getReceivedResult]> {
    const definition = await loadPublishedSurvey(deps, caller, surveyId);
    const { data } = await deps.store.get(paths.result(definition.tenantId, surveyId, resultId));
    if (!data) throw notFound(SERVER_ERRORS.receivedResultNotFound);
    return receivedResult(deps.store, definition, resultId, data);
  },
});
