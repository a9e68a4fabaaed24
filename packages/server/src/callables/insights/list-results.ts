// insights-listResults: the publisher's results workbench, one page at a time (docs/behaviour.md,
// Results workbench): filtered, sorted and searched on each result's `listing`, with the count of
// everything the filter matches, so no request reads more than a page.
import { API, WORKBENCH_PAGE_DEFAULT, type ApiResponses } from '@toolkit/domain';
import { ApiError } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { listWorkbenchPage, toStoredResult } from '../../repositories/results';
import { respondentContacts } from '../survey/respondent';
import { loadPublishedSurvey } from './access';
import { exclusionOf, receivedRow } from './received';

export const listReceivedResults = defineHandler(API.listReceivedResults, {
  async run(request, { caller, deps }): Promise<ApiResponses[typeof API.listReceivedResults]> {
    const definition = await loadPublishedSurvey(deps, caller, request.surveyId);
    if (request.from && request.to && request.from > request.to) {
      throw new ApiError(
        'invalid-argument',
        `The range starts (${request.from}) after it ends (${request.to}).`,
      );
    }
    const { page, more, total } = await listWorkbenchPage(deps.store, definition.tenantId, {
      ...request,
      limit: request.limit ?? WORKBENCH_PAGE_DEFAULT,
    });
    const results = page.map((snapshot) => toStoredResult(snapshot.data!));
    // A signed-in respondent without a prefilled name is named by their account: the page's read together.
    const contacts = await respondentContacts(deps.store, results);
    return {
      results: page.map((snapshot, index) =>
        receivedRow(definition, snapshot.id, results[index]!, exclusionOf(snapshot.data), contacts[index]!),
      ),
      next: more ? (page.at(-1)?.id ?? null) : null,
      more,
      total,
    };
  },
});
